import Browser
import CardReading
import Cards
import FileCuration
import Foundation
import LayoutEngine
import TerminalCore
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
    store.send(.key(.character("e"))) {
      $0.mode = .filePrompt(FilePrompt(.caption, text: "Owl", cards: [1]))
    }
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
    store.send(.key(.character("#"))) {
      $0.mode = .filePrompt(FilePrompt(.markedTags, cards: [0, 1, 2]))
    }
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

  @Test func anUndoThatCannotWriteKeepsItsStep() throws {
    var (path, store) = try Self.setUp()
    let curator = Curator(trash: nil, home: nil)
    store.press(.character("e"), .character("!"))
    let edits = store.send(.key(.enter))
    guard case .editCards(_, let cardEdits) = try #require(edits.first) else { return }
    store.send(
      .curated(
        EffectRunner.writeBack(cardEdits, path: path, mapping: FieldMapping(), curator: curator)))
    // Another program writes the edited value meanwhile: u says so, changes nothing, and
    // stays. (A change elsewhere in the file would be kept: u puts back its own bytes.)
    let other = Self.text.replacingOccurrences(of: "\"Red panda\"", with: "\"Red panda?\"")
    try Data(other.utf8).write(to: URL(fileURLWithPath: path))
    guard case .curate(let request) = try #require(store.send(.key(.character("u"))).first) else {
      return
    }
    store.send(.curated(curator.perform(request)))
    #expect(store.state.message?.contains("changed since it was read") == true)
    #expect(store.state.undoSteps.count == 1, "the step stays, to try again")
    #expect(TextFile.read(path) == other)
  }

  @Test func thePromptActsOnTheCardItOpenedOn() throws {
    var (path, store) = try Self.setUp()
    store.press(.character("l"), .character("e"))
    // The selection moves meanwhile (as following the end would move it).
    store.send(.mouse(MouseEvent(.click, x: 2, y: 4)))
    store.press(.character("X"))
    let effects = store.send(.key(.enter))
    let card = store.state.cards.cards[1]
    #expect(effects == [.editCards(path, [CardEdit(card: 1, expected: card, caption: "OwlX")])])
  }
}
