/// What a key does while a card is open over the screen.
package enum OpenCardCommand: Hashable, Sendable {
  /// Scroll the open card by rows (negative: up).
  case scrollRows(Int)
  /// Scroll by pages, keeping one row of context.
  case scrollPages(Int)
  /// The top, or the end.
  case top
  case end
  /// Mark the open card, or unmark it.
  case toggleMark
  /// Open the card's picture with the system's opener.
  case openPicture
  /// Copy the card's path (a card without a picture: its caption).
  case copyPath
  /// With `--pick`: answer with this card.
  case accept
  case close
  /// Animated pictures hold their frames, or play on (`a`).
  case toggleAnimations
  case showHelp
  /// What a `--bind` binding runs: a command, a reload, the end with text (`CustomAction`).
  case custom(CustomAction)
}
