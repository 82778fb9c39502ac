import Browser
import CardLayouts
import Cards
import LayoutEngine
import TerminalCore
import TerminalScreen
import TestSupport
import Testing

/// Cards that stream in while the browser runs: they join at the end and nothing on
/// screen moves, whatever the layout, the filter or where the person scrolled to.
@Suite struct StreamingSessionTests {
  static func rowsAboveStatus(_ screen: Screen) -> [String] {
    (0..<screen.height - 1).map { screen.row($0) }
  }

  /// Sections as runs: arriving cards join the last run or start new ones, below
  /// everything on screen, so no cell on screen changes.
  @Test(arguments: LayoutKind.all.map(\.name))
  func appendedCardsLeaveTheScreenStill(layoutName: String) {
    let kind = LayoutKind.all.first { $0.name == layoutName }!
    let pieces = Sessions.chunks(count: 1_200, chunkCards: 150)
    var options = LayoutOptions()
    options.kind = kind
    var first = CardCollection(source: "feed.jsonl", store: CardStore(), sections: .runs)
    first.append(pieces[0])
    var store = BrowserStore(first, size: Size(width: 110, height: 32), options: options)
    store.press(.character("j"), .character("j"), .character("l"), .shiftDown)
    // All the tags are in the first piece: the strip stays too.
    let before = store.frame()
    let stateBefore = store.state
    var read = 0
    for piece in pieces.dropFirst() {
      read += 1
      store.send(.cardsArrived(LoadedCards(chunks: [piece], bytesRead: read, totalBytes: nil))) {
        $0.load = stateBefore.load
      }
      #expect(
        Sessions.movedCells(from: before, to: store.frame()) == 0,
        "\(layoutName) after piece \(read)")
    }
    #expect(store.state.shown.count == 1_200)
    // And the cards that came last are there: G reaches them.
    store.press(.character("G"))
    #expect(store.state.selected == 1_199)
  }

  /// The cells of `screen` inside `rect` (with their styles), row by row.
  static func cells(_ rect: Rect, of screen: Screen) -> [[Cell]] {
    let above = Rect(x: 0, y: 0, width: screen.width, height: screen.height - 1)
    guard let shown = rect.intersection(above) else { return [] }
    return (shown.minY..<shown.maxY).map { y in (shown.minX..<shown.maxX).map { screen[$0, y] } }
  }

  /// The first row where two frames differ, as `row: this | that` (nil when they agree).
  static func firstDifference(_ one: Screen, _ other: Screen) -> String? {
    guard one.height == other.height else { return "heights \(one.height) and \(other.height)" }
    for y in 0..<one.height where one.row(y) != other.row(y) {
      return "\(y): \(one.row(y)) | \(other.row(y))"
    }
    return nil
  }

  /// Grouped sections (the default) grow anywhere: the feed's five sections come in runs
  /// of 40, so each piece adds to sections above the screen, on it and below it. The
  /// selected card stays the same card, at the same place, drawn the same, and the view
  /// is the one a batch load of the same cards makes.
  @Test(arguments: LayoutKind.all.map(\.name))
  func groupedArrivalsKeepTheSelectedCardStill(layoutName: String) throws {
    let kind = LayoutKind.all.first { $0.name == layoutName }!
    let pieces = Sessions.chunks(count: 1_200, chunkCards: 70)
    var options = LayoutOptions()
    options.kind = kind
    var first = CardCollection(source: "feed.jsonl", store: CardStore())
    first.append(pieces[0])
    first.append(pieces[1])
    var store = BrowserStore(first, size: Size(width: 110, height: 32), options: options)
    // Into the second section, so that the first grows above the screen.
    store.press(.pageDown, .character("j"), .character("l"))
    let card = store.selectedCard
    let rect = try #require(store.selectedScreenFrame())
    let drawn = Self.cells(rect, of: store.frame())
    for (read, piece) in pieces.dropFirst(2).enumerated() {
      store.send(.cardsArrived(LoadedCards(chunks: [piece], bytesRead: read, totalBytes: nil)))
      #expect(store.selectedCard == card, "\(layoutName) after piece \(read)")
      #expect(store.selectedScreenFrame() == rect, "\(layoutName) after piece \(read)")
      #expect(
        Self.cells(rect, of: store.frame()) == drawn, "\(layoutName) after piece \(read)")
    }
    store.send(.loadFinished(nil))
    #expect(store.state.shown.count == 1_200)
    #expect(store.state.shown.sectionCount == 5)
    var batch = BrowserStore(
      store.state.cards, size: Size(width: 110, height: 32), options: options)
    #expect(Array(store.state.shown) == Array(batch.state.shown))
    // Both at the top, then both at the end: the same frames, and the header counts
    // every card of its section.
    store.press(.character("g"))
    batch.press(.character("g"))
    #expect(Self.firstDifference(store.frame(), batch.frame()) == nil, "\(layoutName) at the top")
    #expect(store.frame().plainText().contains("── mammals · 240 ──"))
    store.press(.character("G"))
    batch.press(.character("G"))
    #expect(Self.firstDifference(store.frame(), batch.frame()) == nil, "\(layoutName) at the end")
  }

  /// Random feeds with random section names, cut into random pieces, in every layout and
  /// at random widths: after each piece the incrementally grown layout places every card
  /// where a batch layout of the cards so far does.
  @Test func groupedGrowthMatchesABatchLayoutAtEveryStep() {
    var random = SeededGenerator(seed: 44)
    let names = ["a", "b", "c", "d", "e", "f", "g"]
    for round in 0..<40 {
      let count = Int.random(in: 1...160, using: &random)
      let sectionCount = Int.random(in: 1...names.count, using: &random)
      var lines: [String] = []
      for index in 0..<count {
        let words = Int.random(in: 1...12, using: &random)
        let caption = (0..<words).map { _ in "w\(Int.random(in: 0...99, using: &random))" }
        let section =
          Int.random(in: 0...5, using: &random) == 0
          ? "" : ",\"section\":\"\(names[Int.random(in: 0..<sectionCount, using: &random)])\""
        let image =
          Bool.random(using: &random)
          ? ",\"image\":{\"width\":\(Int.random(in: 1...9, using: &random)),\"height\":\(Int.random(in: 1...9, using: &random))}"
          : ""
        lines.append(
          "{\"id\":\"\(index)\",\"caption\":\"\(caption.joined(separator: " "))\"\(section)\(image)}"
        )
      }
      let whole = try! CardLoader.load(
        bytes: Array(lines.joined(separator: "\n").utf8), path: "r.jsonl")
      var options = LayoutOptions()
      options.kind = LayoutKind.all[round % LayoutKind.all.count]
      let size = Size(width: Int.random(in: 30...140, using: &random), height: 24)
      var grown = CardCollection(source: "r.jsonl", store: CardStore())
      var start = 0
      var store: BrowserStore?
      while start < whole.cards.count {
        let end = Swift.min(whole.cards.count, start + Int.random(in: 1...40, using: &random))
        let piece = CardStore(whole.cards[start..<end]).chunks[0]
        if store == nil {
          grown.append(piece)
          store = BrowserStore(
            grown, size: size, options: options, load: .loading(bytesRead: 0, totalBytes: nil))
        } else {
          store!.send(.cardsArrived(LoadedCards(chunks: [piece], bytesRead: 0, totalBytes: nil)))
          if Bool.random(using: &random) { store!.press(.character("j")) }
        }
        start = end
        let state = store!.state
        let batch = BrowserStore(state.cards, size: size, options: options)
        #expect(Array(state.shown) == Array(batch.state.shown), "round \(round)")
        for position in 0..<state.shown.count {
          let incremental = store!.caches.frame(ofShown: position, in: state)
          let fresh = batch.caches.frame(ofShown: position, in: batch.state)
          guard incremental == fresh else {
            Issue.record(
              "round \(round), card \(position): \(String(describing: incremental)) vs \(String(describing: fresh))"
            )
            break
          }
        }
        #expect(
          store!.caches.layout(for: state).contentSize
            == batch.caches.layout(for: batch.state).contentSize, "round \(round)")
      }
    }
  }

  /// With a search on, arriving cards that match join the results (at the end of their
  /// sections); others stay out. As runs nothing on screen changes; grouped, the selected
  /// card stays where it was, drawn the same.
  @Test(arguments: [SectionMode.runs, .grouped])
  func arrivingCardsJoinAFilterWhenTheyMatch(sections: SectionMode) throws {
    let pieces = Sessions.chunks(count: 600, chunkCards: 200)
    var first = CardCollection(source: "feed.jsonl", store: CardStore(), sections: sections)
    first.append(pieces[0])
    var store = BrowserStore(first, size: Size(width: 100, height: 30))
    store.send(.key(.character("/")))
    for character in "fox" { store.send(.key(.character(character))) }
    store.send(.key(.enter))
    store.press(.character("j"), .character("l"))
    let before = store.frame()
    let card = store.selectedCard
    let rect = try #require(store.selectedScreenFrame())
    let matchedBefore = store.state.shown.count
    for piece in pieces.dropFirst() {
      store.send(.cardsArrived(LoadedCards(chunks: [piece], bytesRead: 0, totalBytes: nil)))
    }
    let everything = CardCollection(
      source: "all",
      store: {
        var all = CardStore()
        for piece in pieces { all.append(piece) }
        return all
      }(), sections: sections)
    var fresh = BrowserStore(everything, size: Size(width: 100, height: 30))
    fresh.send(.key(.character("/")))
    for character in "fox" { fresh.send(.key(.character(character))) }
    fresh.send(.key(.enter))
    #expect(store.state.shown.count > matchedBefore)
    #expect(Array(store.state.shown) == Array(fresh.state.shown))
    #expect(store.selectedCard == card)
    #expect(store.selectedScreenFrame() == rect)
    #expect(Self.cells(rect, of: store.frame()) == Self.cells(rect, of: before))
    if sections == .runs {
      #expect(Self.rowsAboveStatus(store.frame()) == Self.rowsAboveStatus(before))
    }
  }

  @Test func theStatusBarSaysHowFarTheSourceIsRead() {
    var store = BrowserStore(
      CardCollection(source: "big.jsonl", store: CardStore()), size: Size(width: 100, height: 20),
      load: .waiting)
    var frame = store.frame()
    #expect(frame.row(19).contains("no cards │ waiting for input…"))
    #expect(frame.plainText().contains("Waiting for input…"))
    let pieces = Sessions.chunks(count: 100, chunkCards: 50)
    store.send(.cardsArrived(LoadedCards(chunks: [pieces[0]], bytesRead: 430, totalBytes: 1_000))) {
      $0.load = .loading(bytesRead: 430, totalBytes: 1_000)
      $0.selected = 0
      $0.selectionRow = 2
    }
    frame = store.frame()
    #expect(frame.row(19).contains("of 50 │ loading 43%"))
    store.send(.cardsArrived(LoadedCards(chunks: [pieces[1]], bytesRead: 1_000, totalBytes: 1_000)))
    store.send(.loadFinished(nil)) { $0.load = .complete }
    frame = store.frame()
    #expect(frame.row(19).contains("of 100 │"))
    #expect(!frame.row(19).contains("loading"))
  }

  /// A stream that stops at bad data keeps the cards before it and says why; one that
  /// fails before any card ends the browser (the program exits 65 with the message).
  @Test func aStopKeepsTheCardsAndSaysWhy() {
    let pieces = Sessions.chunks(count: 300, chunkCards: 100)
    var first = CardCollection(source: "-", store: CardStore())
    first.append(pieces[0])
    var store = BrowserStore(first, size: Size(width: 120, height: 24))
    let error = DataError(
      .badData, path: "-", position: SourcePosition(line: 101, column: 7),
      message: "unterminated string")
    let effects = store.send(.loadFinished(error)) { $0.load = .failed(error) }
    #expect(!effects.contains(.quit))
    #expect(store.frame().row(23).contains("stopped: -:101:7: unterminated string"))
    #expect(store.state.shown.count == 100)

    var empty = BrowserStore(
      CardCollection(source: "-", store: CardStore()), size: Size(width: 120, height: 24))
    #expect(empty.send(.loadFinished(error)).contains(.quit))
  }

  /// A followed file never ends the browser: a bad record skipped is said with its place;
  /// a file that cannot be read keeps the cards and says why; `F` tries it again now, `r`
  /// reads it anew; the file read again from its start follows on.
  @Test func aFollowedFileThatFailsKeepsTheCards() {
    let pieces = Sessions.chunks(count: 200, chunkCards: 100)
    var first = CardCollection(source: "/logs/feed.jsonl", store: CardStore())
    first.append(pieces[0])
    var store = BrowserStore(first, size: Size(width: 120, height: 24), load: .following)
    let bad = DataError(
      .badData, path: "/logs/feed.jsonl", position: SourcePosition(line: 12, column: 5),
      message: "invalid JSON: expected a value")
    store.send(.recordsSkipped(SkippedRecords(first: bad, count: 1))) {
      $0.message = "feed.jsonl:12:5: invalid JSON: expected a value (skipped)"
    }
    store.send(.recordsSkipped(SkippedRecords(first: bad, count: 3))) {
      $0.message =
        "3 bad records skipped, the first feed.jsonl:12:5: invalid JSON: expected a value"
    }
    let unreadable = DataError(
      .missingInput, path: "/logs/feed.jsonl", position: nil, message: "permission denied")
    let effects = store.send(.followHalted(unreadable)) { $0.load = .followHalted(unreadable) }
    #expect(!effects.contains(.quit))
    #expect(store.state.shown.count == 100, "the cards stay")
    #expect(store.frame().row(23).contains("following halted: permission denied · F: try now"))
    #expect(store.send(.key(.character("F"))).contains(.retryFollowing))
    #expect(store.state.message == "trying feed.jsonl again")
    #expect(
      store.send(.key(.character("r"))).contains {
        if case .reload = $0 { true } else { false }
      }, "r reads a halted file anew")
    store.send(.sourceRestarted("replaced: read again"))
    #expect(store.state.load == .following && store.state.shown.isEmpty)
    store.send(.cardsArrived(LoadedCards(chunks: [pieces[1]], bytesRead: 2, totalBytes: nil)))
    #expect(store.state.shown.count == 100)
  }

  /// A followed file replaced by another: a mark goes back only to a card that comes back
  /// with the marked picture (or id), never to whatever picture takes its place.
  @Test func marksNeverMoveToAnotherPictureWhenTheFileIsReplaced() {
    func chunk(_ names: [String]) -> CardChunk {
      CardStore(
        names.map { name in
          Card(
            caption: name,
            image: CardImage(width: 4, height: 3, path: name, source: .file("/f/" + name)))
        } + [Card(caption: "text alone")]
      ).chunks[0]
    }
    var first = CardCollection(source: "/f/feed.jsonl", store: CardStore())
    first.append(chunk(["keep1.jpg", "keep2.jpg", "keep3.jpg"]))
    var store = BrowserStore(first, size: Size(width: 120, height: 30), load: .following)
    store.press(.character("M"))
    #expect(store.state.marks.count == 4)
    store.send(.sourceRestarted("replaced: read again"))
    store.send(
      .cardsArrived(
        LoadedCards(
          chunks: [chunk(["victim1.jpg", "victim2.jpg", "victim3.jpg"])], bytesRead: 1,
          totalBytes: nil)))
    #expect(store.state.marks.sorted == [3], "only the card of text alone, at its place")
    #expect(store.state.actionPaths.allSatisfy { !$0.contains("victim") })
    store.send(.sourceRestarted("replaced: read again"))
    store.send(
      .cardsArrived(
        LoadedCards(chunks: [chunk(["new.jpg", "keep2.jpg"])], bytesRead: 1, totalBytes: nil)))
    #expect(store.state.marks.sorted == [1], "keep2 by its picture; the text card's place is 2 now")
    #expect(store.state.actionPaths == ["/f/keep2.jpg"])
  }
}

