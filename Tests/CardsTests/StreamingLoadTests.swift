import Cards
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The streaming, compact loader against the straightforward one, and sources that can
/// only be read once: pipes, FIFOs, devices.
@Suite struct StreamingLoadTests {
  /// What a loader gives: its cards, or its one-line error.
  enum Outcome: Equatable, CustomStringConvertible {
    case cards([Card])
    case error(String)

    var description: String {
      switch self {
      case .cards(let cards): return "\(cards.count) cards: \(cards.prefix(3))"
      case .error(let message): return message
      }
    }
  }

  static func streaming(_ bytes: [UInt8], path: String, mapping: FieldMapping = FieldMapping())
    -> Outcome
  {
    do {
      return .cards(
        Array(try CardLoader.load(bytes: bytes, path: path, options: .init(mapping: mapping)).cards)
      )
    } catch {
      return .error(error.description)
    }
  }

  static func reference(
    _ bytes: [UInt8], path: String, format: CardLoader.Format,
    mapping: FieldMapping = FieldMapping()
  ) -> Outcome {
    do {
      return .cards(
        try ReferenceCardLoader.cards(in: bytes, path: path, format: format, mapping: mapping))
    } catch {
      return .error(error.description)
    }
  }

  /// Thousands of random records, valid and broken: one record per file, the fast parser
  /// and the careful reader must give the same card or the same error.
  @Test(arguments: 0..<4)
  func randomRecordsReadTheSameBothWays(batch: Int) {
    var random = SeededGenerator(seed: UInt64(9_000 + batch))
    var valid = 0
    for number in 0..<2_000 {
      let record = RandomCardRecord.make(using: &random, faults: number % 2 == 0)
      let streamed = Self.streaming(record, path: "x.jsonl")
      let expected = Self.reference(record, path: "x.jsonl", format: .jsonLines)
      if case .cards = expected { valid += 1 }
      #expect(
        streamed == expected,
        "record \(batch):\(number): \(String(decoding: record, as: UTF8.self))")
      if streamed != expected { return }
    }
    #expect(valid > 800, "enough valid records to compare cards, not only errors")
  }

  /// Keys the fast parser matches in one step (one to seven bytes, the closing quote in the
  /// word after the opening one) beside those it reads as any string: the same cards, or
  /// the same error, both ways — at every cut of each record too.
  @Test func keysShortLongEscapedAndCutReadTheSameBothWays() {
    let records = [
      #"{"caption":"a","comment":"b","id":"c","section":"s","tags":["t"]}"#,
      #"{"captions":"long","caption":"a","tag":"x","ids":1,"":2,"c":3}"#,
      #"{"\u0063aption":"escaped","comm\u0065nt":"too","t\u0061gs":["u"]}"#,
      #"{"cäption":"raw UTF-8","caption":"a","sectio":"near","section":"s"}"#,
      #"{"caption":"a","id":"b","caption":"again"}"#,
      #"{"caption":"a","co\"mment":"quote","com\nment":"newline"}"#,
      #"{"caption":"a", "nested" :{"id":1},"image":{"path":"p.png"}}"#,
    ]
    for record in records {
      let bytes = Array(record.utf8)
      for cut in stride(from: bytes.count, through: 1, by: -1) {
        let line = Array(bytes[0..<cut])
        let streamed = Self.streaming(line, path: "k.jsonl")
        let expected = Self.reference(line, path: "k.jsonl", format: .jsonLines)
        #expect(streamed == expected, "\(String(decoding: line, as: UTF8.self))")
        if streamed != expected { return }
      }
    }
  }

  /// Strings whose plain run ends (a closing quote, an escape, a raw control byte, a raw
  /// UTF-8 letter after it) at every place of the first three sixteen-byte blocks the
  /// parser scans, in records cut at each of their last twenty bytes too: the same cards,
  /// or the same error, both ways.
  @Test func stringsEndAtEveryPlaceOfABlock() {
    for length in 0...40 {
      for stop in ["", #"\"q"#, #"\n"#, "\u{01}", "é", #"\u00e9"#] {
        let text = String(repeating: "x", count: length) + stop + "yz"
        let record = #"{"caption":""# + text + #"","comment":""# + text + #""}"#
        let bytes = Array(record.utf8)
        for cut in stride(from: bytes.count, through: Swift.max(1, bytes.count - 20), by: -1) {
          let line = Array(bytes[0..<cut])
          let streamed = Self.streaming(line, path: "s.jsonl")
          let expected = Self.reference(line, path: "s.jsonl", format: .jsonLines)
          #expect(streamed == expected, "\(String(decoding: line, as: UTF8.self))")
          if streamed != expected { return }
        }
      }
    }
  }

  /// Whole files, as JSON Lines and as JSON documents (one card per line, pretty-printed,
  /// or all on one line): the same cards, or the same first error, at the same place.
  @Test(arguments: 0..<6)
  func randomFilesReadTheSameBothWays(batch: Int) {
    var random = SeededGenerator(seed: UInt64(7_100 + batch))
    for round in 0..<40 {
      let count = random.logUniformCount(upTo: 3_000)
      let pretty = round % 3 == 1
      let records = (0..<count).map { _ in
        RandomCardRecord.make(using: &random, pretty: pretty, faults: round % 5 == 0)
      }
      let lines = Array(
        records.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n").utf8)
      if !pretty {
        #expect(
          Self.streaming(lines, path: "f.jsonl")
            == Self.reference(lines, path: "f.jsonl", format: .jsonLines),
          "JSON Lines \(batch):\(round)")
      }
      let separator = [",", ",\n", " , ", ",\n\n  "][round % 4]
      let body = records.map { String(decoding: $0, as: UTF8.self) }.joined(separator: separator)
      let document = Array(
        (round % 2 == 0 ? "[\(body)]" : "{\"title\": \"t\", \"cards\": [\n\(body)\n], \"n\": 1}")
          .utf8)
      let streamed = Self.streaming(document, path: "f.json")
      let expected = Self.reference(document, path: "f.json", format: .json)
      #expect(
        Self.agree(streamed: streamed, reference: expected), "JSON document \(batch):\(round)")
      // Without the extension, the first bytes say what it is.
      #expect(
        Self.unnamed(Self.streaming(document, path: "f.json"), "f.json")
          == Self.unnamed(Self.streaming(document, path: "f"), "f"))
    }
  }

  /// The outcome with the source's name left out of its error.
  static func unnamed(_ outcome: Outcome, _ path: String) -> Outcome {
    guard case .error(let message) = outcome, message.hasPrefix(path) else { return outcome }
    return .error(String(message.dropFirst(path.count)))
  }

  /// A document is read card by card: when the straightforward reader (which reads the
  /// whole document before any card) finds an error, the streaming reader finds the same
  /// one, or an earlier one (a bad card before a later syntax error).
  static func agree(streamed: Outcome, reference: Outcome) -> Bool {
    guard case .error(let expected) = reference else { return streamed == reference }
    guard case .error(let found) = streamed else { return false }
    func place(_ message: String) -> (Int, Int) {
      let parts = message.split(separator: ":")
      return (Int(parts[1]) ?? 0, Int(parts[2]) ?? 0)
    }
    let (foundPlace, expectedPlace) = (place(found), place(expected))
    // At the same place a NUL byte is named as such (the plain reader says "byte 0x0").
    let same = found == expected || found.contains(": a NUL byte:")
    return foundPlace == expectedPlace ? same : foundPlace < expectedPlace
  }

  @Test func cardsSpreadOverManyReadsAndLinesLongerThanARead() throws {
    // Lines of 3 MB: longer than a read (1 MB), under the 64 MB limit.
    let long = String(repeating: "word ", count: 600_000)
    var text = ""
    for index in 0..<5 { text += "{\"caption\": \"card \(index)\", \"comment\": \"\(long)\"}\n" }
    let path = TemporaryFiles.write(text, named: "long.jsonl")
    let collection = try CardLoader.load(path: path)
    #expect(collection.cards.count == 5)
    #expect(collection.cards[4].caption == "card 4")
    // Kept to the field limit, ending in an ellipsis.
    #expect(collection.cards[0].comment?.utf8.count ?? 0 <= CardText.maximumFieldBytes)
    #expect(collection.cards[0].comment?.hasSuffix("…") == true)

    // The same as one JSON document on one line.
    let document =
      "["
      + (0..<5).map { "{\"caption\": \"card \($0)\", \"comment\": \"\(long)\"}" }
      .joined(separator: ",") + "]"
    let documentPath = TemporaryFiles.write(document, named: "long.json")
    #expect(
      try CardLoader.load(path: documentPath).cards.map(\.caption) == (0..<5).map { "card \($0)" })
  }

  /// One field of 17 MB (a line longer than the old 16 MB limit): loaded, cut to the
  /// field limit with a visible mark.
  @Test func aHugeFieldIsCutNotRejected() throws {
    let huge = String(repeating: "z", count: 17 << 20)
    let path = TemporaryFiles.write(
      "{\"caption\": \"\(huge)\", \"section\": \"\(huge.prefix(70_000))\"}\n"
        + "{\"caption\": \"next\", \"tags\": [\"\(huge.prefix(70_000))\"]}\n",
      named: "huge-field.jsonl")
    let collection = try CardLoader.load(path: path)
    let cards = collection.cards
    #expect(cards.count == 2)
    #expect(cards[0].caption.utf8.count <= CardText.maximumFieldBytes)
    #expect(cards[0].caption.hasSuffix("…"))
    #expect(cards[0].section?.hasSuffix("…") == true)
    #expect(cards[1].caption == "next")
    // A tag cut so is no longer ASCII (its ellipsis): the card says so.
    #expect(cards[1].tags.first?.hasSuffix("…") == true)
    #expect(collection.cards.chunks.allSatisfy { !$0.hasASCIIText($0.count - 1) })
  }

  @Test(.slow) func aLineOverTheLimitIsAnErrorAtItsLine() {
    var bytes = Array("{\"caption\": \"a\"}\n{\"caption\": \"b\"}\n".utf8)
    bytes += [UInt8](repeating: UInt8(ascii: "x"), count: RecordReader.maximumRecordBytes + 10)
    let path = TemporaryFiles.write(bytes, named: "huge.jsonl")
    #expect(throws: DataError.self) { try CardLoader.load(path: path) }
    do {
      _ = try CardLoader.load(path: path)
    } catch {
      #expect(error.description == path + ":3:1: line is longer than 64 MB")
      #expect(error.exitCode == 65)
    }
  }

  @Test func nulBytesAndBinaryFilesStopAtTheFirstBadLine() throws {
    let path = TemporaryFiles.write(
      Array("{\"caption\": \"a\"}\n{\"caption\": \"b".utf8) + [0] + Array("\"}\n".utf8),
      named: "nul.jsonl")
    #expect(Self.error(path) == path + ":2:15: a NUL byte: this is not a text file")
    // An earlier bad line is reported first.
    let earlier = TemporaryFiles.write(
      Array("{\"caption\": 1}\n{\"caption\": \"b".utf8) + [0], named: "earlier.jsonl")
    #expect(Self.error(earlier) == earlier + ":1:13: 'caption' must be a string, not a number")
    // /dev/zero: at once, after one read.
    #expect(Self.error("/dev/zero") == "/dev/zero:1:1: a NUL byte: this is not a text file")
    // A picture given as a card file.
    let png = TemporaryFiles.write(
      [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0], named: "p")
    #expect(Self.error(png) == png + ":1:1: expected a value, found byte 0x89")
  }

  static func error(_ path: String, options: CardReadOptions = CardReadOptions()) -> String? {
    do {
      _ = try CardLoader.load(path: path, options: options)
      return nil
    } catch {
      return error.description
    }
  }

  /// A stream cut in the middle of a card: an error at the cut; the streaming reader hands
  /// over the cards before it first.
  @Test func aStreamCutMidCardKeepsTheCardsBefore() throws {
    let feed = FeedGenerator(seed: 3).jsonLines(count: 400)
    let cut = Array(feed.utf8.prefix(feed.utf8.count - 50))
    let reader = CardStreamReader(
      source: ByteSource(bytes: cut, path: "-"), options: CardReadOptions(), pictureBase: nil)
    var cards = 0
    var failure: DataError?
    while failure == nil {
      let (chunks, error, finished) = reader.next()
      cards += chunks.reduce(0) { $0 + $1.count }
      failure = error
      if finished { break }
    }
    #expect(cards == 399)
    let message = try #require(failure).description
    #expect(message.hasPrefix("-:400:"), "\(message)")
    #expect(message.hasSuffix("unterminated string"))
  }

  /// A FIFO written in small, delayed pieces reads like the file.
  @Test func aFIFOWrittenInSmallDelayedPieces() throws {
    let folder = TemporaryFiles.makeDirectory()
    let fifo = folder + "/feed"
    #expect(mkfifo(fifo, 0o600) == 0)
    let feed = FeedGenerator(seed: 5).jsonLines(count: 300)
    let writer = Thread {
      let descriptor = open(fifo, O_WRONLY)
      let bytes = Array(feed.utf8)
      var offset = 0
      while offset < bytes.count {
        let piece = Swift.min(777, bytes.count - offset)
        _ = bytes[offset..<offset + piece].withUnsafeBytes {
          write(descriptor, $0.baseAddress, piece)
        }
        offset += piece
        usleep(300)
      }
      close(descriptor)
    }
    writer.start()
    let collection = try CardLoader.load(path: fifo)
    let expected = try CardLoader.load(bytes: Array(feed.utf8), path: "feed.jsonl")
    #expect(collection.cards.count == 300)
    #expect(Array(collection.cards) == Array(expected.cards))
  }

  /// `yes ' ' | masonry -`: white space without a card is an error once it passes the
  /// record limit (it used to be kept without bound: 8 GB in 55 s).
  @Test func whiteSpaceWithoutACardEndsAtTheRecordLimit() throws {
    let folder = TemporaryFiles.makeDirectory()
    let fifo = folder + "/spaces"
    #expect(mkfifo(fifo, 0o600) == 0)
    let writer = Thread {
      let descriptor = open(fifo, O_WRONLY)
      let block = [UInt8](repeating: 0x20, count: 1 << 16).enumerated().map {
        $0.offset % 2 == 1 ? 0x0A : $0.element
      }
      // Up to the limit and a little past it; stops once the reader has gone.
      for _ in 0..<(RecordReader.maximumRecordBytes >> 16) + 64 {
        if block.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) < 0 { break }
      }
      close(descriptor)
    }
    signal(SIGPIPE, SIG_IGN)
    writer.start()
    do {
      _ = try CardLoader.load(path: fifo)
      Issue.record("white space alone loaded")
    } catch {
      #expect(error.description == "\(fifo):1:1: more than 64 MB of white space and no card")
    }
  }

  /// Blank lines are counted, never made records: the cards around them are read, and
  /// an error after them names its true line.
  @Test func blankLinesAreSkippedAndCounted() throws {
    let text =
      "{\"caption\": \"a\"}\n" + String(repeating: "\n", count: 100_000) + "   \n\t \r\n"
      + "{\"caption\": \"b\"}\n\n\n{\"caption\": 5}\n  \n"
    let collection = try? CardLoader.load(bytes: Array(text.utf8), path: "blank.jsonl")
    #expect(collection == nil)
    do {
      _ = try CardLoader.load(bytes: Array(text.utf8), path: "blank.jsonl")
    } catch {
      #expect(
        error.description == "blank.jsonl:100007:13: 'caption' must be a string, not a number")
    }
    let good =
      "\n\n{\"caption\": \"a\"}\n" + String(repeating: " \n", count: 3_000_000)
      + "{\"caption\": \"b\"}"
    let cards = try CardLoader.load(bytes: Array(good.utf8), path: "good.jsonl")
    #expect(cards.cards.map(\.caption) == ["a", "b"])
  }

  /// Millions of blank lines cost a read a megabyte, as a newline scan does: before the
  /// first card, after it, and after the last (the reader once read again for every blank
  /// line once it had passed its target: 64 M of them took 12 s).
  @Test func blankLinesCostAReadAMegabyte() throws {
    let blank = String(repeating: "\n", count: 2_000_000)
    let text = blank + "{\"caption\": \"a\"}\n" + blank + "{\"caption\": \"b\"}\n" + blank
    let bytes = Array(text.utf8)
    let source = ByteSource(bytes: bytes, path: "blank.jsonl", readSizes: [1 << 20])
    let reader = CardStreamReader(
      source: source, options: CardReadOptions(), pictureBase: nil, format: .jsonLines)
    var captions: [String] = []
    while true {
      let (chunks, error, finished) = reader.next()
      #expect(error == nil)
      for chunk in chunks { captions += (0..<chunk.count).map { chunk.card($0).caption } }
      if finished { break }
    }
    #expect(captions == ["a", "b"])
    #expect(source.readCalls <= bytes.count >> 20 + 8, "\(source.readCalls) reads")
  }

  @Test func fieldMappingReadsForeignJSON() throws {
    let feed = """
      {"title": "Fox", "body": {"text": "Quick.", "lang": "en"}, "labels": ["a", "b"], "kind": "x", "uid": 7, "thumb": {"width": 4, "height": 3}}
      {"title": "Owl", "body": {"lang": "en"}, "kind": "x"}
      {"title": "Eel", "body": "not an object", "kind": "y", "uid": "e"}

      """
    var mapping = FieldMapping()
    for (field, path) in [
      (FieldMapping.Field.caption, "title"), (.comment, "body.text"), (.tags, "labels"),
      (.section, "kind"), (.id, "uid"), (.image, "thumb"),
    ] {
      let accepted = mapping.set(field, to: path)
      #expect(accepted)
    }
    let collection = try CardLoader.load(
      bytes: Array(feed.utf8), path: "api.jsonl", options: CardReadOptions(mapping: mapping))
    #expect(
      Array(collection.cards) == [
        Card(
          id: "7", caption: "Fox", comment: "Quick.", image: CardImage(width: 4, height: 3),
          tags: ["a", "b"], section: "x"),
        Card(caption: "Owl", section: "x"),
        Card(id: "e", caption: "Eel", section: "y"),
      ])
    #expect(collection.sections.map(\.count) == [2, 1])
    let flat = try CardLoader.load(
      bytes: Array(feed.utf8), path: "api.jsonl",
      options: CardReadOptions(mapping: mapping, sections: .none))
    #expect(flat.sections.count == 1 && flat.sections[0].name == nil)
    // Errors name the path as given.
    let bad = Self.streaming(Array("{\"title\": 5}".utf8), path: "b.jsonl", mapping: mapping)
    #expect(bad == .error("b.jsonl:1:11: 'title' must be a string, not a number"))
    let missing = Self.streaming(
      Array("{\"caption\": \"x\"}".utf8), path: "b.jsonl", mapping: mapping)
    #expect(
      missing
        == .error(
          "b.jsonl:1:1: this card has no 'title'; its text is under caption: --caption caption names the key to show"
        ))
    var empty = FieldMapping()
    let dotted = empty.set(.caption, to: "a..b")
    let blank = empty.set(.caption, to: "")
    #expect(!dotted && !blank)
  }

  /// Grouped (the default): every card with a name is in that name's section, the
  /// sections in the order their names first appear, the cards in file order inside.
  /// Runs: a section is a run of consecutive cards. None: one section.
  @Test func sectionsAreGroupedRunsOrNone() throws {
    let feed = """
      {"caption": "1", "section": "a"}
      {"caption": "2", "section": "a"}
      {"caption": "3", "section": "b"}
      {"caption": "4", "section": "a"}
      {"caption": "5"}
      """
    func load(_ sections: SectionMode) throws -> CardCollection {
      try CardLoader.load(
        bytes: Array(feed.utf8), path: "s.jsonl", options: CardReadOptions(sections: sections))
    }
    let grouped = try CardLoader.load(bytes: Array(feed.utf8), path: "s.jsonl")
    #expect(grouped.cards.map(\.caption) == ["1", "2", "3", "4", "5"])
    #expect(grouped.sections.map(\.name) == ["a", "b", nil])
    #expect(grouped.sections.map(\.count) == [3, 1, 1])
    #expect(grouped.sectionSpecs().map(\.headerHeight) == [1, 1, 0])
    let shown = CardSelection(all: grouped)
    #expect(shown.map { grouped.cards[$0].caption } == ["1", "2", "4", "3", "5"])
    #expect(
      (0..<shown.count).map { shown.path(of: $0)! }.map { [$0.section, $0.item] }
        == [[0, 0], [0, 1], [0, 2], [1, 0], [2, 0]])
    #expect(shown.position(ofCard: 3, in: grouped) == 2)
    #expect(shown.position(ofCard: 2, in: grouped) == 3)

    let runs = try load(.runs)
    #expect(runs.sections.map(\.name) == ["a", "b", "a", nil])
    #expect(runs.sections.map(\.count) == [2, 1, 1, 1])
    #expect(runs.sectionSpecs().map(\.headerHeight) == [1, 1, 1, 0])
    #expect(Array(CardSelection(all: runs)) == [0, 1, 2, 3, 4])

    let none = try load(.none)
    #expect(none.sections.count == 1 && none.sections[0].name == nil)
    #expect(Array(CardSelection(all: none)) == [0, 1, 2, 3, 4])
  }

  @Test func errorsInsideADocumentPointAtTheirColumn() {
    let document = Array(#"[{"caption": "a"}, {"caption": "b"}, {"caption": 5}]"#.utf8)
    #expect(
      Self.streaming(document, path: "d.json")
        == .error("d.json:1:50: 'caption' must be a string, not a number"))
    #expect(
      Self.streaming(document, path: "d.json")
        == Self.reference(document, path: "d.json", format: .json))
    let japanese = Array(#"[{"caption": "日本語"},  {"caption": "b", "tags": "x"}]"#.utf8)
    #expect(
      Self.streaming(japanese, path: "d.json")
        == Self.reference(japanese, path: "d.json", format: .json))
  }

  /// The nesting limit counts from the document's top, though the streaming loader reads
  /// each card (or other member value) alone: both loaders stop at the same bracket, in
  /// the top-level array, in `cards`, beside it, and before a NUL byte (read apart).
  @Test func nestingIsLimitedFromTheDocumentsTop() {
    let limit = 256  // JSONReader.maximumDepth
    let shapes: [(String, String)] = [
      ("", ""), ("{\"cards\":", "}"), ("{\"x\":", ",\"cards\":[]}"),
      ("[{\"caption\":\"a\",\"x\":", "}]"), ("{\"cards\":[{\"x\":", "}]}"),
    ]
    for (before, after) in shapes {
      for depth in (limit - 3)...(limit + 3) {
        for inner in ["1", "-", "{}", "\u{0}"] {
          let text =
            before + String(repeating: "[", count: depth) + inner
            + String(repeating: "]", count: depth) + after
          let bytes = Array(text.utf8)
          let streamed = Self.streaming(bytes, path: "d.json")
          let reference = Self.reference(bytes, path: "d.json", format: .json)
          // Before a NUL byte the streaming loader may name the NUL (the reader cannot).
          let agree =
            inner == "\u{0}"
            ? Self.agree(streamed: streamed, reference: reference) : streamed == reference
          #expect(agree, "\(before)[×\(depth)\(inner.debugDescription): \(streamed) / \(reference)")
        }
      }
    }
    let tooDeep = Array((String(repeating: "[", count: 289) + "-").utf8)
    #expect(
      Self.streaming(tooDeep, path: "d.json") == .error("d.json:1:258: values nested too deeply"))
    let line = Array((#"{"x":"# + String(repeating: "[", count: 256) + "1").utf8)
    #expect(
      Self.streaming(line, path: "d.jsonl") == .error("d.jsonl:1:262: values nested too deeply"))
  }
}

