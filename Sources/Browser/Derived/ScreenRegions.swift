import LayoutEngine

/// Where the parts of a frame go: the tag strip on top, the cards, the status bar on the
/// last row. The cards scroll; the strip and the bar stay put, so a terminal can scroll
/// the card rows by itself.
package struct ScreenRegions: Hashable, Sendable {
  /// The smallest terminal that holds one column of cards and the status bar.
  package static let minimumSize = Size(width: 16, height: 6)
  /// Below this height the tag strip gives its rows to the cards.
  package static let minimumHeightForTags = 14

  package var tagStrip: Rect
  package var content: Rect
  package var statusRow: Int
  package var isTooSmall: Bool

  package init(size: Size, tagStripHeight: Int) {
    isTooSmall = size.width < Self.minimumSize.width || size.height < Self.minimumSize.height
    let strip = size.height >= Self.minimumHeightForTags ? Swift.min(3, tagStripHeight) : 0
    tagStrip = Rect(x: 0, y: 0, width: size.width, height: strip)
    statusRow = Swift.max(0, size.height - 1)
    content = Rect(x: 0, y: strip, width: size.width, height: Swift.max(0, size.height - 1 - strip))
  }
}
