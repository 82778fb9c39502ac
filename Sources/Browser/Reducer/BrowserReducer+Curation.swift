import Cards
import FileCuration
import PictureFiles
import TerminalCore

// The curation keys: files to the trash (`d`), moved or copied into a folder (`x`, `c`),
// renamed (`R`), and taken back (`u`). The files change off the loop (`.curate`); their
// cards leave the wall when the answer says which files went.

extension BrowserReducer {
  /// How many steps `u` can take back.
  package static let undoLimit = 50

  /// `d`, `x`, `c`, `R`, `u` while the cards have the keys.
  static func curationCommand(_ command: CurationCommand, _ state: inout BrowserState)
    -> [BrowserEffect]
  {
    guard state.curating == nil else {
      state.message = "still changing files: a moment"
      return []
    }
    let files = state.actionFiles
    switch command {
    case .trash:
      guard !files.isEmpty else {
        state.message = "no picture file to move to the trash"
        return []
      }
      return curate(.trash(files.map(\.path)), cards: files.map(\.card), &state)
    case .move, .copy:
      guard !files.isEmpty else {
        state.message = "no picture file to \(command == .move ? "move" : "copy")"
        return []
      }
      var prompt = FilePrompt(
        command == .move ? .move : .copy, cards: files.map(\.card),
        generation: state.cardsGeneration)
      prompt.base = files.first.map { FileName.folder(of: $0.path) }
      state.mode = .filePrompt(prompt)
    case .rename:
      guard let card = state.selectedCard,
        let path = BrowserState.filePath(of: state.cards.cards[card])
      else {
        state.message = "no picture file to rename"
        return []
      }
      // A card file or a list names its pictures: renaming one would break it. A folder
      // is listed again after the rename.
      guard state.folderSort != nil else {
        state.message = "R renames a folder's pictures; this source names its files itself"
        return []
      }
      state.mode = .filePrompt(
        FilePrompt(
          .rename, text: FileName.lastComponent(path), cards: [card],
          generation: state.cardsGeneration))
    case .caption, .tags:
      guard state.editableFile != nil else {
        state.message =
          "read-only: captions and tags are written to JSON card files"
        return []
      }
      guard let card = state.selectedCard else { return [] }
      let decoded = state.cards.cards[card]
      let generation = state.cardsGeneration
      if command == .caption {
        state.mode = .filePrompt(
          FilePrompt(.caption, text: decoded.caption, cards: [card], generation: generation))
      } else if state.marks.isEmpty, decoded.tags.contains(where: { $0.contains(",") }) {
        // The prompt lists the tags with commas between: one holding a comma would split.
        state.message = "a tag of this card holds a comma: mark it and use +tag -tag"
      } else if state.marks.isEmpty {
        state.mode = .filePrompt(
          FilePrompt(
            .tags, text: decoded.tags.joined(separator: ", "), cards: [card],
            generation: generation))
      } else {
        state.mode = .filePrompt(
          FilePrompt(.markedTags, cards: state.marks.sorted, generation: generation))
      }
    case .undo:
      guard let step = state.undoSteps.last, let record = step.record else {
        state.message = "nothing to undo"
        return []
      }
      state.curating = step
      state.message = "undoing…"
      return [.curate(.undo(record))]
    }
    return []
  }

  /// Starts `request` on the files of `cards`.
  private static func curate(
    _ request: CurationRequest, cards: [Int], _ state: inout BrowserState
  ) -> [BrowserEffect] {
    state.curating = CurationStep(record: nil, cards: cards, generation: state.cardsGeneration)
    return [.curate(request)]
  }

