import Cards

extension BrowserReducer {
  /// The matches to show at once for a search: enough for a few screens; the rest of the
  /// cards are scanned by a worker and their matches arrive as `searchFound`, each scan
  /// replaced by the next keystroke.
  package static let firstMatches = 400
  /// The cards scanned on the event loop before handing over to a worker.
  package static let cardsScannedAtOnce = 20_000

  /// Shows the cards `filter` lets through: all, a tag's (scanned at once: tags are
  /// compared as ids), or a search's first matches, the rest left to a worker.
  ///
  /// - Complexity: O(cards) for a tag; at most `cardsScannedAtOnce` cards for a search.
  static func showCards(
    matching filter: CardFilter, _ state: inout BrowserState, caches: BrowserCaches
  ) {
    state.search = nil
    if filter.isEmpty {
      state.shown = CardSelection(all: state.cards)
    } else if filter.query.isEmpty {
      state.shown = CardSelection(
        caches.indices(matching: filter, in: state.cards).indices, of: state.cards)
    } else {
      let (matches, next) = caches.indices(
        matching: filter, in: state.cards, matchLimit: firstMatches,
        scanLimit: cardsScannedAtOnce)
      state.shown = CardSelection(matches, of: state.cards)
      if next < state.cards.cards.count {
        state.search = SearchProgress(
          generation: state.nextJob(), filter: filter, scannedThrough: next)
      }
    }
    if !state.removed.isEmpty {
      // Cards whose files were trashed or moved away stay off the wall.
      let removed = state.removed
      state.shown = CardSelection(
        state.shown.filter { !removed.contains($0) }.sorted(), of: state.cards)
    }
  }

  /// Cards that joined the collection from `start` on: those the filter lets through
  /// join the cards shown, at the end of their sections. A search still scanning
  /// reaches them itself.
  static func showArrivedCards(from start: Int, _ state: inout BrowserState, caches: BrowserCaches)
  {
    let filter = state.filter
    if filter.isEmpty && state.shown.isEverything {
      state.shown.add(of: state.cards, from: start)
    } else if filter.isEmpty {
      // Every card but those taken off the wall (which arrive no more).
      state.shown.add(Array(start..<state.cards.cards.count), of: state.cards, from: start)
    } else if state.search == nil {
      let indices = caches.indices(matching: filter, in: state.cards, from: start).indices
      state.shown.add(indices, of: state.cards, from: start)
    }
  }

  /// Matches a worker found: they join the cards shown (at the end of their sections;
  /// nothing on screen moves). Returns whether they belonged to the search in progress.
  static func searchFound(_ found: SearchFound, _ state: inout BrowserState, caches: BrowserCaches)
    -> Bool
  {
    guard let search = state.search, found.generation == search.generation else { return false }
    caches.adopt(searchTexts: found.texts, for: state.cards)
    keepingTheScreenStill(&state, caches: caches) { state in
      let matches =
        state.removed.isEmpty ? found.matches : found.matches.filter { !state.removed.contains($0) }
      if !matches.isEmpty {
        state.shown.add(matches, of: state.cards, from: search.scannedThrough)
      }
      state.search?.scannedThrough = found.scannedThrough
      if found.isDone {
        // Cards that arrived while it ran: scanned here.
        state.search = nil
        let rest = caches.indices(
          matching: search.filter, in: state.cards, from: found.scannedThrough)
        state.shown.add(
          rest.indices.filter { !state.removed.contains($0) }, of: state.cards,
          from: found.scannedThrough)
      }
    }
    return true
  }
}