@Suite struct CompactStoreTests {
  @Test func tagsAreCountedOncePerCardAcrossChunks() {
    var counts = TagCounts()
    var cards: [Card] = []
    for index in 0..<10_000 {
      cards.append(
        Card(
          caption: "\(index)",
          tags: index % 3 == 0 ? ["b", "a", "b"] : index % 3 == 1 ? ["a"] : ["c\u{1B}", "", "a"]))
    }
    // Two names shown alike on one card count once: b and c tie at 3,334 (c counted twice
    // on it would rank before b).
    cards[7].tags = ["c\u{FFFD}", "c\u{1B}"]
    for chunk in CardStore(cards).chunks { counts.add(chunk) }
    #expect(counts.ranked == ["a", "b", "c\u{FFFD}"])
    #expect(counts.distinctCount == 3)
    let store = CardStore(cards)
    #expect(store.chunks.count == 3, "4,096 cards a chunk")
    #expect(store.cards(taggedWith: "b").count == 3_334)
    #expect(store.cards(taggedWith: "c\u{FFFD}", from: 9_000).first == 9_002)
  }

  /// Every card read back from the compact store is the card that went in.
  @Test func cardsComeBackAsTheyWentIn() {
    var random = SeededGenerator(seed: 11)
    var cards: [Card] = []
    for index in 0..<5_000 {
      let record = RandomCardRecord.make(using: &random, faults: false)
      if let card = try? ReferenceCardLoader.cards(in: record, path: "r", format: .jsonLines).first
      {
        cards.append(
          Card(
            id: card.id ?? "\(index)", caption: card.caption, comment: card.comment,
            image: card.image, tags: card.tags, section: card.section))
      }
    }
    let store = CardStore(cards)
    #expect(store.count == cards.count && cards.count > 3_000)
    #expect(Array(store) == cards)
    #expect(store.sectionRuns().reduce(0) { $0 + $1.count } == cards.count)
  }
}

