import Browser
import Cards
import FileCuration
import Foundation
import LayoutEngine
import PictureFiles
import TerminalCore
import TestSupport
import Testing

/// The curation keys from the key to the disk and back: `d` to the trash, `x`/`c` into a
/// folder typed at the prompt (Tab completes), `R` renames, `u` takes each back; the cards
/// leave the wall and come back, the selection keeps its place, marks go with the cards.
@Suite struct CurationSessionTests {
  static let size = Size(width: 100, height: 30)

  /// A folder of `count` picture files (`p0.jpg`…, each holding its name), their cards,
  /// and a curator whose trash and home are in the folder.
  static func setUp(_ count: Int = 6) throws -> (
    folder: String, collection: CardCollection, curator: Curator
  ) {
    let (folder, collection) = try Sessions.pictureFolder(count)
    return (folder, collection, Curator(trash: Trash(dataHome: "\(folder)/data"), home: folder))
  }

  /// Carries out the request among `effects` (as the effect runner would) and sends the
  /// answer.
  static func answer(
    _ effects: [BrowserEffect], _ store: inout BrowserStore, _ curator: Curator,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for effect in effects {
      switch effect {
      case .curate(let request): store.send(.curated(curator.perform(request)))
      case .completeFolder(let typed, let base):
        store.send(
          .folderCompleted(FolderCompletion.complete(typed, home: curator.home, base: base)))
      default: continue
      }
      return
    }
    Issue.record("no curation effect in \(effects)", sourceLocation: sourceLocation)
  }

  static func captions(_ store: BrowserStore) -> [String] {
    store.state.shown.map { store.state.cards.cards[$0].caption }
  }

  @Test func dTrashesTheSelectedFileAndUPutsItBack() throws {
    let (folder, collection, curator) = try Self.setUp()
    var store = BrowserStore(collection, size: Self.size)
    store.press(.character("l"))
    #expect(store.state.selected == 1)
    let effects = store.send(.key(.character("d")))
    #expect(effects == [.curate(.trash(["\(folder)/p1.jpg"]))])
    // One request at a time.
    #expect(store.send(.key(.character("d"))).isEmpty)
    #expect(store.state.message == "still changing files: a moment")
    Self.answer(effects, &store, curator)
    #expect(Self.captions(store) == ["p0.jpg", "p2.jpg", "p3.jpg", "p4.jpg", "p5.jpg"])
    #expect(store.state.selected == 1, "the next card takes the selection's place")
    #expect(store.state.message == "moved to the trash: p1.jpg (u: undo)")
    #expect(!FileManager.default.fileExists(atPath: "\(folder)/p1.jpg"))
    #expect(TextFile.read("\(folder)/data/Trash/files/p1.jpg") == "p1")
    #expect(store.frame().row(Self.size.height - 1).contains("moved to the trash: p1.jpg"))

    let undo = store.send(.key(.character("u")))
    #expect(store.state.message == "undoing…")
    Self.answer(undo, &store, curator)
    #expect(Self.captions(store) == (0..<6).map { "p\($0).jpg" })
    #expect(store.state.selected == 1, "the card put back is selected")
    #expect(TextFile.read("\(folder)/p1.jpg") == "p1")
    #expect(store.state.undoSteps.isEmpty)
    store.send(.key(.character("u"))) { $0.message = "nothing to undo" }
  }

  @Test func markedFilesGoTogetherAndTheirMarksWithThem() throws {
    let (folder, collection, curator) = try Self.setUp()
    var store = BrowserStore(collection, size: Self.size)
    store.press(.character("m"), .character("l"), .character("l"), .character("m"))
    store.press(.character("G"))
    let effects = store.send(.key(.character("d")))
    #expect(effects == [.curate(.trash(["\(folder)/p0.jpg", "\(folder)/p2.jpg"]))])
    Self.answer(effects, &store, curator)
    #expect(Self.captions(store) == ["p1.jpg", "p3.jpg", "p4.jpg", "p5.jpg"])
    #expect(store.state.marks.isEmpty)
    #expect(store.state.selectedCard == 5, "the selected card was not marked: it stays selected")
    #expect(store.state.message == "moved to the trash: 2 files (u: undo)")
    // The last card selected and trashed: the one before takes its place.
    Self.answer(store.send(.key(.character("d"))), &store, curator)
    #expect(store.state.selectedCard == 4)
    // Two steps back, newest first.
    Self.answer(store.send(.key(.character("u"))), &store, curator)
    Self.answer(store.send(.key(.character("u"))), &store, curator)
    #expect(Self.captions(store).count == 6)
    for index in 0..<6 { #expect(TextFile.read("\(folder)/p\(index).jpg") == "p\(index)") }
  }

  @Test func undoSaysWhenAPlaceIsTakenAndKeepsTheStep() throws {
    let (folder, collection, curator) = try Self.setUp()
    var store = BrowserStore(collection, size: Self.size)
    Self.answer(store.send(.key(.character("d"))), &store, curator)
    try Data("new".utf8).write(to: URL(fileURLWithPath: "\(folder)/p0.jpg"))
    Self.answer(store.send(.key(.character("u"))), &store, curator)
    #expect(store.state.message == "cannot undo: \(folder)/p0.jpg is taken; nothing changed")
    #expect(store.state.undoSteps.count == 1)
    #expect(Self.captions(store).first == "p1.jpg", "the card stays off the wall")
    #expect(TextFile.read("\(folder)/p0.jpg") == "new")
  }

  @Test func trashedCardsStayOffTheWallThroughSearches() throws {
    let (_, collection, curator) = try Self.setUp()
    var store = BrowserStore(collection, size: Self.size)
    store.press(.character("/"), .character("p"), .character("3"), .enter)
    #expect(Self.captions(store) == ["p3.jpg"])
    Self.answer(store.send(.key(.character("d"))), &store, curator)
    #expect(Self.captions(store).isEmpty && store.state.selected == nil)
    store.press(.escape)
    #expect(Self.captions(store) == ["p0.jpg", "p1.jpg", "p2.jpg", "p4.jpg", "p5.jpg"])
  }

  @Test func xMovesIntoAFolderTypedWithTabAndUMovesBack() throws {
    let (folder, collection, curator) = try Self.setUp()
    try FileManager.default.createDirectory(
      atPath: "\(folder)/keepers", withIntermediateDirectories: false)
    var store = BrowserStore(collection, size: Self.size)
    var prompt = FilePrompt(.move, cards: [0])
    prompt.base = folder
    store.send(.key(.character("x"))) { $0.mode = .filePrompt(prompt) }
    let name = FileName.lastComponent(folder)
    #expect(
      store.frame().row(Self.size.height - 1).contains(
        "move to (1 file): ▏  from \(name)/ · Tab completes"))
    // A relative folder is the file's folder's, as in a file manager opened there.
    for character in "ke" { store.press(.character(character)) }
    Self.answer(store.send(.key(.tab)), &store, curator)
    prompt.text = "keepers/"
    #expect(store.state.mode == .filePrompt(prompt))
    let effects = store.send(.key(.enter))
    #expect(effects == [.curate(.move(["\(folder)/p0.jpg"], into: "\(folder)/keepers"))])
    Self.answer(effects, &store, curator)
    #expect(store.state.message == "moved to \(folder)/keepers: p0.jpg (u: undo)")
    #expect(TextFile.read("\(folder)/keepers/p0.jpg") == "p0")
    #expect(Self.captions(store).first == "p1.jpg")
    Self.answer(store.send(.key(.character("u"))), &store, curator)
    #expect(TextFile.read("\(folder)/p0.jpg") == "p0")
    #expect(Self.captions(store).first == "p0.jpg" && store.state.selected == 0)
  }

