import Browser
import Cards
import Foundation
import MasonryCommands
import PictureFiles
import Testing

/// `--pick[=card|path]` and `--print0`: what reaches standard output, byte for byte, and
/// that nothing a card or a file name holds reaches it as a control sequence.
@Suite struct PickOutputTests {
  static func picture(_ path: String, id: String? = nil) -> Card {
    Card(
      id: id, caption: "c",
      image: CardImage(width: 2, height: 1, path: path, source: .file(path)))
  }

  @Test func cardsAreJSONLinesEndedByNewlinesOrNULs() {
    let cards = [Self.picture("a.jpg", id: "1"), Card(caption: "two\u{1B}[2J")]
    let lines = PickOutput().render(cards, toTerminal: false)
    #expect(
      String(decoding: lines.bytes, as: UTF8.self) == cards.map { $0.jsonLine + "\n" }.joined())
    #expect(!lines.bytes.contains(0x1B), "the escape is \\u001b in the JSON")
    #expect(lines.notes.isEmpty)
    let nul = PickOutput(nulTerminated: true).render(cards, toTerminal: false)
    #expect(nul.bytes.filter { $0 == 0 }.count == 2 && nul.bytes.last == 0)
    #expect(!nul.bytes.contains(0x0A))
  }

  @Test func pathsArePictureFilesOnlyWithANoteForTheRest() {
    let cards = [
      Self.picture("dir/a b.jpg"), Card(caption: "text only"),
      Card(caption: "bundled", image: CardImage(width: 1, height: 1, source: .embedded("x"))),
      Self.picture("c.png"), Self.picture("--checkpoint=1"), Self.picture("/abs/-x.png"),
    ]
    let (bytes, notes) = PickOutput(form: .path).render(cards, toTerminal: false)
    // As a program gets them: no path starts with a dash (xargs hands them on as they are).
    #expect(
      String(decoding: bytes, as: UTF8.self)
        == "./dir/a b.jpg\n./c.png\n./--checkpoint=1\n/abs/-x.png\n")
    #expect(notes == ["2 picked cards without a picture file left out"])
  }

  /// A name with a newline or an escape in it: whole after `--print0` (into a pipe), left
  /// out with a note when a newline would end it, shown escaped on a terminal. A byte that
  /// is not UTF-8 goes out as the byte it was.
  @Test func hostileFileNamesNeverReachTheOutputAsControls() {
    let hostile = "x\u{1B}]52;c;cHduZWQ=\u{07}\ny.jpg"
    let latin1 = FileName.string(fromBytes: Array("caf".utf8) + [0xE9] + Array(".jpg".utf8))
    let cards = [Self.picture(hostile), Self.picture(latin1)]
    let piped = PickOutput(form: .path, nulTerminated: true).render(cards, toTerminal: false)
    #expect(
      piped.bytes == Array(("./" + hostile).utf8) + [0] + Array("./caf".utf8) + [0xE9]
        + Array(".jpg".utf8) + [0])
    let lines = PickOutput(form: .path).render(cards, toTerminal: false)
    #expect(lines.bytes == Array("./caf".utf8) + [0xE9] + Array(".jpg\n".utf8))
    #expect(lines.notes == ["1 path with a control character left out (--print0 keeps them)"])
    for nulTerminated in [false, true] {
      let shown = PickOutput(form: .path, nulTerminated: nulTerminated).render(
        cards, toTerminal: true)
      let text = String(decoding: shown.bytes, as: UTF8.self)
      #expect(text.hasPrefix("./x\\x1b]52;c;cHduZWQ=\\x07\\x0ay.jpg"))
      #expect(text.contains("caf\\xe9.jpg"))
      #expect(!shown.bytes.contains { $0 < 0x20 && $0 != 0x0A && $0 != 0 })
    }
  }

  /// A name that is not UTF-8 goes into a JSON line as Python's `surrogateescape` writes
  /// it (`\udce9`), never as masonry's own stand-in, and comes back byte for byte when the
  /// line is read as a card again (by either JSON reader).
  @Test func aNameThatIsNotUTF8RoundTripsThroughJSON() throws {
    let bytes = Array("caf".utf8) + [0xE9, 0xFF] + Array(".jpg".utf8)
    let card = Self.picture(FileName.string(fromBytes: bytes))
    let line = card.jsonLine
    #expect(line.contains(#""path":"caf\udce9\udcff.jpg""#))
    #expect(!line.unicodeScalars.contains { $0.value >= 0x10_FF00 })
    // The fast reader takes the first line, the careful one the second (another key).
    let document = line + "\n" + line.dropLast() + #","extra":[{"k":1}]}"# + "\n"
    let read = try CardLoader.load(bytes: Array(document.utf8), path: "/cards/picked.jsonl")
    for index in 0..<2 {
      let path = try #require(read.cards[index].image?.path)
      #expect(FileName.bytes(path) == bytes)
    }
    // A lone surrogate that stands for no byte is still U+FFFD.
    let lone = try CardLoader.load(
      bytes: Array(#"{"caption":"a\udc41\ud800"}"#.utf8), path: "x.jsonl")
    #expect(lone.cards[0].caption == "a\u{FFFD}\u{FFFD}")
  }

  @Test func theOptionsAreReadAndCheckedOnTheCommandLine() throws {
    let sample: [String] = []
    #expect(try BrowseCommand(sample + ["--pick"]).pick == PickOutput())
    #expect(try BrowseCommand(["--pick=path"]).pick == PickOutput(form: .path))
    #expect(
      try BrowseCommand(["--pick=path", "--print0"]).pick
        == PickOutput(form: .path, nulTerminated: true))
    #expect(try BrowseCommand(["--pick", "--print0"]).pick == PickOutput(nulTerminated: true))
    #expect(try BrowseCommand([]).pick == nil)
    #expect(throws: (any Error).self) { try BrowseCommand(["--print0"]) }
    #expect(throws: (any Error).self) { try BrowseCommand(["--pick=name"]) }
  }

  /// A folder can be listed again in another order (`s`, `S` in the browser); a card file
  /// cannot.
  @Test func foldersCanBeSortedAgain() throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("PicturesTests/Fixtures").path
    let command = try BrowseCommand([folder])
    #expect(command.folderSort == FolderSort(order: .name))
    let resort = try #require(command.resort)
    let bySize = try resort(FolderSort(order: .size, descending: true))
    let sizes = (0..<bySize.cards.count).map { bySize.cards[$0].comment ?? "" }
    #expect(bySize.cards[0].caption == "progressive-large.jpg", "the largest first: \(sizes[0])")
    let byName = try resort(FolderSort(order: .name))
    #expect(byName.cards[0].caption == "alpha.bmp")
    #expect(try BrowseCommand([]).resort == nil, "the bundled sample is a card file")
  }
}