/// `G` while a stream loads goes to the last card and stays at the end as more cards
/// arrive, as `less +F` follows a file, until another movement key.
@Suite struct FollowingTheEndTests {
  @Test func gFollowsTheEndUntilAnotherMovementKey() {
    let pieces = Sessions.chunks(count: 900, chunkCards: 150)
    var first = CardCollection(source: "feed.jsonl", store: CardStore())
    first.append(pieces[0])
    var store = BrowserStore(
      first, size: Size(width: 110, height: 32), load: .loading(bytesRead: 1, totalBytes: nil))
    store.press(.character("G"))
    #expect(store.state.followsEnd)
    #expect(store.state.selected == 149)
    #expect(store.frame().row(31).contains("following the end"))
    for (read, piece) in pieces.dropFirst().prefix(3).enumerated() {
      store.send(.cardsArrived(LoadedCards(chunks: [piece], bytesRead: read + 2, totalBytes: nil)))
      #expect(store.state.selected == store.state.shown.count - 1, "the new last card")
      let geometry = store.geometry()
      #expect(
        store.state.scrollOffset
          == Scrolling.maximumOffset(store.state, store.caches, geometry: geometry),
        "the end on screen")
    }
    // Another movement key: the end stays where it was.
    store.press(.character("k"))
    #expect(!store.state.followsEnd)
    let selected = store.selectedCard
    store.send(.cardsArrived(LoadedCards(chunks: [pieces[4]], bytesRead: 6, totalBytes: nil)))
    #expect(store.selectedCard == selected)
    // G again, then the end of the source: the last card, and following stops.
    store.press(.character("G"))
    store.send(.cardsArrived(LoadedCards(chunks: [pieces[5]], bytesRead: 7, totalBytes: nil)))
    store.send(.loadFinished(nil))
    #expect(!store.state.followsEnd)
    #expect(store.state.selected == 899)
    #expect(!store.frame().row(31).contains("following"))
  }
}

