import LayoutEngine

/// Scroll positions of the card area.
package enum Scrolling {
  /// The regions of a frame of `state`.
  package static func regions(_ state: BrowserState, content: BrowserContent) -> ScreenRegions {
    ScreenRegions(
      size: state.size, tagStripHeight: FrameComposer.tagStrip(state, content: content).height)
  }

  /// Makes `content`'s layout match `state` and places what the screen shows.
  package static func update(_ content: inout BrowserContent, for state: BrowserState) {
    let regions = regions(state, content: content)
    content.update(
      options: state.layout, size: regions.content.size, filter: state.filter,
      through: state.scrollOffset + regions.content.height)
  }

  /// The largest scroll offset: the content's end at the bottom of the card area. Lays
  /// the content out to its end.
  package static func maximumOffset(_ state: BrowserState, content: inout BrowserContent) -> Int {
    update(&content, for: state)
    content.prepare(through: .max)
    return Swift.max(
      0, content.layout.contentSize.height - regions(state, content: content).content.height)
  }

  /// `offset` clamped to the content, laying out only as far as needed to know that it
  /// is not past the end (a long feed is not laid out to its end for a step down).
  package static func clampedLazily(
    _ offset: Int, _ state: BrowserState, content: inout BrowserContent
  ) -> Int {
    update(&content, for: state)
    let height = regions(state, content: content).content.height
    let target = Swift.max(0, offset)
    content.prepare(through: target + height)
    guard content.layout.isFullyPrepared else { return target }
    return Swift.max(0, Swift.min(target, content.layout.contentSize.height - height))
  }

  /// `offset` clamped to the content.
  package static func clamped(_ offset: Int, _ state: BrowserState, content: inout BrowserContent)
    -> Int
  {
    Swift.max(0, Swift.min(offset, maximumOffset(state, content: &content)))
  }

  /// The smallest change of `state.scrollOffset` that shows all of shown card `index`
  /// (its top when it is taller than the card area).
  package static func offset(
    revealing index: Int, _ state: BrowserState, content: inout BrowserContent
  ) -> Int {
    update(&content, for: state)
    guard let frame = content.frame(ofShown: index) else { return state.scrollOffset }
    let height = regions(state, content: content).content.height
    if frame.minY < state.scrollOffset || frame.height > height { return frame.minY }
    if frame.maxY > state.scrollOffset + height { return frame.maxY - height }
    return state.scrollOffset
  }
}
