import LayoutEngine
import TerminalCore

extension BrowserReducer {
  /// Changes the layout (its kind, columns, placement, or the terminal size) and keeps
  /// the selected card at the same screen row: the engine's anchoring. With `animated`,
  /// the cards on screen move from their old frames to their new ones.
  static func relayout(
    _ state: inout BrowserState, content: inout BrowserContent, animated: Bool,
    change: (inout BrowserState) -> Void
  ) {
    Scrolling.update(&content, for: state)
    let before = Scrolling.regions(state, content: content)
    let oldView = viewport(state, content: content)
    let selectedPath = state.selected.flatMap { content.path(ofShown: $0) }
    let anchor =
      before.isTooSmall ? nil : content.anchor(viewport: oldView, preferring: selectedPath)
    var oldFrames: [Int: Rect] = [:]
    if animated && !before.isTooSmall {
      for card in content.cards(in: oldView) {
        oldFrames[card.index] = card.frame.offsetBy(
          dx: 0, dy: before.content.minY - state.scrollOffset)
      }
    }

    change(&state)
    let after = Scrolling.regions(state, content: content)
    guard !after.isTooSmall else { return }
    Scrolling.update(&content, for: state)
    if let anchor, let offset = content.resolve(anchor, viewportLength: after.content.height) {
      // The anchor keeps the card's row within the card area; the area itself moves when
      // the tag strip changes height, so shift by as much to keep the screen row.
      let shift = after.content.minY - before.content.minY
      state.scrollOffset = Scrolling.clampedLazily(offset + shift, state, content: &content)
    } else {
      state.scrollOffset = Scrolling.clampedLazily(state.scrollOffset, state, content: &content)
      revealSelection(&state, content: &content)
    }
    keepSelectionVisible(&state, content: &content)

    state.transition = nil
    if animated && !oldFrames.isEmpty {
      var moves: [Int: LayoutTransition.Move] = [:]
      for card in content.cards(in: viewport(state, content: content)) {
        let to = card.frame.offsetBy(dx: 0, dy: after.content.minY - state.scrollOffset)
        moves[card.index] = LayoutTransition.Move(from: oldFrames[card.index], to: to)
      }
      state.transition = LayoutTransition(start: state.time, moves: moves)
    }
  }

  /// A new terminal size: the layout is prepared again for the new width (the adaptive
  /// column count follows it) and the selected card keeps its screen row. Below the
  /// minimum size nothing is laid out; growing again recovers.
  static func resize(_ state: inout BrowserState, to size: Size, content: inout BrowserContent) {
    guard size != state.size else { return }
    let wasTooSmall = Scrolling.regions(state, content: content).isTooSmall
    relayout(&state, content: &content, animated: false) { $0.size = size }
    if wasTooSmall && !Scrolling.regions(state, content: content).isTooSmall {
      revealSelection(&state, content: &content)
    }
    let strip = FrameComposer.tagStrip(state, content: content)
    if let focused = state.focusedTag {
      state.tagStripOffset = strip.offset(revealing: focused, width: size.width)
    } else {
      state.tagStripOffset = Swift.min(
        state.tagStripOffset, Swift.max(0, strip.layout.contentSize.width - size.width))
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
    Scrolling.update(&content, for: state)
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

  // MARK: Search

  static func searchKey(_ key: Key, _ state: inout BrowserState, content: inout BrowserContent)
    -> BrowserEffect?
  {
    switch key {
    case .enter:
      state.searchBeforeEditing = nil
      if content.shown.isEmpty { state.message = "no match" }
    case .escape:
      let previous = state.searchBeforeEditing ?? ""
      state.searchBeforeEditing = nil
      refilter(&state, content: &content) { $0.searchQuery = previous }
    case .backspace:
      guard !state.searchQuery.isEmpty else { return nil }
      refilter(&state, content: &content, selectFirst: true) { $0.searchQuery.removeLast() }
    case .character(let character)
    where character.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }):
      refilter(&state, content: &content, selectFirst: true) { $0.searchQuery.append(character) }
    default:
      break
    }
    return nil
  }

  // MARK: Tags

  static func tagKey(_ key: Key, _ state: inout BrowserState, content: inout BrowserContent)
    -> BrowserEffect?
  {
    guard let focused = state.focusedTag, !content.tags.isEmpty else {
      state.focusedTag = nil
      return nil
    }
    switch key {
    case .left, .character("h"): state.focusedTag = Swift.max(0, focused - 1)
    case .right, .character("l"): state.focusedTag = Swift.min(content.tags.count - 1, focused + 1)
    case .home: state.focusedTag = 0
    case .end: state.focusedTag = content.tags.count - 1
    case .enter:
      let tag = content.tags[focused]
      state.focusedTag = nil
      refilter(&state, content: &content) { $0.tagFilter = $0.tagFilter == tag ? nil : tag }
      state.message = state.tagFilter.map { "showing #\($0)" } ?? "all cards"
    case .escape:
      state.focusedTag = nil
      if state.tagFilter != nil { refilter(&state, content: &content) { $0.tagFilter = nil } }
    case .character("t"), .character("q"):
      state.focusedTag = nil
    case .character("?"):
      state.showsHelp = true
    default:
      break
    }
    if let focused = state.focusedTag {
      state.tagStripOffset = FrameComposer.tagStrip(state, content: content)
        .offset(revealing: focused, width: state.size.width)
    }
    return nil
  }

  // MARK: Reload

  /// The source was read again: the content is replaced, and the selected card stays
  /// selected when it still exists (same id, or same caption and comment).
  static func reloaded(
    _ state: inout BrowserState, content: inout BrowserContent, with fresh: BrowserContent
  ) {
    let old = state.selected.flatMap {
      $0 < content.shown.count ? content.shownCollection.cards[$0] : nil
    }
    content = fresh
    if let tag = state.tagFilter, !content.tags.contains(tag) { state.tagFilter = nil }
    state.focusedTag = nil
    state.transition = nil
    Scrolling.update(&content, for: state)
    state.selected = nil
    if let old {
      let cards = content.shownCollection.cards
      state.selected =
        old.id.flatMap { id in cards.firstIndex { $0.id == id } }
        ?? cards.firstIndex { $0.caption == old.caption && $0.comment == old.comment }
    }
    state.message = "reloaded \(content.collection.cards.count) cards"
    if state.selected == nil {
      state.scrollOffset = Scrolling.clampedLazily(state.scrollOffset, state, content: &content)
      keepSelectionVisible(&state, content: &content)
    } else {
      revealSelection(&state, content: &content)
    }
  }
}
