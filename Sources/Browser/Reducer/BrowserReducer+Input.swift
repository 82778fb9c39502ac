import CardLayouts
import ChildProcesses
import LayoutEngine
import PictureFiles
import TerminalCore
import TerminalText
import Widgets

extension BrowserReducer {
  /// What an input means where the keys are: looked up in that context's table, carried
  /// out by its handler (each switches over its own command type, with no default case).
  /// `pointer` is the mouse event of a mouse input. Returns the effects and whether the
  /// input positioned the cards (a layout change only keeps them where they were).
  static func handle(
    _ input: Input, pointer: MouseEvent?, _ state: inout BrowserState, caches: BrowserCaches
  ) -> (effects: [BrowserEffect], positionsCards: Bool) {
    switch state.mode {
    case .help(let scroll, let underneath):
      if let command = state.keys.help.command(for: input) {
        helpCommand(command, scroll: scroll, over: underneath, &state, caches: caches)
      }
      return ([], true)
    case .searching(let previousQuery):
      if case .key(let key) = input {
        searchKey(key, previousQuery: previousQuery, &state, caches: caches)
      }
      return ([], true)
    case .commandPrompt(let command):
      if case .key(let key) = input {
        return (commandPromptKey(key, command: command, &state), true)
      }
      return ([], true)
    case .filePrompt(let prompt):
      if case .key(let key) = input {
        return (filePromptKey(key, prompt: prompt, &state), true)
      }
      return ([], true)
    case .labels(let prompt):
      if case .key(let key) = input {
        return (labelKey(key, prompt: prompt, &state, caches: caches), true)
      }
      return ([], true)
    case .viewer(let viewer):
      guard let command = state.keys.viewer.command(for: input) else { return ([], true) }
      return (viewerCommand(command, viewer, pointer: pointer, &state, caches: caches), true)
    case .detail(let scroll):
      guard let command = state.keys.openCard.command(for: input) else { return ([], true) }
      return (openCardCommand(command, scroll: scroll, &state, caches: caches), true)
    case .tags(let focused):
      if let command = state.keys.tagStrip.command(for: input) {
        tagCommand(command, focused: focused, pointer: pointer, &state, caches: caches)
      } else if case .key(.character(let character)) = input,
        character.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F })
      {
        // Typing narrows the tags shown to those holding what is typed.
        narrowTags(to: state.tagQuery + String(character), &state, caches: caches)
      }
      return ([], true)
    case .browsing:
      guard let command = state.keys.cards.command(for: input) else { return ([], true) }
      return cardsCommand(command, pointer: pointer, &state, caches: caches)
    }
  }

  /// A key that follows the last movement key this closely (milliseconds) is a key held
  /// down: the terminal repeats it 25–40 times a second.
  package static let keyRepeatGap = 60
  /// How long after the last repeated key pictures come back.
  package static let keyRepeatSettle = 150

  /// Notes a movement key: a second one within `keyRepeatGap` of the first means the key
  /// is held down, and pictures stay placeholders until the keys pause.
  private static func noteMovement(_ state: inout BrowserState) {
    if let last = state.lastMovement, state.time - last <= keyRepeatGap {
      state.keysRepeatUntil = state.time + keyRepeatSettle
    }
    state.lastMovement = state.time
  }

  static func cardsCommand(
    _ command: CardsCommand, pointer: MouseEvent?, _ state: inout BrowserState,
    caches: BrowserCaches
  ) -> (effects: [BrowserEffect], positionsCards: Bool) {
    let geometry = caches.geometry(for: state)
    if command.isMovement { noteMovement(&state) }
    switch command.followingChange {
    case .stops: state.followsEnd = false
    case .followsWhileLoading: state.followsEnd = state.load.isLoading
    case .follows: state.followsEnd = state.load.isLoading || state.followable
    case .keeps: break
    }
    if state.accessible,
      let step = command.accessibleStep(
        page: AccessibleView.page(height: geometry.regions.content.height))
    {
      // The accessible view moves from card to card in reading order: a row is a card.
      guard !state.shown.isEmpty else { return ([], true) }
      let from = state.selected ?? 0
      state.selected = Swift.max(0, Swift.min(state.shown.count - 1, from + step))
      revealSelection(&state, caches: caches)
      return ([], true)
    }
    switch command {
    case .toggleAccessible:
      state.accessible.toggle()
      if state.accessible && state.selected == nil && !state.shown.isEmpty { state.selected = 0 }
      if !state.accessible { revealSelection(&state, caches: caches) }
      state.message = state.accessible ? "accessible view: A returns to the wall" : nil
    case .scrollRows(let rows): scroll(by: rows, &state, caches: caches)
    case .scrollPages(let pages): scroll(by: pages * geometry.page, &state, caches: caches)
    case .scrollHalfPages(let halves):
      scroll(by: halves * (geometry.page + 1) / 2, &state, caches: caches)
    case .first: selectFirstCard(&state, caches: caches)
    case .last: selectLastCard(&state, caches: caches)
    case .follow:
      selectLastCard(&state, caches: caches)
      if case .followHalted = state.load {
        state.message = "trying \(BrowserState.fileName(state.cards.source)) again"
        return ([.retryFollowing], true)
      }
      if state.load == .complete && state.followable {
        state.load = .following
        let offset = state.cards.cards.chunks.reduce(0) { $0 + $1.sourceBytes }
        return ([.startFollowing(offset: offset)], true)
      }
      if !state.followsEnd { state.message = "only a card file can be followed" }
    case .select(let direction): moveSelection(direction, &state, caches: caches)
    case .point(let open):
      if let pointer { point(at: pointer, open: open, &state, caches: caches) }
    case .open:
      if state.selected != nil && state.picking { return ([.pick], true) }
      if state.selected != nil { state.mode = state.openingMode }
    case .showLabels:
      // Labels sit on the wall's cards; the accessible view's lines are reached by the
      // movement keys.
      if state.accessible {
        state.message = "labels are for the wall: A returns to it"
      } else {
        showLabels(&state, caches: caches)
      }
    case .toggleMark: toggleMark(&state)
    case .markShown:
      state.marks.insert(contentsOf: state.shown)
      state.message = Counted.phrase(state.marks.count, "card") + " marked"
    case .clearMarks:
      state.message = state.marks.isEmpty ? "no card is marked" : "marks cleared"
      state.marks.removeAll()
    case .openPicture: return (openPicture(&state), true)
    case .copyPath: return (copyPath(&state), true)
    case .trash: return (curationCommand(.trash, &state), true)
    case .promptMove: return (curationCommand(.move, &state), true)
    case .promptCopy: return (curationCommand(.copy, &state), true)
    case .promptRename: return (curationCommand(.rename, &state), true)
    case .undo: return (curationCommand(.undo, &state), true)
    case .editCaption: return (curationCommand(.caption, &state), true)
    case .editTags: return (curationCommand(.tags, &state), true)
    case .promptCommand:
      if state.actionPaths.isEmpty {
        state.message = "no picture file to run a command on"
      } else {
        state.mode = .commandPrompt(command: "")
      }
    case .startSearch: state.mode = .searching(previousQuery: state.searchQuery)
    case .nextMatch: jumpToMatch(1, &state, caches: caches)
    case .previousMatch: jumpToMatch(-1, &state, caches: caches)
    case .focusTags:
      let strip = ViewQueries.tagStrip(state, geometry: geometry)
      if let first = strip.readingOrder.first {
        let focused = state.tagFilter.flatMap { state.stripTags.firstIndex(of: $0) } ?? first
        state.mode = .tags(focused: focused)
        state.tagStripOffset = strip.offset(revealing: focused, width: state.size.width)
      }
    case .clearFilters:
      if state.followsEnd {
        // The end is no longer followed; the file is still read.
        state.followsEnd = false
        state.message = "not following the end (F: again)"
      } else if !state.searchQuery.isEmpty {
        refilter(&state, caches: caches) { $0.searchQuery = "" }
      } else if state.tagFilter != nil {
        refilter(&state, caches: caches) { $0.tagFilter = nil }
      } else if state.picking {
        return ([.quit], true)
      }
    case .switchLayout(let kind):
      guard kind != state.layoutOptions.kind else { return ([], true) }
      relayout(&state, caches: caches, animated: true) { $0.layoutOptions.kind = kind }
    case .moreColumns, .fewerColumns:
      let current = caches.layout(for: state).columnCount
      let count = Swift.min(12, Swift.max(1, current + (command == .moreColumns ? 1 : -1)))
      relayout(&state, caches: caches, animated: false) { $0.layoutOptions.columns = count }
      state.message = Counted.phrase(caches.layout(for: state).columnCount, "column")
    case .adaptiveColumns:
      relayout(&state, caches: caches, animated: false) { $0.layoutOptions.columns = nil }
      state.message = "adaptive columns"
    case .nextPlacement:
      let cycle = MasonryLayoutPlacement.cycle
      let following = cycle[
        ((cycle.firstIndex(of: state.layoutOptions.placement) ?? 0) + 1) % cycle.count]
      relayout(&state, caches: caches, animated: true) { $0.layoutOptions.placement = following }
      state.message = "placement: " + MasonryLayoutPlacement.name(following)
    case .narrowViewport: moveViewport(.narrower, &state, caches: caches)
    case .widenViewport: moveViewport(.wider, &state, caches: caches)
    case .previousBreakpoint: moveViewport(.previousBreakpoint, &state, caches: caches)
    case .nextBreakpoint: moveViewport(.nextBreakpoint, &state, caches: caches)
    case .fullWidth: moveViewport(.fullWidth, &state, caches: caches)
    case .showHelp: state.mode = .help(scroll: 0, over: state.mode)
    case .toggleAnimations:
      toggleAnimations(&state)
    case .nextSort, .reverseSort:
      guard let sort = state.folderSort else {
        state.message = "s and S sort folders of pictures; a card file keeps its order"
        return ([], true)
      }
      var wanted = sort.next
      if command == .reverseSort {
        wanted = sort
        wanted.descending.toggle()
      }
      state.message = "sorting…"
      state.marksAtRequest = state.marks
      return ([.sort(wanted, marked: state.marks.identities(in: state.cards.cards))], true)
    case .reload:
      if state.load.isLoading, !state.load.isFollowHalted {
        state.message = "still reading the source"
        return ([], true)
      }
      state.marksAtRequest = state.marks
      return ([.reload(marked: state.marks.identities(in: state.cards.cards))], true)
    case .quit: return ([.quit], true)
    case .custom(let action): return (customAction(action, &state), true)
    }
    return ([], !command.keepsCardsInPlace)
  }

  /// `m`: the selected card marked, or unmarked.
  private static func toggleMark(_ state: inout BrowserState) {
    guard let card = state.selectedCard else { return }
    state.marks.toggle(card)
    state.message = nil
  }

  // MARK: Acting on cards

  /// `o`: the selected card's address when it has one, else its picture, to the opener.
  static func openPicture(_ state: inout BrowserState) -> [BrowserEffect] {
    guard let card = state.selectedCard else { return [] }
    let decoded = state.cards.cards[card]
    if let url = decoded.url, !url.isEmpty {
      // Only a web or file address reaches a program: not `javascript:`, not an option.
      guard let address = OpenTarget.Address(url) else {
        state.message = "this card's url is not an http, https or file address"
        return []
      }
      state.message = "opening " + url
      return [.openExternally(.address(address))]
    }
    guard let path = BrowserState.filePath(of: decoded) else {
      state.message = "this card has no picture file to open"
      return []
    }
    state.message = "opening " + BrowserState.fileName(path)
    return [.openExternally(.file(path))]
  }

  /// `y`: the selected card's path, as a program would get it (a card without a picture
  /// file: its caption), as bytes.
  static func copyPath(_ state: inout BrowserState) -> [BrowserEffect] {
    guard let card = state.selectedCard else { return [] }
    let decoded = state.cards.cards[card]
    guard let path = BrowserState.filePath(of: decoded) else {
      return [.copy(Array(decoded.caption.utf8))]
    }
    return [.copy(FileName.bytes(ProgramArguments.operand(path)))]
  }

  /// A key at the command prompt: typing, Backspace, Enter (run), Esc.
  private static func commandPromptKey(
    _ key: Key, command: String, _ state: inout BrowserState
  ) -> [BrowserEffect] {
    guard let action = state.keys.commandPrompt.command(for: key) else {
      guard case .character(let character) = key,
        character.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F })
      else { return [] }
      state.mode = .commandPrompt(command: command + String(character))
      return []
    }
    switch action {
    case .deleteBackward:
      state.mode = .commandPrompt(command: String(command.dropLast()))
    case .cancel:
      state.mode = .browsing
    case .run:
      state.mode = .browsing
      let trimmed = String(
        command.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
      guard !trimmed.isEmpty else { return [] }
      return [.runCommand(trimmed, paths: state.actionPaths)]
    }
    return []
  }

  // MARK: Help and the open card

  static func helpCommand(
    _ command: HelpCommand, scroll: Int, over underneath: BrowserMode,
    _ state: inout BrowserState, caches: BrowserCaches
  ) {
    let geometry = caches.geometry(for: state)
    let help = HelpOverlay(lines: KeyBindings.helpLines(for: state.keys))
    let maximum = help.maximumScroll(in: geometry.overlayArea)
    let page = Swift.max(1, help.visibleLineCount(in: geometry.overlayArea) - 1)
    func scrolled(_ delta: Int) -> BrowserMode {
      .help(scroll: Swift.max(0, Swift.min(maximum, scroll + delta)), over: underneath)
    }
    switch command {
    case .scrollRows(let rows): state.mode = scrolled(rows)
    case .scrollPages(let pages): state.mode = scrolled(pages * page)
    case .close: state.mode = underneath
    }
  }

  static func openCardCommand(
    _ command: OpenCardCommand, scroll: Int, _ state: inout BrowserState,
    caches: BrowserCaches
  ) -> [BrowserEffect] {
    let geometry = caches.geometry(for: state)
    let maximum = geometry.detailMaximumScroll
    let page = Swift.max(1, geometry.detailVisibleRows - 1)
    func scrolled(to row: Int) -> BrowserMode {
      .detail(scroll: Swift.max(0, Swift.min(maximum, row)))
    }
    switch command {
    case .scrollRows(let rows): state.mode = scrolled(to: scroll + rows)
    case .scrollPages(let pages): state.mode = scrolled(to: scroll + pages * page)
    case .top: state.mode = scrolled(to: 0)
    case .end: state.mode = scrolled(to: maximum)
    case .toggleMark: toggleMark(&state)
    case .openPicture: return openPicture(&state)
    case .copyPath: return copyPath(&state)
    case .accept: return state.picking ? [.pick] : []
    case .close: state.mode = .browsing
    case .showHelp: state.mode = .help(scroll: 0, over: state.mode)
    case .toggleAnimations: toggleAnimations(&state)
    case .custom(let action): return customAction(action, &state)
    }
    return []
  }

  /// `a`: animated pictures hold their frames, or play on from them.
  static func toggleAnimations(_ state: inout BrowserState) {
    guard state.animation.choice != .off else {
      state.message = "animations are off (--animate all or selected plays them)"
      return
    }
    state.animation.isPaused.toggle()
    state.message = state.animation.isPaused ? "animations paused" : "animations playing"
  }

  // MARK: Search

  private static func searchKey(
    _ key: Key, previousQuery: String, _ state: inout BrowserState, caches: BrowserCaches
  ) {
    guard let command = state.keys.search.command(for: key) else {
      // Any other key types into the query (controls aside).
      guard case .character(let character) = key,
        character.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F })
      else { return }
      refilter(&state, caches: caches, selectFirst: true) { $0.searchQuery.append(character) }
      return
    }
    switch command {
    case .accept:
      state.mode = .browsing
      if state.shown.isEmpty && state.search == nil { state.message = "no match" }
    case .cancel:
      state.mode = .browsing
      refilter(&state, caches: caches) { $0.searchQuery = previousQuery }
    case .deleteBackward:
      guard !state.searchQuery.isEmpty else { return }
      refilter(&state, caches: caches, selectFirst: true) { $0.searchQuery.removeLast() }
    }
  }
}