/// Measuring runs while a source streams in: every card once the first screen is placed,
/// then each piece's cards as they arrive, under the same job — never every card again —
/// so that `G` the moment the load ends finds them counted.
@Suite struct StreamingMeasuringTests {
  static func measureJobs(_ effects: [BrowserEffect]) -> [MeasureJob] {
    effects.compactMap {
      if case .measure(let job) = $0 { return job }
      return nil
    }
  }

  @Test func eachPieceIsMeasuredOnceAsItArrives() {
    let pieces = Sessions.chunks(count: 600, chunkCards: 100)
    var first = CardCollection(source: "feed.jsonl", store: CardStore())
    first.append(pieces[0])
    var store = BrowserStore(first, size: Size(width: 110, height: 32), options: LayoutOptions())
    // The first screen is placed and measured: a job for every card so far was handed.
    let generation = store.state.measuring.generation
    #expect(generation != 0)
    #expect(store.state.measuring.handedChunks == 1)
    var handed = 1
    for piece in pieces.dropFirst() {
      let arrived = Self.measureJobs(
        store.send(.cardsArrived(LoadedCards(chunks: [piece], bytesRead: 0, totalBytes: nil))))
      #expect(arrived.count == 1)
      #expect(arrived.first?.generation == generation)
      #expect(arrived.first?.firstChunk == handed)
      #expect(arrived.first?.chunks.count == 1)
      #expect(arrived.first?.chunks.first === piece)
      handed += 1
    }
    // The end of the load measures nothing again.
    #expect(Self.measureJobs(store.send(.loadFinished(nil))).isEmpty)
    // A new layout (another width) measures every card again, as a new job.
    let resized = Self.measureJobs(store.send(.resized(Size(width: 90, height: 32))))
    #expect(resized.count == 1)
    #expect(resized.first.map { $0.generation > generation } == true)
    #expect(resized.first?.chunks.count == pieces.count)
  }
}
