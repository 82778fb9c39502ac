import CardLayouts

/// What a key or mouse event does while the cards have the keys.
package enum CardsCommand: Hashable, Sendable {
  /// Scroll by rows (negative: up).
  case scrollRows(Int)
  /// Scroll by pages, keeping one row of context.
  case scrollPages(Int)
  /// Scroll by half pages.
  case scrollHalfPages(Int)
  /// Select the first card and show the top.
  case first
  /// Select the last card and show the end.
  case last
  /// Follow the file as it grows, the last card selected (`F`, as in less).
  case follow
  /// Select the nearest card in a direction.
  case select(SelectionDirection)
  /// Select the card (or toggle the tag) under the mouse; `open` opens the card too.
  case point(open: Bool)
  /// Open the selected card (with `--pick`: answer with it).
  case open
  /// Labels on the cards on screen (`f`), to reach one by typing its label.
  case showLabels
  /// Mark the selected card, or unmark it.
  case toggleMark
  /// Mark every card shown (all of them, or a search's or a tag's).
  case markShown
  /// Unmark every card.
  case clearMarks
  /// Open the selected card's picture with the system's opener.
  case openPicture
  /// Open the command prompt (`!`).
  case promptCommand
  /// Copy the selected card's path (a card without a picture: its caption).
  case copyPath
  /// The marked cards' files, else the selected card's, to the trash.
  case trash
  /// The file prompt, to move or copy the marked cards' files, else the selected card's.
  case promptMove
  case promptCopy
  /// The file prompt, prefilled with the selected card's file name.
  case promptRename
  /// Take back the last trash, move, copy, rename or edit.
  case undo
  /// The prompt for the selected card's caption, written back to its card file.
  case editCaption
  /// The prompt for the selected card's tags, or tags to add to and remove from every
  /// marked card.
  case editTags
  case startSearch
  case nextMatch
  case previousMatch
  /// Give the keys to the tag strip.
  case focusTags
  /// Clear the search, then the tag filter (with `--pick`, then cancel).
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
  /// Folders: the next order of the pictures (name, date, size), or the order reversed.
  case nextSort
  case reverseSort
  case reload
  /// Animated pictures hold their frames, or play on (`a`).
  case toggleAnimations
  /// The accessible view: the cards as lines of words, or the wall again (`A`).
  case toggleAccessible
  case showHelp
  case quit
  /// What a `--bind` binding runs: a command, a reload, the end with text (`CustomAction`).
  case custom(CustomAction)
}

/// Where to look for the next card to select.
package enum SelectionDirection: Hashable, Sendable {
  case left, right, up, down
}
