import Cards
import LayoutEngine

extension BrowserReducer {
  /// Cards read from the source join the collection at the end: the cards on screen, the
  /// scroll position and the selection stay as they are. Returns whether a card was
  /// selected (the first cards of a source that had none).
  static func cardsArrived(
    _ cards: LoadedCards, _ state: inout BrowserState, caches: BrowserCaches
  ) -> Bool {
    let start = state.cards.cards.count
    keepingTheScreenStill(&state, caches: caches) {
      for chunk in cards.chunks { $0.append(chunk) }
      showArrivedCards(from: start, &$0, caches: caches)
    }
    if var pending = state.marksAfterRestart {
      let end = state.cards.cards.count
      state.marks.insert(contentsOf: pending.take(from: state.cards.cards, range: start..<end))
      state.marksAfterRestart = pending.isEmpty ? nil : pending
    }
    if state.load.isLoading && state.load != .following {
      state.load = .loading(bytesRead: cards.bytesRead, totalBytes: cards.totalBytes)
    }
    // A few thousand tags are ranked again with each piece; more, once at the end.
    if state.tags.distinctCount <= 5_000 { state.tags.refresh(final: false) }
    let geometry = caches.geometry(for: state)
    // Following the end moves the selection on the wall only: a prompt, the viewer or
    // the labels act on the card they were opened on.
    if state.followsEnd && !geometry.isTooSmall, case .browsing = state.mode {
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

  /// A followed file was truncated or replaced: its cards go, and come again as it is
  /// read from its start; the marks go back to the cards that come back with a marked id
  /// or picture (a card of text alone: at its place), never to another picture.
  static func sourceRestarted(_ reason: String, _ state: inout BrowserState, caches: BrowserCaches)
  {
    let empty = CardCollection(
      source: state.cards.source, store: CardStore(), sections: state.cards.sectionMode)
    // Marks still waiting for their cards (a restart before they came back) wait on.
    var marked = state.marks.identities(in: state.cards.cards)
    if let waiting = state.marksAfterRestart {
      marked.ids.formUnion(waiting.ids)
      marked.paths.formUnion(waiting.paths)
    }
    state.replaceCards(with: empty, marks: CardMarks())
    state.marksAfterRestart = marked.isEmpty ? nil : marked
    state.selected = nil
    state.scrollOffset = 0
    state.transition = nil
    // The cards went: nothing is open on one of them any more.
    if state.mode.base != .browsing { state.mode = .browsing }
    state.tagFilter = nil
    showCards(matching: state.filter, &state, caches: caches)
    state.message = "\(BrowserState.fileName(state.cards.source)) \(reason)"
    // Halted until now: the file reads again.
    state.load = .following
  }

  /// The source is read (or stopped at `error`, keeping the cards before it). Returns
  /// whether the browser must end: the source failed before giving a single card.
  static func loadFinished(
    _ error: DataError?, _ state: inout BrowserState, caches: BrowserCaches
  ) -> Bool {
    state.tags.refresh(final: true)
    state.load = error.map { .failed($0) } ?? .complete
    if state.followsEnd {
      // Everything is read: the last card, and the end is no longer followed.
      state.followsEnd = false
      if !caches.geometry(for: state).isTooSmall { selectLastCard(&state, caches: caches) }
    }
    return error != nil && state.cards.cards.isEmpty
  }

  /// Adds cards to the view by `change` without moving what the person looks at. Runs
  /// grow at the end, below everything on screen. Grouped sections grow anywhere: a card
  /// may join a section above the screen or on it, so the selected card (when on screen,
  /// else the card nearest the top) keeps its screen row, as on a resize, and the
  /// selection stays on its card (its position among the cards shown moves).
  ///
  /// - Complexity: one viewport query before and one anchor resolution after.
  static func keepingTheScreenStill(
    _ state: inout BrowserState, caches: BrowserCaches, change: (inout BrowserState) -> Void
  ) {
    guard state.shown.isGrouped else {
      change(&state)
      return
    }
    let before = caches.geometry(for: state)
    let selectedPath = state.selected.flatMap { state.shown.path(of: $0) }
    let anchor =
      before.isTooSmall
      ? nil
      : caches.anchor(
        viewport: before.viewport(scrolledTo: state.scrollOffset), preferring: selectedPath,
        for: state)
    let count = state.shown.count
    change(&state)
    guard state.shown.count != count else { return }
    // Paths stay: a grouped section only grows at its end and new sections come last.
    if let selectedPath {
      state.selected = state.shown.sectionStart(selectedPath.section) + selectedPath.item
    }
    state.transition = nil
    let after = caches.geometry(for: state)
    guard let anchor, !after.isTooSmall,
      let offset = caches.resolve(anchor, viewportLength: after.cardArea.height, for: state)
    else { return }
    // The anchor keeps the card's row within the card area; the area moves when the tag
    // strip changes height.
    let shift = after.cardArea.minY - before.cardArea.minY
    state.scrollOffset = Scrolling.clampedLazily(offset + shift, state, caches, geometry: after)
  }
}