/// The first piece of a long source is small, whatever a read brings (a megabyte): the
/// first screen shows after a few hundred cards are parsed, not thousands; later pieces
/// are megabytes; and every card comes, once, in order.
@Suite struct FirstPieceTests {
  @Test func theFirstPieceIsAScreensWorth() throws {
    var text = ""
    for index in 0..<40_000 {
      text += "{\"caption\": \"card \(index) with a caption of a few words\", \"tags\": [\"t\"]}\n"
    }
    let path = TemporaryFiles.write(text, named: "first-piece.jsonl")
    let reader = try CardStreamReader(path: path, options: CardReadOptions())
    let first = reader.next()
    let firstCards = first.chunks.reduce(0) { $0 + $1.count }
    // About 64 KB of 60-byte lines: a thousand cards, give or take a line.
    #expect(firstCards > 500 && firstCards < 1_500, "\(firstCards) cards in the first piece")
    var total = firstCards
    var pieces = 1
    var finished = first.finished
    while !finished {
      let next = reader.next()
      total += next.chunks.reduce(0) { $0 + $1.count }
      #expect(next.error == nil)
      finished = next.finished
      pieces += 1
    }
    #expect(total == 40_000)
    #expect(pieces < 10, "\(pieces) pieces: later pieces are megabytes")
    let all = try CardLoader.load(path: path)
    #expect(all.cards[39_999].caption.hasPrefix("card 39999 "))
  }

