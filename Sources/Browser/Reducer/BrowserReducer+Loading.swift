import Cards

extension BrowserReducer {
  /// Cards read from the source join the collection at the end: the cards on screen, the
  /// scroll position and the selection stay as they are. Returns whether a card was
  /// selected (the first cards of a source that had none).
  static func cardsArrived(
    _ cards: LoadedCards, _ state: inout BrowserState, caches: BrowserCaches
  ) -> Bool {
    let start = state.cards.cards.count
    for chunk in cards.chunks { state.append(chunk) }
    showArrivedCards(from: start, &state, caches: caches)
    if state.load.isLoading {
      state.load = .loading(bytesRead: cards.bytesRead, totalBytes: cards.totalBytes)
    }
    // A few thousand tags are ranked again with each piece; more, once at the end.
    if state.tags.distinctCount <= 5_000 { state.tags.refresh(final: false) }
    let geometry = caches.geometry(for: state)
    if state.followsEnd && !geometry.isTooSmall {
      selectLastCard(&state, caches: caches)
      return true
    }
    guard state.selected == nil, !state.shown.isEmpty, !geometry.isTooSmall else {
      return false
    }
    state.selected = 0
    keepSelectionVisible(&state, caches: caches)
    return true
  }

  /// The source is read (or stopped at `error`, keeping the cards before it). Returns
  /// whether the browser must end: the source failed before giving a single card.
  static func loadFinished(
    _ error: DataError?, _ state: inout BrowserState, caches: BrowserCaches
  ) -> Bool {
    state.tags.refresh(final: true)
    state.measuring.wanted = true
    state.load = error.map { .failed($0) } ?? .complete
    if state.followsEnd {
      // Everything is read: the last card, and the end is no longer followed.
      state.followsEnd = false
      if !caches.geometry(for: state).isTooSmall { selectLastCard(&state, caches: caches) }
    }
    return error != nil && state.cards.cards.isEmpty
  }
}
