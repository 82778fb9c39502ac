/// What a key does while the tag strip has the keys.
package enum TagStripCommand: Hashable, Sendable {
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
  /// Take back the last character typed (the strip shows more tags again).
  case widen
  /// Scroll the cards by rows (the mouse wheel reaches them from the strip too).
  case scrollCards(Int)
  /// A click: on a tag toggles it, on a card selects it.
  case point(open: Bool)
  case showHelp
}
