import CardLayouts
import Cards
import LayoutEngine
import TerminalText
import Widgets

extension BrowserReducer {
  /// Changes the layout (its kind, columns, placement, or the terminal size) and puts the
  /// selected card back at its row (`BrowserState.selectionRow`) as near as the new screen
  /// allows; the selection itself never changes. With `animated`, the cards on screen move
  /// from their old frames to their new ones.
  static func relayout(
    _ state: inout BrowserState, caches: BrowserCaches, animated: Bool,
    change: (inout BrowserState) -> Void
  ) {
    let before = caches.geometry(for: state)
    var row = state.selectionRow
    var oldFrames: [Int: Rect] = [:]
    var anchor: ScrollAnchor?
    if !before.isTooSmall {
      let view = before.viewport(scrolledTo: state.scrollOffset)
      let shift = before.cardArea.minY - state.scrollOffset
      if row == nil, let selected = state.selected,
        let frame = caches.frame(ofShown: selected, in: state)
      {
        row = frame.minY + shift
      }
      if animated {
        for card in caches.cards(in: view, for: state) {
          oldFrames[card.index] = card.frame.offsetBy(dx: 0, dy: shift)
        }
      }
      // Without a selection, the card nearest the top stays still (the engine's anchor).
      if state.selected == nil {
        anchor = caches.anchor(viewport: view, preferring: nil, for: state)
      }
    }

    change(&state)
    state.transition = nil
    let after = caches.geometry(for: state)
    guard !after.isTooSmall else { return }
    if let selected = state.selected, let row,
      let frame = caches.frame(ofShown: selected, in: state)
    {
      state.scrollOffset = Scrolling.offset(
        placing: frame, atRow: row, state, caches, geometry: after)
    } else if let anchor,
      let offset = caches.resolve(anchor, viewportLength: after.cardArea.height, for: state)
    {
      // The anchor keeps the card's row within the card area; the area itself moves when
      // the tag strip changes height, so shift by as much to keep the screen row.
      let shift = after.cardArea.minY - before.cardArea.minY
      state.scrollOffset = Scrolling.clampedLazily(offset + shift, state, caches, geometry: after)
    } else {
      state.scrollOffset = Scrolling.clampedLazily(
        state.scrollOffset, state, caches, geometry: after)
    }
    keepSelectionVisible(&state, caches: caches)

    if animated && !oldFrames.isEmpty {
      var moves: [Int: LayoutTransition.Move] = [:]
      let shift = after.cardArea.minY - state.scrollOffset
      for card in caches.cards(in: after.viewport(scrolledTo: state.scrollOffset), for: state) {
        moves[card.index] = LayoutTransition.Move(
          from: oldFrames[card.index], to: card.frame.offsetBy(dx: 0, dy: shift))
      }
      state.transition = LayoutTransition(start: state.time, moves: moves)
    }
  }

  /// A new terminal size: the layout is prepared again for the new width (the adaptive
  /// column count follows it) and the selected card keeps its screen row. Below the
  /// minimum size nothing is laid out; growing again recovers.
  static func resize(_ state: inout BrowserState, to size: Size, caches: BrowserCaches) {
    resize(&state, caches: caches) { $0.terminalSize = size }
  }

  /// A new area for the browser, by `change` (of the terminal's size or the viewport's
  /// width): as after a resize of the terminal.
  static func resize(
    _ state: inout BrowserState, caches: BrowserCaches,
    by change: (inout BrowserState) -> Void
  ) {
    var changed = state
    change(&changed)
    guard changed.size != state.size else {
      state = changed
      return
    }
    relayout(&state, caches: caches, animated: false, change: change)
    let size = state.size
    let geometry = caches.geometry(for: state)
    let strip = ViewQueries.tagStrip(state, geometry: geometry)
    if let focused = state.mode.focusedTag {
      state.tagStripOffset = strip.offset(revealing: focused, width: size.width)
    } else {
      let chipsWidth = TagStripWidget.chipsWidth(
        tagCount: state.stripTags.count, width: size.width)
      state.tagStripOffset = Swift.min(
        state.tagStripOffset, Swift.max(0, geometry.tagStrip.contentSize.width - chipsWidth))
    }
  }

