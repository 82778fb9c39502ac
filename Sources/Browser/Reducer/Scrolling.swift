import LayoutEngine

/// Scroll positions of the card area of a state, with the layout its caches hold and the
/// frame geometry they computed.
package enum Scrolling {
  /// The largest scroll offset: the content's end at the bottom of the card area. Lays
  /// the content out to its end.
  package static func maximumOffset(
    _ state: BrowserState, _ caches: BrowserCaches, geometry: FrameGeometry
  ) -> Int {
    caches.prepare(through: .max, for: state)
    return Swift.max(0, caches.layout(for: state).contentSize.height - geometry.cardArea.height)
  }

  /// `offset` clamped to the content, laying out only as far as needed to know that it
  /// is not past the end (a long feed is not laid out to its end for a step down).
  package static func clampedLazily(
    _ offset: Int, _ state: BrowserState, _ caches: BrowserCaches, geometry: FrameGeometry
  ) -> Int {
    let height = geometry.cardArea.height
    let target = Swift.max(0, offset)
    caches.prepare(through: target > Int.max - height ? .max : target + height, for: state)
    let layout = caches.layout(for: state)
    guard layout.isFullyPrepared else { return target }
    return Swift.max(0, Swift.min(target, layout.contentSize.height - height))
  }

  /// `offset` clamped to the content.
  package static func clamped(
    _ offset: Int, _ state: BrowserState, _ caches: BrowserCaches, geometry: FrameGeometry
  ) -> Int {
    Swift.max(0, Swift.min(offset, maximumOffset(state, caches, geometry: geometry)))
  }

  /// The smallest change of `offset` that shows all of shown card `index`; a card taller
  /// than the card area shows its top (and stays put when its top already shows).
  package static func offset(
    revealing index: Int, from offset: Int, _ state: BrowserState, _ caches: BrowserCaches,
    geometry: FrameGeometry
  ) -> Int {
    guard let frame = caches.frame(ofShown: index, in: state) else { return offset }
    let height = geometry.cardArea.height
    if frame.height > height {
      return frame.minY >= offset && frame.minY < offset + height ? offset : frame.minY
    }
    if frame.minY < offset { return frame.minY }
    if frame.maxY > offset + height { return frame.maxY - height }
    return offset
  }

  /// The offset that puts `frame` (content coordinates) with its top at screen row `row`,
  /// as near as the screen allows: a card that would start below the card area comes in
  /// (whole when it fits), a card that starts above keeps at least its last row on
  /// screen, and the offset stays within the content.
  package static func offset(
    placing frame: Rect, atRow row: Int, _ state: BrowserState, _ caches: BrowserCaches,
    geometry: FrameGeometry
  ) -> Int {
    let top = geometry.cardArea.minY
    let bottom = geometry.cardArea.maxY
    var row = row
    if row >= bottom { row = Swift.max(top, bottom - frame.height) }
    if row < top { row = Swift.max(row, top - Swift.max(1, frame.height) + 1) }
    return clampedLazily(frame.minY - (row - top), state, caches, geometry: geometry)
  }
}
