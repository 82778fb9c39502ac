import CardLayouts

/// What a key asks for. The key table maps keys to commands per mode; the reducer carries
/// commands out, so a key's meaning lives in exactly one place.
package enum BrowserCommand: Hashable, Sendable {
  /// Scroll by rows (negative: up); in an open card or the help, scroll that.
  case scrollRows(Int)
  /// Scroll by pages, keeping one row of context.
  case scrollPages(Int)
  /// Scroll by half pages.
  case scrollHalfPages(Int)
  /// Select the first card and show the top; in an open card or the help, go to its top.
  case first
  /// Select the last card and show the end; in an open card or the help, its end.
  case last
  /// Select the nearest card in a direction.
  case select(SelectionDirection)
  /// Open the selected card.
  case open
  case startSearch
  case nextMatch
  case previousMatch
  /// Give the keys to the tag strip.
  case focusTags
  /// Clear the search, then the tag filter.
  case clearFilters
  case switchLayout(LayoutKind)
  case moreColumns
  case fewerColumns
  case adaptiveColumns
  case nextPlacement
  /// The viewport one cell narrower or wider (see `BrowserState.viewportWidth`).
  case narrowViewport
  case widenViewport
  /// The viewport at the previous or next breakpoint (a width where the columns change).
  case previousBreakpoint
  case nextBreakpoint
  /// No viewport: the terminal's whole width.
  case fullWidth
  case reload
  case showHelp
  case quit
  /// Ctrl-C: end at once, with the status an interrupt gives (130). The terminal is raw,
  /// so Ctrl-C is a key here, not a signal: a pasted Ctrl-C byte stays text.
  case interrupt
  /// Ctrl-Z: give the terminal back and stop, until the shell's `fg`.
  case suspend
  /// Close what is open (the card, the help) and go back.
  case close

  // The tag strip.
  case previousTag
  case nextTag
  case tagAbove
  case tagBelow
  case firstTag
  case lastTag
  /// Show only the focused tag's cards (again: all cards).
  case toggleTag
  /// Clear the tag filter and give the keys back to the cards.
  case clearTag
  /// Give the keys back to the cards.
  case leaveTags

  // The search prompt.
  case acceptSearch
  case cancelSearch
  case deleteBackward
}

/// Where to look for the next card to select.
package enum SelectionDirection: Hashable, Sendable {
  case left, right, up, down
}
