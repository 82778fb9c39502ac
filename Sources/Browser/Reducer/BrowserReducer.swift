import CardLayouts
import LayoutEngine
import TerminalCore
import Widgets

/// The one place where the browser's state changes: `reduce` takes the state and an
/// event and gives the new state (in place) and what the program must do. The content
/// cache is kept in step with the state, since moving a selection or anchoring a resize
/// needs the layout's geometry.
package enum BrowserReducer {
  /// Applies `event`, which happened at `time` (milliseconds, monotonic), and returns what
  /// the program must do.
  package static func reduce(
    _ state: inout BrowserState, _ event: BrowserEvent, at time: Int, content: inout BrowserContent
  ) -> [BrowserEffect] {
    state.time = time
    if let transition = state.transition, transition.isFinished(at: time) { state.transition = nil }
    let geometry = content.sync(with: state)
    let before = Position(state, content: content)
    var effects: [BrowserEffect] = []
    // Whether the event put the cards where they are on purpose, so that the selected
    // card's row is the one to keep; resizes and layout switches only keep it.
    var positionsCards = true
    switch event {
    case .started(let size):
      state.terminalSize = size
      let geometry = content.sync(with: state)
      if !geometry.isTooSmall {
        if state.selected == nil && !content.shown.isEmpty { state.selected = 0 }
        keepSelectionVisible(&state, content: &content)
      }
    case .resized(let size):
      resize(&state, to: size, content: &content)
      positionsCards = false
    case .tick:
      positionsCards = false
    case .endOfInput:
      effects = [.quit]
    case .reloaded(let collection):
      reloaded(
        &state, content: &content,
        with: BrowserContent(collection: collection, style: state.layout.cardStyle))
    case .reloadFailed(let reason):
      state.message = "reload failed: \(reason)"
    case .cardsArrived(let cards):
      positionsCards = cardsArrived(cards, &state, content: &content)
    case .loadFinished(let error):
      positionsCards = false
      if loadFinished(error, &state, content: &content) { effects = [.quit] }
    case .measured(let counts):
      content.measured(counts)
      return []
    case .searchFound(let found):
      positionsCards = false
      if content.searchFound(found), state.selected == nil, !content.shown.isEmpty,
        !geometry.isTooSmall
      {
        state.selected = 0
        keepSelectionVisible(&state, content: &content)
        positionsCards = true
      }
      if content.pendingSearch == nil && content.shown.isEmpty && !state.searchQuery.isEmpty
        && !state.mode.isEditingSearch
      {
        state.message = "no match"
      }
    case .thumbnailReady(let request, let result):
      content.thumbnails.store(result, for: request)
      positionsCards = false
    case .paste(let text):
      guard state.mode.isEditingSearch, !geometry.isTooSmall else { return [] }
      state.message = nil
      // A pasted line break or tab is part of the query, never Enter or a key; other
      // controls (a pasted Ctrl-C byte among them) are dropped.
      var query = String.UnicodeScalarView()
      for scalar in text.unicodeScalars {
        if scalar == "\t" || Character(scalar).isNewline {
          query.append(" ")
        } else if scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value) {
          query.append(scalar)
        }
      }
      refilter(&state, content: &content, selectFirst: true) { $0.searchQuery += String(query) }
    case .mouse(let mouse):
      guard !geometry.isTooSmall else { return [] }
      state.message = nil
      handleMouse(mouse, &state, content: &content)
    case .key(let key):
      switch KeyBindings.command(for: key, in: .anywhere) {
      case .interrupt: return [.interrupt]
      case .suspend: return [.suspend]
      default: break
      }
      if geometry.isTooSmall { return key == .character("q") ? [.quit] : [] }
      state.message = nil
      (effects, positionsCards) = handle(key, &state, content: &content)
    }
    if positionsCards && (before != Position(state, content: content) || state.selectionRow == nil)
    {
      rememberSelectionRow(&state, content: &content)
    }
    if state.scrollOffset != before.scrollOffset {
      content.thumbnails.scrollsDown = state.scrollOffset > before.scrollOffset
    }
    if let job = content.takeSearchJob() { effects.append(.search(job)) }
    if !state.load.isLoading, let job = content.takeMeasureJob() { effects.append(.measure(job)) }
    if !effects.contains(.quit) {
      let wanted = wantedThumbnails(
        state, scrolledDown: content.thumbnails.scrollsDown, content: &content)
      if let effect = thumbnailEffect(wanted, content: &content) { effects.append(effect) }
    }
    return effects
  }

  /// Which card is selected and where the cards are scrolled: what tells whether an event
  /// moved the cards.
  private struct Position: Equatable {
    var card: Int?
    var scrollOffset: Int

    init(_ state: BrowserState, content: BrowserContent) {
      card = state.selected.flatMap { $0 < content.shown.count ? content.shown[$0] : nil }
      scrollOffset = state.scrollOffset
    }
  }

  // MARK: Keys

  /// Carries out what `key` means in the current mode; returns the effects and whether
  /// the key positioned the cards (a layout change only keeps them where they were).
  private static func handle(
    _ key: Key, _ state: inout BrowserState, content: inout BrowserContent
  ) -> (effects: [BrowserEffect], positionsCards: Bool) {
    switch state.mode {
    case .help(let scroll, let underneath):
      helpCommand(
        KeyBindings.command(for: key, in: .help), scroll: scroll, over: underneath, &state,
        content: &content)
      return ([], true)
    case .searching(let previousQuery):
      searchKey(key, previousQuery: previousQuery, &state, content: &content)
      return ([], true)
    case .detail(let scroll):
      if state.picking && key == .enter { return ([.pick], true) }
      detailCommand(
        KeyBindings.command(for: key, in: .openCard), scroll: scroll, &state, content: &content)
      return ([], true)
    case .tags(let focused):
      guard let command = KeyBindings.command(for: key, in: .tagStrip) else { return ([], true) }
      tagCommand(command, focused: focused, &state, content: &content)
      return ([], true)
    case .browsing:
      guard let command = KeyBindings.command(for: key, in: .cards) else { return ([], true) }
      return browseCommand(command, &state, content: &content)
    }
  }

  private static func browseCommand(
    _ command: BrowserCommand, _ state: inout BrowserState, content: inout BrowserContent
  ) -> (effects: [BrowserEffect], positionsCards: Bool) {
    let geometry = content.sync(with: state)
    switch command {
    case .scrollRows(let rows): scroll(by: rows, &state, content: &content)
    case .scrollPages(let pages): scroll(by: pages * geometry.page, &state, content: &content)
    case .scrollHalfPages(let halves):
      scroll(by: halves * (geometry.page + 1) / 2, &state, content: &content)
    case .first: selectFirstCard(&state, content: &content)
    case .last: selectLastCard(&state, content: &content)
    case .select(let direction): moveSelection(direction, &state, content: &content)
    case .open:
      if state.selected != nil && state.picking { return ([.pick], true) }
      if state.selected != nil { state.mode = .detail(scroll: 0) }
    case .startSearch: state.mode = .searching(previousQuery: state.searchQuery)
    case .nextMatch: jumpToMatch(1, &state, content: &content)
    case .previousMatch: jumpToMatch(-1, &state, content: &content)
    case .focusTags:
      let strip = tagStrip(state, geometry: geometry, content: content)
      if let first = strip.readingOrder.first {
        let focused = state.tagFilter.flatMap { content.tags.firstIndex(of: $0) } ?? first
        state.mode = .tags(focused: focused)
        state.tagStripOffset = strip.offset(revealing: focused, width: state.size.width)
      }
    case .clearFilters:
      if !state.searchQuery.isEmpty {
        refilter(&state, content: &content) { $0.searchQuery = "" }
      } else if state.tagFilter != nil {
        refilter(&state, content: &content) { $0.tagFilter = nil }
      } else if state.picking {
        return ([.quit], true)
      }
    case .switchLayout(let kind):
      guard kind != state.layout.kind else { break }
      relayout(&state, content: &content, animated: true) { $0.layout.kind = kind }
      return ([], false)
    case .moreColumns, .fewerColumns:
      let current = content.layout.columnCount
      let count = Swift.min(12, Swift.max(1, current + (command == .moreColumns ? 1 : -1)))
      relayout(&state, content: &content, animated: false) { $0.layout.columns = count }
      state.message = Counted.phrase(content.layout.columnCount, "column")
      return ([], false)
    case .adaptiveColumns:
      relayout(&state, content: &content, animated: false) { $0.layout.columns = nil }
      state.message = "adaptive columns"
      return ([], false)
    case .nextPlacement:
      let cycle = MasonryLayoutPlacement.cycle
      let following = cycle[((cycle.firstIndex(of: state.layout.placement) ?? 0) + 1) % cycle.count]
      relayout(&state, content: &content, animated: true) { $0.layout.placement = following }
      state.message = "placement: " + MasonryLayoutPlacement.name(following)
      return ([], false)
    case .narrowViewport, .widenViewport, .previousBreakpoint, .nextBreakpoint, .fullWidth:
      moveViewport(command, &state, content: &content)
      return ([], false)
    case .showHelp: state.mode = .help(scroll: 0, over: state.mode)
    case .reload:
      if state.load.isLoading {
        state.message = "still reading the source"
        return ([], true)
      }
      return ([.reload], true)
    case .quit: return ([.quit], true)
    default: break
    }
    return ([], true)
  }

  // MARK: Help and the open card

  private static func helpCommand(
    _ command: BrowserCommand?, scroll: Int, over underneath: BrowserMode,
    _ state: inout BrowserState, content: inout BrowserContent
  ) {
    let geometry = content.sync(with: state)
    let help = HelpOverlay(lines: KeyBindings.helpLines)
    let maximum = help.maximumScroll(in: geometry.overlayArea)
    let page = Swift.max(1, help.visibleLineCount(in: geometry.overlayArea) - 1)
    func scrolled(_ delta: Int) -> BrowserMode {
      .help(scroll: Swift.max(0, Swift.min(maximum, scroll + delta)), over: underneath)
    }
    switch command {
    case .scrollRows(let rows): state.mode = scrolled(rows)
    case .scrollPages(let pages): state.mode = scrolled(pages * page)
    case .close: state.mode = underneath
    default: break
    }
  }

  private static func detailCommand(
    _ command: BrowserCommand?, scroll: Int, _ state: inout BrowserState,
    content: inout BrowserContent
  ) {
    let geometry = content.sync(with: state)
    let maximum = geometry.detailMaximumScroll
    let page = Swift.max(1, geometry.detailVisibleRows - 1)
    func scrolled(to row: Int) -> BrowserMode {
      .detail(scroll: Swift.max(0, Swift.min(maximum, row)))
    }
    switch command {
    case .scrollRows(let rows): state.mode = scrolled(to: scroll + rows)
    case .scrollPages(let pages): state.mode = scrolled(to: scroll + pages * page)
    case .first: state.mode = scrolled(to: 0)
    case .last: state.mode = scrolled(to: maximum)
    case .close: state.mode = .browsing
    case .showHelp: state.mode = .help(scroll: 0, over: state.mode)
    default: break
    }
  }

  // MARK: Search

  private static func searchKey(
    _ key: Key, previousQuery: String, _ state: inout BrowserState, content: inout BrowserContent
  ) {
    switch KeyBindings.command(for: key, in: .search) {
    case .acceptSearch:
      state.mode = .browsing
      if content.shown.isEmpty && content.pendingSearch == nil { state.message = "no match" }
    case .cancelSearch:
      state.mode = .browsing
      refilter(&state, content: &content) { $0.searchQuery = previousQuery }
    case .deleteBackward:
      guard !state.searchQuery.isEmpty else { return }
      refilter(&state, content: &content, selectFirst: true) { $0.searchQuery.removeLast() }
    default:
      guard case .character(let character) = key,
        character.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F })
      else { return }
      refilter(&state, content: &content, selectFirst: true) { $0.searchQuery.append(character) }
    }
  }

  /// The tag strip of `state` at `geometry`'s width.
  static func tagStrip(_ state: BrowserState, geometry: FrameGeometry, content: BrowserContent)
    -> TagStripWidget
  {
    TagStripWidget(
      tags: content.tags, layout: geometry.tagStrip, horizontalOffset: state.tagStripOffset,
      activeTag: state.tagFilter, focusedIndex: state.mode.focusedTag)
  }
}
