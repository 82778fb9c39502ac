import Cards
import Foundation
import PictureFiles
import TestSupport
import Testing

@Suite struct CardLoaderTests {
  @Test func bundledSampleIsDataAnimalsJSON() throws {
    #expect(TemporaryFiles.repositoryFile("Data/animals.json") == BundledSample.text)
    // Its pictures too: every card's picture is compiled in, byte for byte.
    let sample = BundledSample.collection()
    let pictures = sample.cards.compactMap { $0.image?.path }
    #expect(pictures.count >= 10)
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Data")
    for path in pictures {
      let file = try Data(contentsOf: folder.appendingPathComponent(path))
      #expect(EmbeddedPictures.bytes(named: path) == Array(file), "\(path)")
    }
  }

  @Test func bundledSampleHasSectionsLanguagesShapesAndTags() {
    let sample = BundledSample.collection()
    #expect(sample.cards.count >= 60)
    #expect(
      sample.sections.map(\.name) == [
        "mammals", "birds", "reptiles & amphibians", "sea life", "insects",
      ])
    #expect(sample.cards.contains { $0.image == nil }, "text-only cards")
    let aspects = sample.cards.compactMap { $0.image?.aspectRatio }
    #expect(aspects.contains { $0 > 1.3 } && aspects.contains { $0 < 0.5 } && aspects.contains(1))
    #expect(
      Set(sample.cards.flatMap(\.tags)).isSuperset(of: ["forest", "ocean", "carnivore", "small"]))
    #expect(sample.cards.contains { $0.caption.unicodeScalars.contains { $0.value > 0x3000 } })
    #expect(sample.cards.contains { $0.caption.allSatisfy(\.isASCII) })
  }

  @Test func propertyListInTheSeedsShape() throws {
    let path =
      "\(#filePath.split(separator: "/").dropLast(3).joined(separator: "/"))/Data/animals.plist"
    let collection = try CardLoader.load(path: "/" + path)
    #expect(collection.cards.count == 10)
    #expect(collection.cards[0].caption == "リス")
    #expect(collection.cards[0].image?.dominantColor?.hex == "#a0522d")
    // The seed's shape: the image is a name; the picture's size comes from its header.
    let rabbit = try #require(collection.cards[2].image)
    #expect(rabbit.path == "pictures/rabbit.png")
    #expect(
      rabbit.source
        == .file("/" + path.replacingOccurrences(of: "animals.plist", with: "pictures/rabbit.png")))
    #expect(rabbit.width == 198 && rabbit.height == 120 && rabbit.problem == nil)
    #expect(collection.cards[9].tags == ["ocean", "medium"])
  }

  @Test func jsonLinesAreReadLineByLine() throws {
    let feed = FeedGenerator(seed: 7).jsonLines(count: 2_500)
    let path = TemporaryFiles.write(feed, named: "feed.jsonl")
    let collection = try CardLoader.load(path: path)
    #expect(collection.cards.count == 2_500)
    #expect(FeedGenerator(seed: 7).jsonLines(count: 2_500) == feed, "deterministic")
    // Without the extension, the content says it is JSON Lines.
    let unnamed = TemporaryFiles.write(feed, named: "feed")
    #expect(try CardLoader.load(path: unnamed).cards.count == 2_500)
  }

  @Test func unknownKeysAreIgnoredAndIdsMayBeNumbers() throws {
    let cards = try CardLoader.cards(
      in: Array(#"[{"caption":"a","id":7,"extra":{"x":[1,2]},"comment":null}]"#.utf8),
      path: "x.json",
      format: nil)
    #expect(cards == [Card(id: "7", caption: "a")])
  }

  /// Every way a source can be wrong gives one line `path:line:column: what` and 65.
  @Test(arguments: [
    (
      "bad.json", "[\n  {\"caption\": \"a\"},\n  {\"caption\" \"b\"}\n]",
      "bad.json:3:14: expected ':' after the key, found '\"'"
    ),
    (
      "type.json", "{\"cards\": [\n {\"caption\": 12}]}",
      "type.json:2:14: 'caption' must be a string, not a number"
    ),
    (
      "missing.json", "[{\"caption\": \"a\"},\n  {\"comment\": \"no caption\"}]",
      "missing.json:2:3: this card has no 'caption'; its text is under comment: --caption comment names the key to show"
    ),
    (
      "numbers.jsonl", "{\"n\": 1}\n", "numbers.jsonl:1:1: this card has no 'caption'"
    ),
    (
      "tags.json", "[{\"caption\": \"a\", \"tags\": \"forest\"}]",
      "tags.json:1:27: 'tags' must be an array of strings, not a string"
    ),
    (
      "image.json", "[{\"caption\": \"a\", \"image\": {\"width\": 0, \"height\": 5}}]",
      "image.json:1:38: image 'width' must be a whole number of pixels from 1 to 1000000"
    ),
    (
      "color.json",
      "[{\"caption\": \"日本\", \"image\": {\"width\": 1, \"height\": 5, \"color\": \"red\"}}]",
      "color.json:1:64: 'color' must look like #rrggbb, not 'red'"
    ),
    ("trailing.json", "[]\n]", "trailing.json:2:1: unexpected ']' after the value"),
    (
      "twice.json", "{\"cards\": [], \"photos\": []}",
      "twice.json:1:15: a second 'cards' (or 'photos') member: the cards must be in one array"
    ),
    ("late-bom.json", " \u{FEFF}[]", "late-bom.json:1:2: expected a value, found byte 0xEF"),
    ("empty.json", "", "empty.json:1:1: expected a value, found end of input"),
    (
      "control.json", "[{\"caption\": \"a\u{1B}b\"}]",
      "control.json:1:16: control character in a string (escape it)"
    ),
    (
      "lines.jsonl", "{\"caption\": \"a\"}\n\n{\"caption\": [1]}\n",
      "lines.jsonl:3:13: 'caption' must be a string, not an array"
    ),
    (
      "top.json", "{\"items\": []}",
      "top.json:1:1: expected a 'cards' (or 'photos') array in the top-level object"
    ),
    (
      "bad.plist",
      "<plist><dict><key>photos</key><array><dict><key>caption</key><integer>1</integer></dict></array></dict></plist>",
      "bad.plist:1:62: 'caption' must be a string, not a number"
    ),
    (
      "broken.plist", "<plist>\n<dict>\n<key>photos</key>\n<array>\n</dict>",
      "broken.plist:5:1: unexpected </dict>"
    ),
    (
      "binary.plist", "bplist00\u{0}\u{1}",
      "binary.plist:1:1: binary property lists are not supported; convert with 'plutil -convert xml1'"
    ),
  ])
  func badDataSaysWhereAndWhat(name: String, content: String, expected: String) {
    let path = TemporaryFiles.write(content, named: name)
    do {
      _ = try CardLoader.load(path: path)
      Issue.record("\(name) loaded")
    } catch {
      #expect(error.description == path.dropLast(name.count) + expected)
      #expect(error.exitCode == 65)
      #expect(!error.description.contains("\n"))
    }
  }

  @Test func deepNestingIsAnErrorNotACrash() {
    let path = TemporaryFiles.write(String(repeating: "[", count: 100_000), named: "deep.json")
    #expect(throws: DataError.self) { try CardLoader.load(path: path) }
  }

  @Test func invalidUTF8InStringsBecomesReplacement() throws {
    let bytes = Array(#"[{"caption": "a"#.utf8) + [0xFF] + Array(#"b"}]"#.utf8)
    let cards = try CardLoader.cards(in: bytes, path: "x.json", format: .json)
    #expect(cards[0].caption == "a\u{FFFD}b")
  }

  @Test func missingAndUnreadableInputGive66() {
    for path in ["/nonexistent/cards.json", "/tmp"] {
      do {
        _ = try CardLoader.load(path: path)
        Issue.record("\(path) loaded")
      } catch {
        #expect(error.exitCode == 66)
        #expect(error.description.hasPrefix("\(path): "))
      }
    }
  }
}

@Suite struct StrictNumberTests {
  /// Property-list integers are decimal digits, optionally signed, as the format says.
  @Test(arguments: ["0x10", "0x1p3", " 12 ", "1.5", "", "+", "1e3", "١٢"])
  func plistIntegersAreStrict(text: String) {
    let plist =
      "<plist><dict><key>photos</key><array><dict><key>caption</key><string>a</string><key>id</key><integer>\(text)</integer></dict></array></dict></plist>"
    #expect(throws: DataError.self) {
      try CardLoader.load(bytes: Array(plist.utf8), path: "p.plist")
    }
  }

  @Test func plistIntegersThatAreWholeNumbersLoad() throws {
    for (text, id) in [("12", "12"), ("-7", "-7"), ("+3", "3")] {
      let plist =
        "<plist><dict><key>photos</key><array><dict><key>caption</key><string>a</string><key>id</key><integer>\(text)</integer></dict></array></dict></plist>"
      let cards = try CardLoader.load(bytes: Array(plist.utf8), path: "p.plist").cards
      #expect(cards.first?.id == id)
    }
  }

  @Test func hugeNumericIdsSaySo() {
    do {
      _ = try CardLoader.load(bytes: Array(#"{"caption":"a","id":1e15}"#.utf8), path: "i.jsonl")
      Issue.record("loaded")
    } catch {
      #expect(
        error.description
          == "i.jsonl:1:21: 'id' as a number must be whole and below 10^15 (write larger ids as strings)"
      )
    }
  }

  /// A picture said in words (`alt`, or where `--alt` says), read by the fast scanner and
  /// the careful reader alike, and written back by `--pick`.
  @Test func altSaysThePictureInWords() throws {
    let lines =
      #"{"caption":"a","alt":"a heron in reeds","image":"h.jpg"}"# + "\n"
      + #"{"caption":"b","alt":"tab\there","nested":{"x":[1,{"y":2}]}}"# + "\n"
      + #"{"caption":"c","title":"said elsewhere"}"# + "\n"
    let cards = Array(try CardLoader.load(bytes: Array(lines.utf8), path: "a.jsonl").cards)
    #expect(cards.map(\.alt) == ["a heron in reeds", "tab\there", nil])
    #expect(cards[0].jsonLine.hasSuffix(#","alt":"a heron in reeds"}"#))
    var mapping = FieldMapping()
    _ = mapping.set(.alt, to: "title")
    let mapped = Array(
      try CardLoader.load(
        bytes: Array(lines.utf8), path: "a.jsonl", options: CardReadOptions(mapping: mapping)
      ).cards)
    #expect(mapped.map(\.alt) == [nil, nil, "said elsewhere"])
  }
}
