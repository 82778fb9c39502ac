import LayoutEngine

/// Everything about what the browser shows that can change: a value, changed only by
/// `reduce` (the interactive browser) or set from options (`masonry render`).
public struct BrowserState: Hashable, Sendable {
  /// The terminal's size.
  public var size: Size
  public var layout: LayoutOptions
  /// The first content row on screen (the scroll position of the cards).
  public var scrollOffset = 0
  /// The selected card: an index into the cards shown (after any filter), or `nil` when
  /// none is shown.
  public var selected: Int?
  /// The detail view of the selected card, and how far it is scrolled.
  public var detailScroll: Int?
  public var showsHelp = false
  /// Only cards with this tag are shown.
  public var tagFilter: String?
  /// The tag strip has focus, on this tag.
  public var focusedTag: Int?
  public var tagStripOffset = 0
  /// A line for the status bar instead of the hint (what just happened).
  public var message: String?
  /// The search applied to the cards (empty: none).
  public var searchQuery = ""
  /// The search prompt is open on the status row; the query before it opened.
  public var searchBeforeEditing: String?
  /// The layout switch being animated.
  public var transition: LayoutTransition?
  /// The time of the last event, in milliseconds (drives the animation).
  public var time = 0

  public init(size: Size, layout: LayoutOptions = LayoutOptions()) {
    self.size = size
    self.layout = layout
  }

  public var showsDetail: Bool { detailScroll != nil }
  public var isEditingSearch: Bool { searchBeforeEditing != nil }
  /// Which cards are shown.
  public var filter: CardFilter { CardFilter(tag: tagFilter, query: searchQuery) }
}
