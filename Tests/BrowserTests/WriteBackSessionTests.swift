import Browser
import CardReading
import Cards
import FileCuration
import Foundation
import LayoutEngine
import TestSupport
import Testing

/// `e` and `#`: the prompts prefilled with the card's caption and tags, the edits they make
/// for the card file (only the cards whose tags change, when marked), the write answered by
/// reading the file again with the edited card selected, and `u` writing it back as it was.
@Suite struct WriteBackSessionTests {
  static let size = Size(width: 100, height: 30)
  static let text = """
    {"id":"a","caption":"Red panda","tags":["mammal","forest"]}
    {"id":"b","caption":"Owl","tags":["bird"]}
    {"id":"c","caption":"Carp","tags":["fish","zoo"]}

    """

  static func setUp() throws -> (path: String, store: BrowserStore) {
    let path = TemporaryFiles.makeDirectory() + "/cards.jsonl"
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    var store = BrowserStore(try CardLoader.load(path: path), size: size)
    store.setEditableFile(path)
    return (path, store)
  }

  @Test func eEditsTheCaptionAndUWritesItBack() throws {
    var (path, store) = try Self.setUp()
    store.press(.character("l"))
    store.send(.key(.character("e"))) { $0.mode = .filePrompt(FilePrompt(.caption, text: "Owl")) }
    for character in " (snowy)" { store.press(.character(character)) }
    let effects = store.send(.key(.enter))
    let card = store.state.cards.cards[1]
    #expect(
      effects == [.editCards(path, [CardEdit(card: 1, expected: card, caption: "Owl (snowy)")])])
    let outcome = EffectRunner.writeBack(
      [CardEdit(card: 1, expected: card, caption: "Owl (snowy)")], path: path,
      mapping: FieldMapping(), curator: Curator(trash: nil, home: nil))
    let reload = store.send(.curated(outcome))
    #expect(reload.contains { if case .reload = $0 { true } else { false } })
    #expect(store.state.message == "written: cards.jsonl (u: undo)")
    #expect(
      TextFile.read(path) == Self.text.replacingOccurrences(of: "\"Owl\"", with: "\"Owl (snowy)\""))
    store.send(.reloaded(try CardLoader.load(path: path), marks: CardMarks()))
    #expect(store.state.selectedCard == 1, "the edited card stays selected")
    #expect(store.state.shownCard(1).caption == "Owl (snowy)")
    // u: the file as it was, byte for byte.
    let undo = store.send(.key(.character("u")))
    guard case .curate(let request) = try #require(undo.first) else {
      Issue.record("u did not undo")
      return
    }
    store.send(.curated(Curator(trash: nil, home: nil).perform(request)))
    #expect(TextFile.read(path) == Self.text)
  }

  @Test func hashOnMarkedCardsAddsAndRemovesOnlyWhereItChanges() throws {
    var (path, store) = try Self.setUp()
    store.press(.character("m"), .character("l"), .character("m"), .character("l"), .character("m"))
    store.send(.key(.character("#"))) { $0.mode = .filePrompt(FilePrompt(.markedTags)) }
    store.send(.paste("+zoo -forest"))
    let effects = store.send(.key(.enter))
    let cards = store.state.cards.cards
    #expect(
      effects == [
        .editCards(
          path,
          [
            CardEdit(card: 0, expected: cards[0], tags: ["mammal", "zoo"]),
            CardEdit(card: 1, expected: cards[1], tags: ["bird", "zoo"]),
          ])
      ], "the carp has zoo and no forest: unchanged")
  }

  @Test func aReadOnlySourceSaysSo() {
    var store = BrowserStore(size: Self.size)
    store.send(.key(.character("e"))) {
      $0.message =
        "read-only: captions and tags are written to JSON card files"
    }
  }
}
