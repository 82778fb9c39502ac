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
    // Playing time runs with the clock, but not while paused.
    if !state.animation.isPaused { state.animation.time += Swift.max(0, time - state.time) }
    state.time = time
    if let transition = state.transition, transition.isFinished(at: time) { state.transition = nil }
    if let until = state.keysRepeatUntil, time >= until { state.keysRepeatUntil = nil }
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
      advanceSlideshow(&state, caches: caches)
    case .pictureLinkChanged(let link):
      // On a link found slow, the pictures on screen are asked for again, smaller.
      state.pictureLink = link
      positionsCards = false
    case .endOfInput:
      effects = [.quit]
    case .reloaded(let collection, let marks):
      reloaded(&state, caches: caches, with: collection, marks: marks)
    case .sorted(let collection, let sort, let marks):
      // The same cards in another order: the selected card stays selected, where it was
      // on screen when the new order allows.
      reloaded(&state, caches: caches, with: collection, marks: marks)
      state.folderSort = sort
      state.message = sort.phrase
    case .reloadFailed(let reason):
      state.marksAtRequest = nil
      state.message = "reload failed: \(reason)"
    case .actionFinished(let text):
      state.message = text
      positionsCards = false
    case .curated(let outcome):
      effects = curated(outcome, &state, caches: caches)
    case .factsRead(let source, let facts):
      if state.pictureFacts?.source == source {
        state.pictureFacts = ViewerFacts(source: source, facts: facts)
      }
      positionsCards = false
    case .folderCompleted(let completion):
      folderCompleted(completion, &state)
      positionsCards = false
    case .cardsArrived(let cards):
      positionsCards = cardsArrived(cards, &state, caches: caches)
    case .sourceRestarted(let reason):
      sourceRestarted(reason, &state, caches: caches)
    case .recordsSkipped(let skipped):
      state.message = skipped.summary
    case .sourceSaid(let notice):
      state.message = notice
    case .followHalted(let error):
      // The cards stay; the status bar says why until the file reads again.
      state.load = .followHalted(error)
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
      state.thumbnails.store(result, for: request, at: state.animation.time)
      positionsCards = false
    case .paste(let text) where state.mode.promptedCommand != nil:
      // Into the command line, with its line breaks as spaces (never Enter).
      let line = Self.pastedLine(text)
      state.mode = .commandPrompt(command: state.mode.promptedCommand! + line)
    case .paste(let text) where state.mode.filePrompt != nil:
      var prompt = state.mode.filePrompt!
      prompt.text += Self.pastedLine(text)
      prompt.candidates = []
      state.mode = .filePrompt(prompt)
    case .paste(let text):
      guard state.mode.isEditingSearch, !geometry.isTooSmall else { return [] }
      state.message = nil
      // A pasted line break or tab is part of the query, never Enter or a key; other
      // controls (a pasted Ctrl-C byte among them) are dropped.
      let query = Self.pastedLine(text)
      refilter(&state, caches: caches, selectFirst: true) { $0.searchQuery += query }
    case .mouse(let mouse):
      guard !geometry.isTooSmall else { return [] }
      state.message = nil
      (effects, positionsCards) = handle(.mouse(mouse.kind), pointer: mouse, &state, caches: caches)
    case .key(let key):
      switch state.keys.anywhere.command(for: key) {
      case .interrupt: return [.interrupt]
      case .suspend: return [.suspend]
      case nil: break
      }
      // Too small to draw: only quitting is left (as the cards' table binds it).
      if geometry.isTooSmall { return state.keys.cards.command(for: key) == .quit ? [.quit] : [] }
      state.message = nil
      (effects, positionsCards) = handle(.key(key), pointer: nil, &state, caches: caches)
    case .asked(let request):
      positionsCards = asked(request, &state, caches: caches)
    case .remote(let request, let connection):
      state.message = nil
      (effects, positionsCards) = remote(request, connection: connection, &state, caches: caches)
    }
    if positionsCards && (before != Position(state) || state.selectionRow == nil) {
      rememberSelectionRow(&state, caches: caches)
    }
    if state.scrollOffset != before.scrollOffset {
      state.thumbnails.scrollsDown = state.scrollOffset > before.scrollOffset
    }
    // A picture that plays because it is selected plays from its start.
    if state.selectedCard != before.card { state.animation.selectedSince = state.animation.time }
    if LayoutIdentity(state) != layoutBefore { state.measuring.wanted = true }
    if let searchBefore, searchBefore.handedOut, state.search == nil,
      !(event.isSearchFound(generation: searchBefore.generation))
    {
      effects.append(.stopSearching)
    }
    if case .viewer(var viewer) = state.mode,
      let request = ViewQueries.viewerPicture(viewer, state, geometry: caches.geometry(for: state))?
        .request,
      viewer.lastReady != request, case .success = state.thumbnails.result(for: request)
    {
      viewer.lastReady = request
      state.mode = .viewer(viewer)
    }
    if state.startsInSlideshow, state.selected != nil, case .browsing = state.mode {
      state.startsInSlideshow = false
      if case .viewer(var viewer) = state.openingMode {
        viewer.slideshow = PictureViewer.Slideshow(
          interval: state.slideshowInterval, due: state.time + state.slideshowInterval)
        state.mode = .viewer(viewer)
      }
    }
    effects += backgroundWork(&state, caches: caches)
    if !effects.contains(.quit) && !effects.contains(.pick) {
      let wanted = wantedThumbnails(state, caches: caches)
      if let effect = thumbnailEffect(wanted, &state) { effects.append(effect) }
    }
    return effects
  }

  /// Pasted text as one line of a prompt: a line break or a tab becomes a space; other
  /// controls (a pasted Ctrl-C byte among them) are dropped.
  static func pastedLine(_ text: String) -> String {
    var line = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if scalar == "\t" || Character(scalar).isNewline {
        line.append(" ")
      } else if scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value) {
        line.append(scalar)
      }
    }
    return String(line)
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
      options = state.layoutOptions
      size = state.size
      shown = state.shown.identity
      cellShape = state.capabilities.cellShape
    }
  }

  /// The work to hand to workers now: the rest of a search just started; the measuring of
  /// every card once the layout is settled, then of the cards that arrive after.
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
    if let viewer = state.mode.viewer, viewer.showsInfo, let card = state.selectedCard,
      let source = state.cards.cards[card].image?.source, state.pictureFacts?.source != source
    {
      // The viewer's facts panel: its picture's header read once, off the loop.
      state.pictureFacts = ViewerFacts(source: source, facts: nil)
      effects.append(.readFacts(source))
    }
    let chunkCount = state.cards.cards.chunks.count
    if state.measuring.wanted, !caches.geometry(for: state).isTooSmall {
      // A new layout: every card, as a new job (which stops the one before).
      let generation = state.nextJob()
      if let job = caches.measureJob(generation: generation, fromChunk: 0, for: state) {
        state.measuring = MeasureProgress(generation: generation, handedChunks: chunkCount)
        effects.append(.measure(job))
      }
    } else if state.measuring.generation != 0, state.measuring.handedChunks < chunkCount,
      !caches.geometry(for: state).isTooSmall,
      let job = caches.measureJob(
        generation: state.measuring.generation, fromChunk: state.measuring.handedChunks,
        for: state)
    {
      // Cards that arrived since: the same job's generation, queued after it.
      state.measuring.handedChunks = chunkCount
      effects.append(.measure(job))
    }
    return effects
  }
}
