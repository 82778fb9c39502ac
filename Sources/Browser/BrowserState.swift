import CardLayouts
import LayoutEngine

/// Everything about what the browser shows that can change: a value, changed only by
/// `reduce` (the interactive browser) or set from options (`masonry render`).
package struct BrowserState: Hashable, Sendable {
  /// The terminal's size.
  package var size: Size
  package var layout: LayoutOptions
  /// The first content row on screen (the scroll position of the cards).
  package var scrollOffset = 0
  /// The selected card: an index into the cards shown (after any filter), or `nil` when
  /// none is shown.
  package var selected: Int?
  /// The detail view of the selected card, and how far it is scrolled.
  package var detailScroll: Int?
  package var showsHelp = false
  /// Only cards with this tag are shown.
  package var tagFilter: String?
  /// The tag strip has focus, on this tag.
  package var focusedTag: Int?
  package var tagStripOffset = 0
  /// A line for the status bar instead of the hint (what just happened).
  package var message: String?
  /// The search applied to the cards (empty: none).
  package var searchQuery = ""
  /// The search prompt is open on the status row; the query before it opened.
  package var searchBeforeEditing: String?
  /// The layout switch being animated.
  package var transition: LayoutTransition?
  /// The time of the last event, in milliseconds (drives the animation).
  package var time = 0

  package init(size: Size, layout: LayoutOptions = LayoutOptions()) {
    self.size = size
    self.layout = layout
  }

  package var showsDetail: Bool { detailScroll != nil }
  package var isEditingSearch: Bool { searchBeforeEditing != nil }
  /// Which cards are shown.
  package var filter: CardFilter { CardFilter(tag: tagFilter, query: searchQuery) }
}
