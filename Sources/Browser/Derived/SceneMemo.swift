/// The scene of the last state asked for, kept: the app asks for it several times a frame
/// (to draw it, to know whether its pictures are in, when to wake next). It lives beside
/// the caches, not in them, so the caches know nothing of scenes and the scene alone
/// reads the caches.
package final class SceneMemo {
  private var last: (state: BrowserState, scene: BrowserScene)?

  package init() {}

  /// The scene of `state`, made from `caches` unless it is the last one's.
  package func scene(for state: BrowserState, caches: BrowserCaches) -> BrowserScene {
    if let last, last.state == state { return last.scene }
    let scene = BrowserScene(state, caches: caches)
    last = (state, scene)
    return scene
  }
}
