import LayoutEngine

/// Scroll positions of the card area, for a content synced with the state (see
/// `BrowserContent.sync(with:)`) and the frame geometry that sync returned.
package enum Scrolling {
  /// The largest scroll offset: the content's end at the bottom of the card area. Lays
  /// the content out to its end.
  package static func maximumOffset(_ content: inout BrowserContent, geometry: FrameGeometry)
    -> Int
  {
    content.prepare(through: .max)
    return Swift.max(0, content.layout.contentSize.height - geometry.cardArea.height)
  }

  /// `offset` clamped to the content, laying out only as far as needed to know that it
  /// is not past the end (a long feed is not laid out to its end for a step down).
  package static func clampedLazily(
    _ offset: Int, _ content: inout BrowserContent, geometry: FrameGeometry
  ) -> Int {
    let height = geometry.cardArea.height
    let target = Swift.max(0, offset)
    content.prepare(through: target > Int.max - height ? .max : target + height)
    guard content.layout.isFullyPrepared else { return target }
    return Swift.max(0, Swift.min(target, content.layout.contentSize.height - height))
  }

  /// `offset` clamped to the content.
  package static func clamped(
    _ offset: Int, _ content: inout BrowserContent, geometry: FrameGeometry
  )
    -> Int
  {
    Swift.max(0, Swift.min(offset, maximumOffset(&content, geometry: geometry)))
  }

  /// The smallest change of `offset` that shows all of shown card `index`; a card taller
  /// than the card area shows its top (and stays put when its top already shows).
  package static func offset(
    revealing index: Int, from offset: Int, _ content: inout BrowserContent,
    geometry: FrameGeometry
  ) -> Int {
    guard let frame = content.frame(ofShown: index) else { return offset }
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
    placing frame: Rect, atRow row: Int, _ content: inout BrowserContent, geometry: FrameGeometry
  ) -> Int {
    let top = geometry.cardArea.minY
    let bottom = geometry.cardArea.maxY
    var row = row
    if row >= bottom { row = Swift.max(top, bottom - frame.height) }
    if row < top { row = Swift.max(row, top - Swift.max(1, frame.height) + 1) }
    return clampedLazily(frame.minY - (row - top), &content, geometry: geometry)
  }
}
