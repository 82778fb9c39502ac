import Cards

extension BrowserReducer {
  /// Cards read from the source join the content at the end: the cards on screen, the
  /// scroll position and the selection stay as they are. Returns whether a card was
  /// selected (the first cards of a source that had none).
  static func cardsArrived(
    _ cards: LoadedCards, _ state: inout BrowserState, content: inout BrowserContent
  ) -> Bool {
    for chunk in cards.chunks { content.append(chunk) }
    if state.load.isLoading {
      state.load = .loading(bytesRead: cards.bytesRead, totalBytes: cards.totalBytes)
    }
    // A few thousand tags are ranked again with each piece; more, once at the end.
    if content.distinctTagCount <= 5_000 { content.refreshTags(final: false) }
    let geometry = content.sync(with: state)
    guard state.selected == nil, !content.shown.isEmpty, !geometry.isTooSmall else {
      return false
    }
    state.selected = 0
    keepSelectionVisible(&state, content: &content)
    return true
  }

  /// The source is read (or stopped at `error`, keeping the cards before it). Returns
  /// whether the browser must end: the source failed before giving a single card.
  static func loadFinished(
    _ error: DataError?, _ state: inout BrowserState, content: inout BrowserContent
  ) -> Bool {
    content.refreshTags(final: true)
    content.wantMeasuring()
    state.load = error.map { .failed($0) } ?? .complete
    _ = content.sync(with: state)
    return error != nil && content.collection.cards.isEmpty
  }
}
