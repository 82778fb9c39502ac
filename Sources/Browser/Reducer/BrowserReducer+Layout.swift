import CardLayouts
import Cards
import LayoutEngine
import Widgets

extension BrowserReducer {
  /// Changes the layout (its kind, columns, placement, or the terminal size) and puts the
  /// selected card back at its row (`BrowserState.selectionRow`) as near as the new screen
  /// allows; the selection itself never changes. With `animated`, the cards on screen move
  /// from their old frames to their new ones.
  static func relayout(
    _ state: inout BrowserState, content: inout BrowserContent, animated: Bool,
    change: (inout BrowserState) -> Void
  ) {
    let before = content.sync(with: state)
    var row = state.selectionRow
    var oldFrames: [Int: Rect] = [:]
    var anchor: ScrollAnchor?
    if !before.isTooSmall {
      let view = before.viewport(scrolledTo: state.scrollOffset)
      let shift = before.cardArea.minY - state.scrollOffset
      if row == nil, let selected = state.selected, let frame = content.frame(ofShown: selected) {
        row = frame.minY + shift
      }
      if animated {
        for card in content.cards(in: view) {
          oldFrames[card.index] = card.frame.offsetBy(dx: 0, dy: shift)
        }
      }
      // Without a selection, the card nearest the top stays still (the engine's anchor).
      if state.selected == nil { anchor = content.anchor(viewport: view, preferring: nil) }
    }

    change(&state)
    state.transition = nil
    let after = content.sync(with: state)
    guard !after.isTooSmall else { return }
    if let selected = state.selected, let row, let frame = content.frame(ofShown: selected) {
      state.scrollOffset = Scrolling.offset(placing: frame, atRow: row, &content, geometry: after)
    } else if let anchor,
      let offset = content.resolve(anchor, viewportLength: after.cardArea.height)
    {
      // The anchor keeps the card's row within the card area; the area itself moves when
      // the tag strip changes height, so shift by as much to keep the screen row.
      let shift = after.cardArea.minY - before.cardArea.minY
      state.scrollOffset = Scrolling.clampedLazily(offset + shift, &content, geometry: after)
    } else {
      state.scrollOffset = Scrolling.clampedLazily(state.scrollOffset, &content, geometry: after)
    }
    keepSelectionVisible(&state, content: &content)

    if animated && !oldFrames.isEmpty {
      var moves: [Int: LayoutTransition.Move] = [:]
      let shift = after.cardArea.minY - state.scrollOffset
      for card in content.cards(in: after.viewport(scrolledTo: state.scrollOffset)) {
        moves[card.index] = LayoutTransition.Move(
          from: oldFrames[card.index], to: card.frame.offsetBy(dx: 0, dy: shift))
      }
      state.transition = LayoutTransition(start: state.time, moves: moves)
    }
  }

  /// A new terminal size: the layout is prepared again for the new width (the adaptive
  /// column count follows it) and the selected card keeps its screen row. Below the
  /// minimum size nothing is laid out; growing again recovers.
  static func resize(_ state: inout BrowserState, to size: Size, content: inout BrowserContent) {
    resize(&state, content: &content) { $0.terminalSize = size }
  }

  /// A new area for the browser, by `change` (of the terminal's size or the viewport's
  /// width): as after a resize of the terminal.
  static func resize(
    _ state: inout BrowserState, content: inout BrowserContent,
    by change: (inout BrowserState) -> Void
  ) {
    var changed = state
    change(&changed)
    guard changed.size != state.size else {
      state = changed
      return
    }
    relayout(&state, content: &content, animated: false, change: change)
    let size = state.size
    let geometry = content.sync(with: state)
    let strip = tagStrip(state, geometry: geometry, content: content)
    if let focused = state.mode.focusedTag {
      state.tagStripOffset = strip.offset(revealing: focused, width: size.width)
    } else {
      let chipsWidth = TagStripWidget.chipsWidth(tagCount: content.tags.count, width: size.width)
      state.tagStripOffset = Swift.min(
        state.tagStripOffset, Swift.max(0, geometry.tagStrip.contentSize.width - chipsWidth))
    }
  }

  /// Changes which cards are shown, keeping the selected card when it is still shown
  /// (otherwise the first card), and showing it.
  static func refilter(
    _ state: inout BrowserState, content: inout BrowserContent, selectFirst: Bool = false,
    change: (inout BrowserState) -> Void
  ) {
    let selectedCard = state.selected.flatMap { $0 < content.shown.count ? content.shown[$0] : nil }
    change(&state)
    _ = content.sync(with: state)
    state.transition = nil
    if content.shown.isEmpty {
      state.selected = nil
      state.scrollOffset = 0
      return
    }
    if !selectFirst, let selectedCard, let index = content.shownIndex(ofCard: selectedCard) {
      state.selected = index
    } else {
      state.selected = 0
      state.scrollOffset = 0
    }
    revealSelection(&state, content: &content)
  }

  // MARK: Reload

  /// The source was read again: the content is replaced, and the selected card stays
  /// selected when it still exists (same id, or same caption and comment).
  static func reloaded(
    _ state: inout BrowserState, content: inout BrowserContent, with fresh: BrowserContent
  ) {
    let old = state.selected.flatMap {
      $0 < content.shown.count ? content.shownCard($0) : nil
    }
    content = fresh
    if let tag = state.tagFilter, !content.tags.contains(tag) { state.tagFilter = nil }
    if state.mode.focusedTag != nil { state.mode = .browsing }
    state.transition = nil
    _ = content.sync(with: state)
    state.selected = nil
    if let old {
      let shown = content.shown.indices
      let cards = content.collection.cards
      let byID: Int? = old.id.flatMap { id in shown.first { cards[content.shown[$0]].id == id } }
      state.selected =
        byID
        ?? shown.first { (index: Int) -> Bool in
          let card = cards[content.shown[index]]
          return card.caption == old.caption && card.comment == old.comment
        }
    }
    if case .detail = state.mode, state.selected == nil { state.mode = .browsing }
    state.message = "reloaded " + Counted.phrase(content.collection.cards.count, "card")
    let geometry = content.sync(with: state)
    if state.selected == nil {
      state.scrollOffset = Scrolling.clampedLazily(state.scrollOffset, &content, geometry: geometry)
      keepSelectionVisible(&state, content: &content)
    } else {
      revealSelection(&state, content: &content)
    }
  }
}
