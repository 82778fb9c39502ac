import LayoutEngine
import Widgets

/// Where everything goes in a frame: the regions of the screen, the tag strip's layout,
/// the card area, and, while a card is open, how tall its content is. Computed in one
/// place (`BrowserCaches.geometry(for:)`) and shared by the reducer and the scene, so
/// that nothing measures a widget just to learn its size.
package struct FrameGeometry {
  package let size: Size
  package let regions: ScreenRegions
  /// The tag strip, laid out for the screen's width.
  package let tagStrip: TagStripLayout
  /// The rows of the open card's content at this size (`nil` when no card is open).
  package var detailContentHeight: Int?

  package init(
    size: Size, tagStrip: TagStripLayout, tagCount: Int, detailContentHeight: Int? = nil
  ) {
    self.size = size
    self.tagStrip = tagStrip
    self.regions = ScreenRegions(
      size: size, tagStripHeight: tagCount == 0 ? 0 : tagStrip.contentSize.height)
    self.detailContentHeight = detailContentHeight
  }

  package var isTooSmall: Bool { regions.isTooSmall }

  /// The card area on screen.
  package var cardArea: Rect { regions.content }

  /// The card area in content coordinates when scrolled to `offset`.
  package func viewport(scrolledTo offset: Int) -> Rect {
    Rect(x: 0, y: offset, width: cardArea.width, height: cardArea.height)
  }

  /// A page of scrolling: the card area less one row of context.
  package var page: Int { Swift.max(1, cardArea.height - 1) }

  /// Where overlays go (the open card, the help): everything above the status row.
  package var overlayArea: Rect {
    Rect(x: 0, y: 0, width: size.width, height: regions.statusRow)
  }

  /// The rows of the open card that show at once: the overlay less its border.
  package var detailVisibleRows: Int { Swift.max(0, overlayArea.height - 2) }

  /// How far the open card scrolls: its last row at the bottom.
  package var detailMaximumScroll: Int {
    Swift.max(0, (detailContentHeight ?? 0) - overlayArea.height)
  }
}
