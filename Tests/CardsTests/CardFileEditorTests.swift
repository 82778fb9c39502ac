import CardReading
import Cards
import Foundation
import TestSupport
import Testing

/// Captions and tags written back to card files: only the edited values' bytes change (a
/// missing member added before the record's brace), the file read again holds the edits
/// and every other card as it was, and a file that changed since it was read, a nested
/// field or a property list is refused.
@Suite struct CardFileEditorTests {
  /// `splices` applied to `bytes`.
  static func applied(_ splices: [CardFileSplice], to bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    var at = 0
    for splice in splices {
      out += bytes[at..<splice.offset] + splice.new
      at = splice.offset + splice.old.count
    }
    return out + bytes[at...]
  }

  static let files: [(name: String, text: String)] = [
    (
      "cards.jsonl",
      """
      {"id":"a","caption":"Red panda","comment":"Sleeps in trees.","tags":["mammal", "forest"]}
      { "caption" : "Caf\\u00e9",  "tags" : [ ] , "extra": {"keep": [1,2,3]} }

      {"id":"c","caption":"No tags here","comment":"x"}

      """
    ),
    (
      "cards.json",
      """
      [
        {"id": "a", "caption": "Red panda", "tags": ["mammal", "forest"]},
        {"caption": "Café", "tags": [], "extra": {"caption": "not this one"}},
        {"id": "c", "caption": "No tags here"}
      ]
      """
    ),
    (
      "photos.json",
      """
      {"version": 2, "cards": [{"caption":"Red panda","tags":["mammal","forest"],"id":"a"},
      {"caption":"Café","tags":[]},{"caption":"No tags here","id":"c"}], "next": null}
      """
    ),
  ]

  @Test(arguments: 0..<3)
  func onlyTheEditedValuesChange(file: Int) throws {
    let (name, text) = Self.files[file]
    let path = TemporaryFiles.makeDirectory() + "/" + name
    let bytes = Array(text.utf8)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let cards = Array(try CardLoader.load(path: path).cards)
    #expect(cards.map(\.caption) == ["Red panda", "Café", "No tags here"])
    let edits = [
      CardEdit(card: 0, expected: cards[0], caption: "Red \"fox\" ⇒ ü"),
      CardEdit(card: 1, expected: cards[1], tags: ["new", "tag, with comma"]),
      CardEdit(card: 2, expected: cards[2], caption: "Tags at last", tags: ["x"]),
    ]
    let splices = try CardFileEditor.splices(edits, path: path, mapping: FieldMapping())
    let written = Self.applied(splices, to: bytes)
    // Outside the splices every byte is the file's own.
    var at = 0
    for splice in splices {
      #expect(splice.offset >= at)
      #expect(Array(bytes[splice.offset..<(splice.offset + splice.old.count)]) == splice.old)
      at = splice.offset + splice.old.count
    }
    let again = Array(try CardLoader.load(bytes: written, path: path).cards)
    #expect(again.map(\.caption) == ["Red \"fox\" ⇒ ü", "Café", "Tags at last"])
    #expect(again.map(\.tags) == [["mammal", "forest"], ["new", "tag, with comma"], ["x"]])
    #expect(again.map(\.id) == cards.map(\.id))
    #expect(again.map(\.comment) == cards.map(\.comment))
  }

  @Test func aFileChangedSinceItWasReadIsRefused() throws {
    let path = TemporaryFiles.makeDirectory() + "/cards.jsonl"
    try Data(Self.files[0].text.utf8).write(to: URL(fileURLWithPath: path))
    let cards = Array(try CardLoader.load(path: path).cards)
    try Data(Self.files[0].text.replacingOccurrences(of: "Red panda", with: "Blue").utf8).write(
      to: URL(fileURLWithPath: path))
    #expect(throws: DataError.self) {
      try CardFileEditor.splices(
        [CardEdit(card: 0, expected: cards[0], caption: "x")], path: path, mapping: FieldMapping())
    }
    #expect(throws: DataError.self) {
      try CardFileEditor.splices(
        [CardEdit(card: 7, expected: cards[0], caption: "x")], path: path, mapping: FieldMapping())
    }
    var nested = FieldMapping()
    _ = nested.set(.caption, to: "body.text")
    #expect(throws: DataError.self) {
      try CardFileEditor.splices(
        [CardEdit(card: 0, expected: cards[0], caption: "x")], path: path, mapping: nested)
    }
    let plist = TemporaryFiles.makeDirectory() + "/cards.plist"
    try Data("<?xml version=\"1.0\"?><plist><array/></plist>".utf8).write(
      to: URL(fileURLWithPath: plist))
    #expect(throws: DataError.self) {
      try CardFileEditor.splices(
        [CardEdit(card: 0, expected: cards[0], caption: "x")], path: plist, mapping: FieldMapping())
    }
  }
}