  /// Changes which cards are shown, keeping the selected card when it is still shown
  /// (otherwise the first card), and showing it.
  static func refilter(
    _ state: inout BrowserState, caches: BrowserCaches, selectFirst: Bool = false,
    change: (inout BrowserState) -> Void
  ) {
    let selectedCard = state.selectedCard
    let filter = state.filter
    change(&state)
    if state.filter != filter { showCards(matching: state.filter, &state, caches: caches) }
    state.transition = nil
    if state.shown.isEmpty {
      state.selected = nil
      state.scrollOffset = 0
      return
    }
    if !selectFirst, let selectedCard,
      let index = state.shown.position(ofCard: selectedCard, in: state.cards)
    {
      state.selected = index
    } else {
      state.selected = 0
      state.scrollOffset = 0
    }
    revealSelection(&state, caches: caches)
  }

  // MARK: Reload

  /// The source was read again: the cards are replaced, the marks are `marks` (found
  /// again by the reading thread) with what was marked or unmarked since the reload was
  /// asked for, and the selected card stays selected when it still exists (same id, or
  /// same caption and comment).
  static func reloaded(
    _ state: inout BrowserState, caches: BrowserCaches, with collection: CardCollection,
    marks: CardMarks
  ) {
    let old = state.selected.flatMap { $0 < state.shown.count ? state.shownCard($0) : nil }
    var marks = marks
    if let before = state.marksAtRequest, before != state.marks {
      // Changed while the source was read: those cards are found in the new cards here
      // (a pass over them, only when marks changed meanwhile).
      let now = state.marks
      let added = CardMarks(now.sorted.filter { !before.contains($0) })
      let removed = CardMarks(before.sorted.filter { !now.contains($0) })
      let cards = state.cards.cards
      for card in added.identities(in: cards).marks(in: collection.cards).sorted {
        marks.insert(card)
      }
      for card in removed.identities(in: cards).marks(in: collection.cards).sorted {
        marks.remove(card)
      }
    }
    state.marksAtRequest = nil
    state.replaceCards(with: collection, marks: marks)
    if let tag = state.tagFilter, !state.tags.order.contains(tag) { state.tagFilter = nil }
    if state.mode.focusedTag != nil { state.mode = .browsing }
    state.transition = nil
    showCards(matching: state.filter, &state, caches: caches)
    state.selected = nil
    if let old {
      let shown = state.shown
      let cards = state.cards.cards
      let byID: Int? = old.id.flatMap { id in
        shown.indices.first { cards[shown[$0]].id == id }
      }
      state.selected =
        byID
        ?? shown.indices.first { (index: Int) -> Bool in
          let card = cards[shown[index]]
          return card.caption == old.caption && card.comment == old.comment
        }
    }
    let renamed = state.selectsAfterReload != nil
    let said = state.message
    switch state.selectsAfterReload {
    case .file(let path):
      // After a rename: the renamed file's card.
      let shown = state.shown
      let cards = state.cards.cards
      state.selected =
        shown.indices.first { BrowserState.filePath(of: cards[shown[$0]]) == path }
        ?? state.selected
    case .card(let index):
      // After an edit: the edited card, at its place in the file.
      state.selected = state.shown.position(ofCard: index, in: state.cards) ?? state.selected
    case nil: break
    }
    state.selectsAfterReload = nil
    if case .detail = state.mode, state.selected == nil { state.mode = .browsing }
    // After a rename the status bar keeps saying what was renamed (and that u undoes it).
    state.message = renamed ? said : "reloaded " + Counted.phrase(state.cards.cards.count, "card")
    let geometry = caches.geometry(for: state)
    if state.selected == nil {
      state.scrollOffset = Scrolling.clampedLazily(
        state.scrollOffset, state, caches, geometry: geometry)
      keepSelectionVisible(&state, caches: caches)
    } else {
      revealSelection(&state, caches: caches)
    }
  }
}