  @Test func cCopiesAndTheCardStaysUTrashesTheCopy() throws {
    let (folder, collection, curator) = try Self.setUp()
    try FileManager.default.createDirectory(
      atPath: "\(folder)/copies", withIntermediateDirectories: false)
    var store = BrowserStore(collection, size: Self.size)
    store.press(.character("c"))
    store.send(.paste("\(folder)/copies"))
    let effects = store.send(.key(.enter))
    #expect(effects == [.curate(.copy(["\(folder)/p0.jpg"], into: "\(folder)/copies"))])
    Self.answer(effects, &store, curator)
    #expect(Self.captions(store).count == 6)
    #expect(TextFile.read("\(folder)/copies/p0.jpg") == "p0")
    Self.answer(store.send(.key(.character("u"))), &store, curator)
    #expect(!FileManager.default.fileExists(atPath: "\(folder)/copies/p0.jpg"))
    #expect(TextFile.read("\(folder)/data/Trash/files/p0.jpg") == "p0")
    #expect(store.state.message == "undone: copies moved to the trash: p0.jpg")
  }

  @Test func rRenamesAFoldersPictureAndReadsTheFolderAgain() throws {
    let (folder, collection, curator) = try Self.setUp()
    var cardFile = BrowserStore(collection, size: Self.size)
    cardFile.send(.key(.character("R"))) {
      $0.message = "R renames a folder's pictures; this source names its files itself"
    }
    var store = BrowserStore(collection, size: Self.size, folderSort: FolderSort(order: .name))
    store.send(.key(.character("R"))) {
      $0.mode = .filePrompt(FilePrompt(.rename, text: "p0.jpg", cards: [0]))
    }
    for _ in 0..<4 { store.press(.backspace) }
    for character in "-x.jpg" { store.press(.character(character)) }
    let effects = store.send(.key(.enter))
    #expect(effects == [.curate(.rename("\(folder)/p0.jpg", to: "p0-x.jpg"))])
    let renamed = curator.perform(.rename("\(folder)/p0.jpg", to: "p0-x.jpg"))
    let reload = store.send(.curated(renamed))
    #expect(reload.count == 1 && { if case .reload = reload[0] { true } else { false } }())
    #expect(TextFile.read("\(folder)/p0-x.jpg") == "p0")
    #expect(store.state.selectsAfterReload == .file("\(folder)/p0-x.jpg"))
    #expect(store.state.message == "renamed to p0-x.jpg: p0.jpg (u: undo)")
    // The folder read again: the renamed file's card is selected (wherever the selection
    // went meanwhile).
    store.press(.character("G"))
    let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter {
      $0.hasSuffix(".jpg")
    }
    let listed = names.sorted().map { name in
      Card(
        caption: name,
        image: CardImage(width: 4, height: 3, path: name, source: .file("\(folder)/\(name)")))
    }
    store.send(.reloaded(CardCollection(source: folder, cards: listed), marks: CardMarks()))
    #expect(store.state.selectedCard.map { store.state.cards.cards[$0].caption } == "p0-x.jpg")
  }

  @Test func nothingToActOnSaysSo() throws {
    var store = BrowserStore(
      CardCollection(source: "words", cards: [Card(caption: "no picture")]), size: Self.size)
    store.send(.key(.character("d"))) { $0.message = "no picture file to move to the trash" }
    store.send(.key(.character("x"))) { $0.message = "no picture file to move" }
    store.send(.key(.character("R"))) { $0.message = "no picture file to rename" }
    store.send(.key(.character("u"))) { $0.message = "nothing to undo" }
  }
}
