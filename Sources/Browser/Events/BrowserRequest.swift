/// What a script asks of the browser, as a person would ask it with keys and clicks:
/// `masonry render` builds its frame from these, through the same `reduce`, so the frame
/// it prints is the browser's frame after the same events.
package enum BrowserRequest: Hashable, Sendable {
  /// Select shown card `index` (0-based, among the cards shown) and scroll to show it.
  case select(Int)
  /// Scroll so that content row `row` is the first on screen (clamped to the content).
  case scroll(toRow: Int)
  /// Show only the cards with this tag (`nil`: all cards).
  case filter(tag: String?)
  /// Search for this text, as if typed after `/` and kept with Enter.
  case search(String)
  /// Lay out and draw in a viewport this wide (`nil`: the terminal's whole width).
  case viewport(width: Int?)
  /// Open the selected card.
  case open
  /// Show the keys.
  case help
  /// The accessible view (`--accessible`).
  case accessible
}
