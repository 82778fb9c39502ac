/// What a key does at the search prompt (other keys type into the query).
package enum SearchCommand: Hashable, Sendable {
  /// Keep the search and give the keys back to the cards.
  case accept
  /// Put the query back as it was before the prompt opened.
  case cancel
  case deleteBackward
}
