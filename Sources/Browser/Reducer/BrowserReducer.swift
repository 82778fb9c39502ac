import CardLayouts
import Cards
import LayoutEngine
import TerminalCore
import TerminalText
import Widgets

/// The one place where the browser's state changes: `reduce` takes the state and an
/// event and gives the new state (in place) and what the program must do, as data. It
/// asks the caches for what it needs to know of the layout (where a card is, which cards
/// a rectangle holds); it never draws, and starts no work itself.
package enum BrowserReducer {
  /// Applies `event`, which happened at `time` (milliseconds, monotonic), and returns what
  /// the program must do.
  package static func reduce(
    _ state: inout BrowserState, _ event: BrowserEvent, at time: Int, caches: BrowserCaches
  ) -> [BrowserEffect] {
    state.time = time
    if let transition = state.transition, transition.isFinished(at: time) { state.transition = nil }
    let geometry = caches.geometry(for: state)
    let before = Position(state)
    let layoutBefore = LayoutIdentity(state)
    let searchBefore = state.search
    var effects: [BrowserEffect] = []
    // Whether the event put the cards where they are on purpose, so that the selected
    // card's row is the one to keep; resizes and layout switches only keep it.
    var positionsCards = true
    switch event {
    case .started(let size):
      state.terminalSize = size
      if state.load.isLoading { effects.append(.startLoading) }
      let geometry = caches.geometry(for: state)
      if !geometry.isTooSmall {
        if state.selected == nil && !state.shown.isEmpty { state.selected = 0 }
        keepSelectionVisible(&state, caches: caches)
      }
    case .resized(let size):
      resize(&state, to: size, caches: caches)
      positionsCards = false
    case .tick:
      positionsCards = false
    case .endOfInput:
      effects = [.quit]
    case .reloaded(let collection):
      reloaded(&state, caches: caches, with: collection)
    case .reloadFailed(let reason):
      state.message = "reload failed: \(reason)"
    case .cardsArrived(let cards):
      positionsCards = cardsArrived(cards, &state, caches: caches)
    case .loadFinished(let error):
      positionsCards = false
      if loadFinished(error, &state, caches: caches) { effects = [.quit] }
    case .measured(let counts):
      caches.adopt(counts, for: state)
      return []
    case .searchFound(let found):
      positionsCards = false
      if searchFound(found, &state, caches: caches), state.selected == nil, !state.shown.isEmpty,
        !geometry.isTooSmall
      {
        state.selected = 0
        keepSelectionVisible(&state, caches: caches)
        positionsCards = true
      }
      if state.search == nil && state.shown.isEmpty && !state.searchQuery.isEmpty
        && !state.mode.isEditingSearch
      {
        state.message = "no match"
      }
    case .thumbnailReady(let request, let result):
      state.thumbnails.store(result, for: request)
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
      refilter(&state, caches: caches, selectFirst: true) { $0.searchQuery += String(query) }
    case .mouse(let mouse):
      guard !geometry.isTooSmall else { return [] }
      state.message = nil
      handleMouse(mouse, &state, caches: caches)
    case .key(let key):
      switch KeyBindings.command(for: key, in: .anywhere) {
      case .interrupt: return [.interrupt]
      case .suspend: return [.suspend]
      default: break
      }
      if geometry.isTooSmall { return key == .character("q") ? [.quit] : [] }
      state.message = nil
      (effects, positionsCards) = handle(key, &state, caches: caches)
    case .asked(let request):
      positionsCards = asked(request, &state, caches: caches)
    }
    if positionsCards && (before != Position(state) || state.selectionRow == nil) {
      rememberSelectionRow(&state, caches: caches)
    }
    if state.scrollOffset != before.scrollOffset {
      state.thumbnails.scrollsDown = state.scrollOffset > before.scrollOffset
    }
    if LayoutIdentity(state) != layoutBefore { state.measuring.wanted = true }
    if let searchBefore, searchBefore.handedOut, state.search == nil,
      !(event.isSearchFound(generation: searchBefore.generation))
    {
      effects.append(.stopSearching)
    }
    effects += backgroundWork(&state, caches: caches)
    if !effects.contains(.quit) && !effects.contains(.pick) {
      let wanted = wantedThumbnails(state, caches: caches)
      if let effect = thumbnailEffect(wanted, &state) { effects.append(effect) }
    }
    return effects
  }

  /// Which card is selected and where the cards are scrolled: what tells whether an event
  /// moved the cards.
  private struct Position: Equatable {
    var card: Int?
    var scrollOffset: Int

    init(_ state: BrowserState) {
      card = state.selectedCard
      scrollOffset = state.scrollOffset
    }
  }

  /// What the layout is prepared from: when it changes, the text is measured again ahead.
  private struct LayoutIdentity: Equatable {
    var options: LayoutOptions
    var size: Size
    var shown: Int
    var cellShape: CellShape

    init(_ state: BrowserState) {
      options = state.layout
      size = state.size
      shown = state.shown.identity
      cellShape = state.capabilities.cellShape
    }
  }

  /// The work to hand to workers now: the rest of a search just started, and the
  /// measuring of every card once the source is read and the layout settled.
  private static func backgroundWork(_ state: inout BrowserState, caches: BrowserCaches)
    -> [BrowserEffect]
  {
    var effects: [BrowserEffect] = []
    if var search = state.search, !search.handedOut {
      search.handedOut = true
      state.search = search
      let cards = state.cards
      effects.append(
        .search(
          SearchJob(
            generation: search.generation,
            query: CardQuery(search: search.filter.query, tag: search.filter.tag),
            chunks: cards.cards.chunks, from: search.scannedThrough,
            texts: caches.searchTexts(for: cards))))
    }
    if state.measuring.wanted, !state.load.isLoading,
      !caches.geometry(for: state).isTooSmall
    {
      state.measuring.wanted = false
      let generation = state.nextJob()
      if let job = caches.measureJob(generation: generation, for: state) {
        state.measuring.generation = generation
        effects.append(.measure(job))
      }
    }
    return effects
  }

  // MARK: Keys

  /// Carries out what `key` means in the current mode; returns the effects and whether
  /// the key positioned the cards (a layout change only keeps them where they were).
  private static func handle(
    _ key: Key, _ state: inout BrowserState, caches: BrowserCaches
  ) -> (effects: [BrowserEffect], positionsCards: Bool) {
    switch state.mode {
    case .help(let scroll, let underneath):
      helpCommand(
        KeyBindings.command(for: key, in: .help), scroll: scroll, over: underneath, &state,
        caches: caches)
      return ([], true)
    case .searching(let previousQuery):
      searchKey(key, previousQuery: previousQuery, &state, caches: caches)
      return ([], true)
    case .detail(let scroll):
      if state.picking && key == .enter { return ([.pick], true) }
      detailCommand(
        KeyBindings.command(for: key, in: .openCard), scroll: scroll, &state, caches: caches)
      return ([], true)
    case .tags(let focused):
      guard let command = KeyBindings.command(for: key, in: .tagStrip) else { return ([], true) }
      tagCommand(command, focused: focused, &state, caches: caches)
      return ([], true)
    case .browsing:
      guard let command = KeyBindings.command(for: key, in: .cards) else { return ([], true) }
      return browseCommand(command, &state, caches: caches)
    }
  }

  private static func browseCommand(
    _ command: BrowserCommand, _ state: inout BrowserState, caches: BrowserCaches
  ) -> (effects: [BrowserEffect], positionsCards: Bool) {
    let geometry = caches.geometry(for: state)
    switch command {
    case .scrollRows(let rows): scroll(by: rows, &state, caches: caches)
    case .scrollPages(let pages): scroll(by: pages * geometry.page, &state, caches: caches)
    case .scrollHalfPages(let halves):
      scroll(by: halves * (geometry.page + 1) / 2, &state, caches: caches)
    case .first: selectFirstCard(&state, caches: caches)
    case .last: selectLastCard(&state, caches: caches)
    case .select(let direction): moveSelection(direction, &state, caches: caches)
    case .open:
      if state.selected != nil && state.picking { return ([.pick], true) }
      if state.selected != nil { state.mode = .detail(scroll: 0) }
    case .startSearch: state.mode = .searching(previousQuery: state.searchQuery)
    case .nextMatch: jumpToMatch(1, &state, caches: caches)
    case .previousMatch: jumpToMatch(-1, &state, caches: caches)
    case .focusTags:
      let strip = tagStrip(state, geometry: geometry)
      if let first = strip.readingOrder.first {
        let focused = state.tagFilter.flatMap { state.tags.order.firstIndex(of: $0) } ?? first
        state.mode = .tags(focused: focused)
        state.tagStripOffset = strip.offset(revealing: focused, width: state.size.width)
      }
    case .clearFilters:
      if !state.searchQuery.isEmpty {
        refilter(&state, caches: caches) { $0.searchQuery = "" }
      } else if state.tagFilter != nil {
        refilter(&state, caches: caches) { $0.tagFilter = nil }
      } else if state.picking {
        return ([.quit], true)
      }
    case .switchLayout(let kind):
      guard kind != state.layout.kind else { break }
      relayout(&state, caches: caches, animated: true) { $0.layout.kind = kind }
      return ([], false)
    case .moreColumns, .fewerColumns:
      let current = caches.layout(for: state).columnCount
      let count = Swift.min(12, Swift.max(1, current + (command == .moreColumns ? 1 : -1)))
      relayout(&state, caches: caches, animated: false) { $0.layout.columns = count }
      state.message = Counted.phrase(caches.layout(for: state).columnCount, "column")
      return ([], false)
    case .adaptiveColumns:
      relayout(&state, caches: caches, animated: false) { $0.layout.columns = nil }
      state.message = "adaptive columns"
      return ([], false)
    case .nextPlacement:
      let cycle = MasonryLayoutPlacement.cycle
      let following = cycle[((cycle.firstIndex(of: state.layout.placement) ?? 0) + 1) % cycle.count]
      relayout(&state, caches: caches, animated: true) { $0.layout.placement = following }
      state.message = "placement: " + MasonryLayoutPlacement.name(following)
      return ([], false)
    case .narrowViewport, .widenViewport, .previousBreakpoint, .nextBreakpoint, .fullWidth:
      moveViewport(command, &state, caches: caches)
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
    _ state: inout BrowserState, caches: BrowserCaches
  ) {
    let geometry = caches.geometry(for: state)
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
    caches: BrowserCaches
  ) {
    let geometry = caches.geometry(for: state)
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
    _ key: Key, previousQuery: String, _ state: inout BrowserState, caches: BrowserCaches
  ) {
    switch KeyBindings.command(for: key, in: .search) {
    case .acceptSearch:
      state.mode = .browsing
      if state.shown.isEmpty && state.search == nil { state.message = "no match" }
    case .cancelSearch:
      state.mode = .browsing
      refilter(&state, caches: caches) { $0.searchQuery = previousQuery }
    case .deleteBackward:
      guard !state.searchQuery.isEmpty else { return }
      refilter(&state, caches: caches, selectFirst: true) { $0.searchQuery.removeLast() }
    default:
      guard case .character(let character) = key,
        character.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F })
      else { return }
      refilter(&state, caches: caches, selectFirst: true) { $0.searchQuery.append(character) }
    }
  }

  /// The tag strip of `state` at `geometry`'s width.
  static func tagStrip(_ state: BrowserState, geometry: FrameGeometry) -> TagStripWidget {
    TagStripWidget(
      tags: state.tags.order, layout: geometry.tagStrip, horizontalOffset: state.tagStripOffset,
      activeTag: state.tagFilter, focusedIndex: state.mode.focusedTag)
  }
}
