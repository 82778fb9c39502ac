import LayoutEngine
import TerminalScreen
import Widgets

/// Draws a frame: the scene's layers into a screen of the browser's size, placed at the
/// terminal's left, then the layers of the whole frame (a viewport's margin and ruler).
/// A pure function of the scene: it reads, writes nothing else, and measures nothing.
package enum FrameComposer {
  /// The frame of `scene`, as large as the terminal.
  ///
  /// - Complexity: O(cells drawn): the scene holds only what is on screen.
  package static func compose(_ scene: BrowserScene) -> Screen {
    var browser = Screen(width: scene.browserSize.width, height: scene.browserSize.height)
    for layer in scene.layers {
      layer.widget.draw(in: layer.area, clip: layer.clip, into: &browser)
    }
    browser.cursor = scene.cursor
    guard scene.browserSize != scene.terminalSize || !scene.frameLayers.isEmpty else {
      return browser
    }
    var screen = Screen(width: scene.terminalSize.width, height: scene.terminalSize.height)
    screen.place(browser, at: Point(x: 0, y: 0))
    screen.cursor = scene.cursor
    for layer in scene.frameLayers {
      layer.widget.draw(in: layer.area, clip: layer.clip, into: &screen)
    }
    return screen
  }

  /// The frame of `state`, from the scene its caches make.
  package static func compose(_ state: BrowserState, caches: BrowserCaches) -> Screen {
    compose(BrowserScene(state, caches: caches))
  }
}
