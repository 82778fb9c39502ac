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
  /// A feed of `count` cards, cut into chunks of `chunkCards` as the loader would hand
  /// them over.
  static func chunks(count: Int, chunkCards: Int, seed: UInt64 = 21) -> [CardChunk] {
    let feed = Array(FeedGenerator(seed: seed).jsonLines(count: count).utf8)
    let whole = try! CardLoader.load(bytes: feed, path: "feed.jsonl")
    var result: [CardChunk] = []
    var start = 0
    while start < whole.cards.count {
      let end = Swift.min(whole.cards.count, start + chunkCards)
      result.append(CardStore(whole.cards[start..<end]).chunks[0])
      start = end
    }
    return result
  }

  static func rowsAboveStatus(_ screen: Screen) -> [String] {
    (0..<screen.height - 1).map { screen.row($0) }
  }

  /// The cells above the status row that showed something and now show something else
  /// (arriving cards may fill empty space below the last card, nothing else).
  static func movedCells(from before: Screen, to after: Screen) -> Int {
    var moved = 0
    for y in 0..<before.height - 1 {
      for (old, new) in zip(before.row(y), after.row(y)) where old != " " && old != new {
        moved += 1
      }
    }
    return moved
  }

  @Test(arguments: LayoutKind.all.map(\.name))
  func appendedCardsLeaveTheScreenStill(layoutName: String) {
    let kind = LayoutKind.all.first { $0.name == layoutName }!
    let pieces = Self.chunks(count: 1_200, chunkCards: 150)
    var options = LayoutOptions()
    options.kind = kind
    var first = CardCollection(source: "feed.jsonl", store: CardStore())
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
        Self.movedCells(from: before, to: store.frame()) == 0,
        "\(layoutName) after piece \(read)")
    }
    #expect(store.state.shown.count == 1_200)
    // And the cards that came last are there: G reaches them.
    store.press(.character("G"))
    #expect(store.state.selected == 1_199)
  }

  /// With a search on, arriving cards that match join the results (at the end); others
  /// stay out.
  @Test func arrivingCardsJoinAFilterWhenTheyMatch() {
    let pieces = Self.chunks(count: 600, chunkCards: 200)
    var first = CardCollection(source: "feed.jsonl", store: CardStore())
    first.append(pieces[0])
    var store = BrowserStore(first, size: Size(width: 100, height: 30))
    store.send(.key(.character("/")))
    for character in "fox" { store.send(.key(.character(character))) }
    store.send(.key(.enter))
    let before = store.frame()
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
      }())
    var fresh = BrowserStore(everything, size: Size(width: 100, height: 30))
    fresh.send(.key(.character("/")))
    for character in "fox" { fresh.send(.key(.character(character))) }
    fresh.send(.key(.enter))
    #expect(store.state.shown.count > matchedBefore)
    #expect(Array(store.state.shown) == Array(fresh.state.shown))
    #expect(Self.rowsAboveStatus(store.frame()) == Self.rowsAboveStatus(before))
  }

  @Test func theStatusBarSaysHowFarTheSourceIsRead() {
    var store = BrowserStore(
      CardCollection(source: "big.jsonl", store: CardStore()), size: Size(width: 100, height: 20),
      load: .waiting)
    var frame = store.frame()
    #expect(frame.row(19).contains("0 of 0 │ waiting for input…"))
    #expect(frame.plainText().contains("Waiting for input…"))
    let pieces = Self.chunks(count: 100, chunkCards: 50)
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
    let pieces = Self.chunks(count: 300, chunkCards: 100)
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
}

/// `G` while a stream loads goes to the last card and stays at the end as more cards
/// arrive, as `less +F` follows a file, until another movement key.
@Suite struct FollowingTheEndTests {
  @Test func gFollowsTheEndUntilAnotherMovementKey() {
    let pieces = StreamingSessionTests.chunks(count: 900, chunkCards: 150)
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
    let selected = store.state.selected
    store.send(.cardsArrived(LoadedCards(chunks: [pieces[4]], bytesRead: 6, totalBytes: nil)))
    #expect(store.state.selected == selected)
    // G again, then the end of the source: the last card, and following stops.
    store.press(.character("G"))
    store.send(.cardsArrived(LoadedCards(chunks: [pieces[5]], bytesRead: 7, totalBytes: nil)))
    store.send(.loadFinished(nil))
    #expect(!store.state.followsEnd)
    #expect(store.state.selected == 899)
    #expect(!store.frame().row(31).contains("following"))
  }
}