  /// A file is read a piece ahead of the one parsed: the cards still come once each, in
  /// order, the progress counts only the pieces handed over, and an error after several
  /// pieces names its line, after every card before it.
  @Test func readingAheadKeepsOrderProgressAndTheErrorsLine() throws {
    var text = ""
    let cards = 120_000
    for index in 0..<cards {
      text += "{\"caption\": \"card \(index)\", \"tags\": [\"t\(index % 7)\"]}\n"
    }
    text += "{\"caption\": \"bad\",}\n{\"caption\": \"never\"}\n"
    let path = TemporaryFiles.write(text, named: "read-ahead.jsonl")
    let reader = try CardStreamReader(path: path, options: CardReadOptions())
    var captions: [String] = []
    var progress = 0
    var pieces = 0
    while true {
      let (chunks, error, finished) = reader.next()
      pieces += 1
      for chunk in chunks { captions += (0..<chunk.count).map { chunk.card($0).caption } }
      #expect(reader.bytesRead >= progress && reader.bytesRead <= text.utf8.count)
      progress = reader.bytesRead
      if let error {
        #expect("\(error)".hasPrefix("\(path):\(cards + 1):"), "\(error)")
        #expect(finished)
        break
      }
      #expect(!finished, "ended without the error")
      if finished { break }
    }
    #expect(pieces > 2, "\(pieces) pieces")
    #expect(captions == (0..<cards).map { "card \($0)" })
    #expect(reader.next().chunks.isEmpty)
  }

