import CardLayouts
import LayoutEngine

/// Everything about what the browser shows that can change: a value, changed only by
/// `BrowserReducer.reduce` (the interactive browser) or set from options (`masonry
/// render`).
package struct BrowserState: Hashable, Sendable {
  /// The terminal's size.
  package var size: Size
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

  package init(
    size: Size, layout: LayoutOptions = LayoutOptions(), pictures: PictureDisplay = .placeholders
  ) {
    self.size = size
    self.layout = layout
    self.pictures = pictures
  }

  /// Which cards are shown.
  package var filter: CardFilter { CardFilter(tag: tagFilter, query: searchQuery) }
}