  /// A key at the file prompt: typing, Tab (complete a folder), Backspace, Enter, Esc.
  static func filePromptKey(_ key: Key, prompt: FilePrompt, _ state: inout BrowserState)
    -> [BrowserEffect]
  {
    var prompt = prompt
    guard let command = state.keys.filePrompt.command(for: key) else {
      guard case .character(let character) = key,
        character.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F })
      else { return [] }
      prompt.text.append(character)
      prompt.candidates = []
      state.mode = .filePrompt(prompt)
      return []
    }
    switch command {
    case .deleteBackward:
      guard !prompt.text.isEmpty else { return [] }
      prompt.text.removeLast()
      prompt.candidates = []
      state.mode = .filePrompt(prompt)
    case .complete:
      return prompt.action.takesFolder ? [.completeFolder(prompt.text, base: prompt.base)] : []
    case .cancel:
      state.mode = .browsing
    case .run:
      state.mode = .browsing
      let text = prompt.text
      // An empty tag list clears the tags; other empty answers change nothing.
      guard !text.isEmpty || prompt.action == .tags else { return [] }
      // The cards the prompt opened on, unless they were replaced meanwhile.
      guard prompt.generation == state.cardsGeneration, state.curating == nil else {
        state.message = "the cards were read again meanwhile: nothing changed"
        return []
      }
      let cards = prompt.cards.filter { $0 < state.cards.cards.count }
      let files = cards.compactMap { card in
        BrowserState.filePath(of: state.cards.cards[card]).map { (card: card, path: $0) }
      }
      switch prompt.action {
      case .move, .copy:
        var folder = text.count > 1 && text.hasSuffix("/") ? String(text.dropLast()) : text
        // A relative folder is the file's folder's (`~` is home: the curator's).
        if let base = prompt.base, !folder.hasPrefix("/"), !folder.hasPrefix("~") {
          folder = base + "/" + folder
        }
        let paths = files.map(\.path)
        guard !paths.isEmpty else { return [] }
        return curate(
          prompt.action == .move ? .move(paths, into: folder) : .copy(paths, into: folder),
          cards: files.map(\.card), &state)
      case .rename:
        guard let file = files.first, text != FileName.lastComponent(file.path) else { return [] }
        return curate(.rename(file.path, to: text), cards: [file.card], &state)
      case .caption, .tags, .markedTags:
        return writeBack(prompt.action, text, cards: cards, &state)
      }
    }
    return []
  }

  /// `e` and `#` answered: the edits of the card file, carried out off the loop.
  private static func writeBack(
    _ action: FilePrompt.Action, _ text: String, cards: [Int], _ state: inout BrowserState
  ) -> [BrowserEffect] {
    guard state.curating == nil, let path = state.editableFile else { return [] }
    var edits: [CardEdit] = []
    switch action {
    case .caption:
      guard let card = cards.first else { return [] }
      let decoded = state.cards.cards[card]
      guard decoded.caption != text else { return [] }
      edits = [CardEdit(card: card, expected: decoded, caption: text)]
    case .tags:
      guard let card = cards.first else { return [] }
      let decoded = state.cards.cards[card]
      let tags = text.split(separator: ",").map { part in
        String(part.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
      }.filter { !$0.isEmpty }
      guard tags != decoded.tags else { return [] }
      edits = [CardEdit(card: card, expected: decoded, tags: tags)]
    case .markedTags:
      let words = text.split(separator: " ").map(String.init)
      let added = words.filter { $0.hasPrefix("+") && $0.count > 1 }.map { String($0.dropFirst()) }
      let removed = Set(
        words.filter { $0.hasPrefix("-") && $0.count > 1 }.map { String($0.dropFirst()) })
      guard !added.isEmpty || !removed.isEmpty else {
        state.message = "+tag adds it, -tag removes it"
        return []
      }
      for card in cards {
        let decoded = state.cards.cards[card]
        var tags = decoded.tags.filter { !removed.contains($0) }
        for tag in added where !tags.contains(tag) { tags.append(tag) }
        if tags != decoded.tags {
          edits.append(CardEdit(card: card, expected: decoded, tags: tags))
        }
      }
      guard !edits.isEmpty else {
        state.message = "the marked cards' tags are already so"
        return []
      }
    case .copy, .move, .rename:
      return []
    }
    state.curating = CurationStep(
      record: nil, cards: edits.map(\.card), generation: state.cardsGeneration)
    return [.editCards(path, edits)]
  }

  /// Tab's answer: what was typed continued, when nothing else was typed meanwhile.
  static func folderCompleted(_ completion: FolderCompletion, _ state: inout BrowserState) {
    guard var prompt = state.mode.filePrompt, prompt.text == completion.typed else { return }
    prompt.text = completion.completed
    prompt.candidates = completion.candidates.count > 1 ? completion.candidates : []
    state.mode = .filePrompt(prompt)
    if completion.candidates.isEmpty { state.message = "no folder continues “\(completion.typed)”" }
  }

  /// What a curation request did: its cards leave the wall (trashed, moved away) or come
  /// back (undone), and `u` can take it back.
  static func curated(
    _ outcome: CurationOutcome, _ state: inout BrowserState, caches: BrowserCaches
  ) -> [BrowserEffect] {
    let asked = state.curating
    state.curating = nil
    state.message = outcome.summary
    // The cards still those of the request (no reload came between).
    let cards =
      asked.map { $0.generation == state.cardsGeneration ? $0.cards : [] } ?? []
    let done = zip(cards, outcome.done).filter(\.1).map(\.0)
    switch outcome.request {
    case .rewrite:
      guard let record = outcome.record else { return [] }
      // The edited cards, by their place in the file (the same after it is read again).
      let edited = asked?.cards ?? []
      state.undoSteps.append(
        CurationStep(record: record, cards: edited, generation: state.cardsGeneration))
      if state.undoSteps.count > undoLimit { state.undoSteps.removeFirst() }
      state.message = outcome.summary + " (u: undo)"
      return readAgain(selecting: edited.first.map { .card($0) }, &state)
    case .trash, .move, .copy, .rename:
      guard let record = outcome.record else { return [] }
      state.undoSteps.append(
        CurationStep(record: record, cards: done, generation: state.cardsGeneration))
      if state.undoSteps.count > undoLimit { state.undoSteps.removeFirst() }
      state.message = outcome.summary + " (u: undo)"
      switch record {
      case .trashed, .moved: takeOffWall(done, &state, caches: caches)
      case .copied, .rewritten: break
      case .renamed(let place): return readAgain(selecting: .file(place.to), &state)
      }
    case .undo(let record):
      guard outcome.record != nil else { return [] }
      if let last = state.undoSteps.lastIndex(where: { $0.record == record }) {
        // What could not be taken back stays on the stack, to try again.
        if let left = record.split(done: outcome.done).left {
          state.undoSteps[last].record = left
          state.undoSteps[last].cards = zip(state.undoSteps[last].cards, outcome.done)
            .filter { !$0.1 }.map(\.0)
        } else {
          state.undoSteps.remove(at: last)
        }
      }
      switch record {
      case .trashed, .moved:
        if cards.isEmpty, state.folderSort != nil {
          // The folder was read again since: what came back is found by reading it again.
          let first: String? =
            switch record {
            case .trashed(let files): files.first?.original
            case .moved(let places): places.first?.from
            case .copied, .renamed, .rewritten: nil
            }
          return readAgain(selecting: first.map { .file($0) }, &state)
        }
        putBackOnWall(done, &state, caches: caches)
      case .copied: break
      case .renamed(let place): return readAgain(selecting: .file(place.from), &state)
      case .rewritten:
        return readAgain(selecting: asked?.cards.first.map { .card($0) }, &state)
      }
    }
    return []
  }

  /// The source read again after a rename or an edit: `selection` selected then.
  private static func readAgain(
    selecting selection: ReloadSelection?, _ state: inout BrowserState
  ) -> [BrowserEffect] {
    state.selectsAfterReload = selection
    state.marksAtRequest = state.marks
    return [.reload(marked: state.marks.identities(in: state.cards.cards))]
  }

  /// `cards` leave the wall (and the marks): the selection keeps its place, on the card
  /// after the selected one when that one left, else the one before.
  static func takeOffWall(_ cards: [Int], _ state: inout BrowserState, caches: BrowserCaches) {
    guard !cards.isEmpty else { return }
    let before = state.shown
    let selected = state.selected
    for card in cards {
      state.removed.insert(card)
      state.marks.remove(card)
    }
    var next: Int?
    if let selected, selected < before.count {
      next =
        (selected..<before.count).lazy.map { before[$0] }.first { !state.removed.contains($0) }
        ?? (0..<selected).reversed().lazy.map { before[$0] }.first {
          !state.removed.contains($0)
        }
    }
    reshow(selecting: next, &state, caches: caches)
  }

  /// `cards` come back to the wall (their files put back): the first is selected.
  static func putBackOnWall(_ cards: [Int], _ state: inout BrowserState, caches: BrowserCaches) {
    guard !cards.isEmpty else { return }
    for card in cards { state.removed.remove(card) }
    reshow(selecting: cards.min(), &state, caches: caches)
  }

  /// The cards shown made again (the filter and `removed` applied), `card` selected.
  private static func reshow(
    selecting card: Int?, _ state: inout BrowserState, caches: BrowserCaches
  ) {
    showCards(matching: state.filter, &state, caches: caches)
    state.transition = nil
    state.selected =
      card.flatMap { state.shown.position(ofCard: $0, in: state.cards) }
      ?? (state.shown.isEmpty ? nil : Swift.min(state.selected ?? 0, state.shown.count - 1))
    if state.selected == nil {
      state.scrollOffset = 0
      // Nothing left to view.
      if state.mode.viewer != nil { state.mode = .browsing }
    }
    revealSelection(&state, caches: caches)
  }
}

/// The curation keys of the cards' table, apart from the rest of its commands.
enum CurationCommand: Hashable {
  case trash, move, copy, rename, undo, caption, tags
}