  /// A bad card in the middle of a file read ahead (`ParsePipeline`): every card before it
  /// comes, in order, then its error; nothing after it, and the reader stays finished.
  /// Batches of very different costs (long translated messages, short names) are parsed
  /// side by side, and taken in order whichever ends first.
  @Test func aBadCardMidFileStopsTheReadAhead() throws {
    func caption(_ index: Int) -> String {
      index / 20_000 % 2 == 0
        ? "Ошибка \(index): не удалось открыть файл, проверьте права доступа" : "c\(index)"
    }
    var text = ""
    let good = 150_000
    for index in 0..<(2 * good) {
      if index == good { text += "{\"caption\": 5}\n" }
      text += "{\"caption\": \"\(caption(index))\", \"tags\": [\"t\(index % 5)\"]}\n"
    }
    let path = TemporaryFiles.write(text, named: "bad-mid-file.jsonl")
    let reader = try CardStreamReader(path: path, options: CardReadOptions())
    var cards = 0
    var inOrder = true
    var failure: DataError?
    var calls = 0
    while true {
      let (chunks, error, finished) = reader.next()
      calls += 1
      for chunk in chunks {
        for local in 0..<chunk.count where chunk.card(local).caption != caption(cards + local) {
          inOrder = false
        }
        cards += chunk.count
      }
      failure = error
      if finished { break }
    }
    #expect(inOrder)
    #expect(cards == good)
    #expect(
      failure.map { "\($0)".hasPrefix("\(path):\(good + 1):") } == true,
      "\(String(describing: failure))")
    #expect(calls > 3, "\(calls) calls")
    let after = reader.next()
    #expect(after.chunks.isEmpty && after.error == nil && after.finished)
  }

  /// Readers dropped before the end of a file read ahead are let go without a crash or a
  /// wait (their pipelines cancelled: libdispatch stops a program that frees a semaphore
  /// below its first value), and the same file then reads whole.
  @Test func aReaderDroppedMidFileIsLetGo() throws {
    var text = ""
    for index in 0..<200_000 { text += "{\"caption\": \"card \(index)\"}\n" }
    let path = TemporaryFiles.write(text, named: "dropped.jsonl")
    for calls in 1...4 {
      let reader = try CardStreamReader(path: path, options: CardReadOptions())
      for _ in 0..<calls { _ = reader.next() }
    }
    let whole = try CardLoader.load(path: path)
    #expect(whole.cards.count == 200_000)
  }
}
