import Browser
import CardLayouts
import Cards
import Foundation
import LayoutEngine
import TerminalScreen
import TerminalTesting
import TestSupport
import Testing

/// What the browser's session suites share: a session run in the in-memory terminal, the
/// selected card's place on screen, a feed cut into chunks as the loader hands them over,
/// the cells a frame moved.
enum Sessions {
  /// Runs the browser on `collection` in an in-memory terminal of `size` playing
  /// `script`: the app as it ended, and the terminal with every frame.
  static func session(
    _ size: Size, _ script: [InMemoryTerminal.Step], options: LayoutOptions = LayoutOptions(),
    collection: CardCollection = Sessions.sample
  ) -> (BrowserApp, InMemoryTerminal) {
    var app = BrowserApp(collection: collection, options: options) { collection }
    var terminal = InMemoryTerminal(size: size, script: script, wakeUp: app.wakeUp)
    app.run(on: &terminal)
    return (app, terminal)
  }

  static let sample = BundledSample.collection()

  /// A folder of `count` picture files (`p0.jpg`…, each holding its name) and their cards.
  static func pictureFolder(_ count: Int) throws -> (folder: String, collection: CardCollection) {
    let folder = TemporaryFiles.makeDirectory()
    var cards: [Card] = []
    for index in 0..<count {
      let path = "\(folder)/p\(index).jpg"
      try Data("p\(index)".utf8).write(to: URL(fileURLWithPath: path))
      cards.append(
        Card(
          caption: "p\(index).jpg",
          image: CardImage(width: 4, height: 3, path: path, source: .file(path))))
    }
    return (folder, CardCollection(source: folder, cards: cards))
  }

  /// The sample's cards without their pictures: Enter opens them as cards, not in the
  /// viewer.
  static let words: CardCollection = {
    let sample = BundledSample.collection()
    let cards = (0..<sample.cards.count).map { index in
      var card = sample.cards[index]
      card.image = nil
      return card
    }
    return CardCollection(source: "words.json", cards: cards)
  }()

  /// The selected card's frame on screen, if it shows.
  static func selectedScreenFrame(_ app: BrowserApp) -> Rect? {
    guard let selected = app.state.selected,
      let frame = app.caches.frame(ofShown: selected, in: app.state)
    else {
      return nil
    }
    let geometry = app.caches.geometry(for: app.state)
    return frame.offsetBy(dx: 0, dy: geometry.cardArea.minY - app.state.scrollOffset)
  }

  static func expectSelectionVisible(_ app: BrowserApp, _ note: String = "") {
    let regions = app.caches.geometry(for: app.state).regions
    guard !regions.isTooSmall, !app.state.shown.isEmpty else { return }
    guard let frame = selectedScreenFrame(app) else {
      Issue.record("no selection \(note)")
      return
    }
    #expect(frame.intersects(regions.content) || frame.isEmpty, "selection off screen \(note)")
  }

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

  /// The cells above the status row that showed something and now show something else
  /// (arriving cards may fill empty space below the last card, nothing else). A section
  /// header's row is left out: its count follows the cards that join.
  static func movedCells(from before: Screen, to after: Screen) -> Int {
    var moved = 0
    for y in 0..<before.height - 1
    where !(before.row(y).hasPrefix("── ") && after.row(y).hasPrefix("── ")) {
      for (old, new) in zip(before.row(y), after.row(y)) where old != " " && old != new {
        moved += 1
      }
    }
    return moved
  }
}
