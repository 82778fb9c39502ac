import CardLayouts
import LayoutEngine

/// Everything about what the browser shows that can change: a value, changed only by
/// `BrowserReducer.reduce` (the interactive browser) or set from options (`masonry
/// render`).
package struct BrowserState: Hashable, Sendable {
  /// The terminal's size.
  package var terminalSize: Size
  /// The width of the virtual viewport (`<`, `>`, `=`; `render --viewport`): the browser
  /// lays out and draws as in a terminal this wide, at the terminal's left, with a shaded
  /// margin beside it and a ruler on the last row. `nil`: the terminal's whole width.
  package var viewportWidth: Int?
  package var layout: LayoutOptions
  /// The first content row on screen (the scroll position of the cards).
  package var scrollOffset = 0
  /// The selected card: an index into the cards shown (after any filter), or `nil` when
  /// none is shown.
  package var selected: Int?
  /// The screen row where the selected card's top edge belongs: set where the person put
  /// the card (by scrolling or selecting), kept through resizes and layout switches, which
  /// put the card back at this row whenever the new screen allows. A round trip through a
  /// small window therefore comes back exactly where it started.
  package var selectionRow: Int?
  /// What has the keys: the cards, an open card, the tag strip, the search prompt, help.
  package var mode: BrowserMode = .browsing
  /// Only cards with this tag are shown.
  package var tagFilter: String?
  /// How far the tag strip is scrolled sideways.
  package var tagStripOffset = 0
  /// A line for the status bar instead of the hint (what just happened).
  package var message: String?
  /// The search applied to the cards (empty: none).
  package var searchQuery = ""
  /// The layout switch being animated.
  package var transition: LayoutTransition?
  /// The time of the last event, in milliseconds (drives the animation).
  package var time = 0
  /// Thumbnails or placeholders.
  package var pictures: PictureDisplay
  /// How far the source has been read.
  package var load = LoadStatus.complete
  /// `--pick`: Enter answers with the selected card; q and Esc cancel.
  package var picking = false

  /// A state for a terminal of `size` (no viewport).
  package init(
    size: Size, layout: LayoutOptions = LayoutOptions(), pictures: PictureDisplay = .placeholders
  ) {
    self.terminalSize = size
    self.layout = layout
    self.pictures = pictures
  }

  /// The area the browser lays out and draws in: the whole terminal, or with a viewport
  /// its left `viewportWidth` columns above the ruler row.
  package var size: Size {
    guard let viewport = viewport else { return terminalSize }
    return viewport.size
  }

  /// The viewport's area and the ruler's row, when a viewport is set (the width is kept
  /// within the terminal's).
  package var viewport: (size: Size, rulerRow: Int)? {
    guard let viewportWidth, terminalSize.height >= 2 else { return nil }
    return (
      Size(width: Swift.min(viewportWidth, terminalSize.width), height: terminalSize.height - 1),
      terminalSize.height - 1
    )
  }

  /// Which cards are shown.
  package var filter: CardFilter { CardFilter(tag: tagFilter, query: searchQuery) }
}
