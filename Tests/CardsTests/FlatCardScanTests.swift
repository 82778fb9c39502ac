import TestSupport
import Testing

@testable import CardMeasuring
@testable import CardModel
@testable import CardReading
@testable import CardSearch

/// The fast parser's first step, `masonry_scan_card` (flat records of plain strings, in
/// C), against the parser without it: on thousands of random flat records — spaced,
/// cut, with nulls, numbers, literals, other keys, escapes, control bytes, nesting,
/// repeated keys, a byte changed — both give the same card or both give up, under
/// mappings the scan takes and those it leaves to the parser.
@Suite struct FlatCardScanTests {
  /// A card's fields from one record, or `nil` when the parser gave up on it.
  private static func parse(_ record: [UInt8], mapping: FieldMapping, scansFlat: Bool) -> Card? {
    var parser = FastCardParser(mapping: mapping, scansFlat: scansFlat)
    var builder = CardChunkBuilder(pictureBase: nil, probesPictures: false)
    let read = record.withUnsafeBufferPointer { bytes in
      guard let base = bytes.baseAddress else { return false }
      return parser.parse(base, start: 0, end: bytes.count, into: &builder)
    }
    let chunk = builder.finish(sourceBytes: record.count)
    guard read else {
      #expect(chunk.count == 0, "nothing added when the parser gives up")
      return nil
    }
    #expect(chunk.count == 1)
    return chunk.card(0)
  }

  /// Whether `masonry_scan_card` alone reads `record` under the default mapping.
  private static func scans(_ record: [UInt8]) -> Bool {
    record.withUnsafeBufferPointer { FastCardParser(mapping: FieldMapping()).scansFlat($0) }
  }

  private static func pick<T>(_ choices: [T], _ random: inout SeededGenerator) -> T {
    choices[Int.random(in: 0..<choices.count, using: &random)]
  }

  private static func space(_ random: inout SeededGenerator) -> String {
    Int.random(in: 0..<4, using: &random) == 0
      ? pick([" ", "\t", "  ", "\r\n", " \n "], &random) : ""
  }

  /// A string: mostly plain (ASCII, accented, CJK, emoji, long), sometimes with an escape,
  /// a raw control byte or a lone quote.
  private static func string(_ random: inout SeededGenerator, clean: Bool = false) -> String {
    let plain = pick(
      [
        "", "a", "Real-time strategy (0.0.26-3) https://play0ad.com/", "Café crème", "日本語のテキスト",
        "🙂 emoji", String(repeating: "long words ", count: Int.random(in: 1...12, using: &random)),
      ], &random)
    switch clean ? 12 : Int.random(in: 0..<12, using: &random) {
    case 0: return "\"" + plain + "\\n" + "\""
    case 1: return "\"" + plain + "\\u00e9\""
    case 2: return "\"" + plain + "\u{01}\""
    case 3: return "\"" + plain + "\\\"q\""
    default: return "\"" + plain + "\""
    }
  }

  /// Any value; with `clean`, a string, number, literal or null the scan reads.
  private static func value(_ random: inout SeededGenerator, clean: Bool = false) -> String {
    if clean {
      switch Int.random(in: 0..<4, using: &random) {
      case 0: return pick(["null", "true", "false"], &random)
      case 1: return pick(["0", "-0", "12", "-3.25", "0.5"], &random)
      default: return string(&random, clean: true)
      }
    }
    switch Int.random(in: 0..<14, using: &random) {
    case 0: return "null"
    case 1: return pick(["true", "false", "tru", "nul", "falsey"], &random)
    case 2: return pick(["0", "-0", "12", "-3.25", "01", "1e5", "1.", "-", "2E-3", "0.5"], &random)
    case 3: return "{\"text\":" + string(&random) + "}"
    case 4: return "[" + string(&random) + ",1]"
    case 5: return "[]"
    default: return string(&random)
    }
  }

  private static func tags(_ random: inout SeededGenerator, clean: Bool = false) -> String {
    switch clean ? pick([0, 1, 5, 6, 7], &random) : Int.random(in: 0..<10, using: &random) {
    case 0: return "null"
    case 1: return "[" + space(&random) + "]"
    case 2: return "[1]"
    case 3: return string(&random)
    case 4:
      // More than the scan keeps (64): the parser reads them.
      return "[" + (0..<70).map { "\"t\($0)\"" }.joined(separator: ",") + "]"
    default:
      let count = Int.random(in: 1...5, using: &random)
      return "["
        + (0..<count).map { _ in space(&random) + string(&random, clean: clean) + space(&random) }
        .joined(separator: ",") + "]"
    }
  }

  /// A record of the kind the scan reads; or one with a single thing it does not read
  /// (another key's number with an exponent, a key twice, 70 tags, an escape, a cut...);
  /// or one whose every part may be odd.
  private static func record(_ random: inout SeededGenerator) -> [UInt8] {
    let mode = Int.random(in: 0..<4, using: &random)
    let clean = mode < 3
    var members: [(String, String)] = []
    if Int.random(in: 0..<15, using: &random) != 0 {
      let odd = !clean && Int.random(in: 0..<20, using: &random) == 0
      members.append(("caption", odd ? value(&random) : string(&random, clean: clean)))
    }
    func field(_ odds: Int) -> (inout SeededGenerator) -> String {
      { random in
        !clean && Int.random(in: 0..<odds, using: &random) == 0
          ? value(&random) : string(&random, clean: clean)
      }
    }
    let optional: [(String, (inout SeededGenerator) -> String)] = [
      ("comment", field(3)), ("section", field(4)), ("id", field(4)), ("image", field(3)),
      ("url", { value(&$0, clean: clean) }),
      ("tags", { tags(&$0, clean: clean) }),
      ("extra", { value(&$0, clean: clean) }),
      ("x", { value(&$0, clean: clean) }),
      ("annotation", { value(&$0, clean: clean) }),
      ("captions", { value(&$0, clean: clean) }),
      ("cap", { value(&$0, clean: clean) }),
      ("", { value(&$0, clean: clean) }),
    ]
    for (key, make) in optional where Int.random(in: 0..<3, using: &random) != 0 {
      members.append((key, make(&random)))
    }
    var change = -1
    if mode == 2 {
      // One thing the scan leaves to the parser (which reads some of them, and gives up
      // on the others).
      change = Int.random(in: 0..<9, using: &random)
      let key = pick(["caption", "comment", "tags", "id", "section", "extra"], &random)
      switch change {
      case 0 where !members.isEmpty:
        members.append(members.randomElement(using: &random)!)
      case 1:
        members.append((key, pick(["1e5", "2E-3", "-1.5e+2", "01", "1.", "-", "tru"], &random)))
      case 2:
        members.append(
          (key, pick([#"{"a":1}"#, "[1]", #"["a\nb"]"#, #""a\nb""#, #""a\u00e9""#], &random)))
      case 3:
        members.append(
          (
            "tags",
            "["
              + (0..<Int.random(in: 63...70, using: &random)).map { "\"t\($0)\"" }
              .joined(separator: ",") + "]"
          ))
      case 4 where !members.isEmpty:
        let at = Int.random(in: 0..<members.count, using: &random)
        members[at].0 = "\\u0063" + members[at].0.dropFirst()
      case 5:
        members.append((key, "\"a\u{01}b\""))
      default:
        break
      }
    }
    if !clean && Int.random(in: 0..<10, using: &random) == 0,
      let repeated = members.randomElement(using: &random)
    {
      members.append(repeated)
    }
    if !clean && Int.random(in: 0..<15, using: &random) == 0, !members.isEmpty {
      let at = Int.random(in: 0..<members.count, using: &random)
      members[at].0 = "\\u0063" + members[at].0.dropFirst()
    }
    members.shuffle(using: &random)
    let body = members.map { key, value in
      "\"" + key + "\"" + space(&random) + ":" + space(&random) + value + space(&random)
    }.joined(separator: "," + space(&random))
    var bytes = Array((space(&random) + "{" + space(&random) + body + "}" + space(&random)).utf8)
    let ending = change >= 6 ? change - 6 : mode == 3 ? Int.random(in: 0..<12, using: &random) : 12
    switch ending {
    case 0 where !bytes.isEmpty:
      // Cut anywhere.
      bytes.removeLast(Int.random(in: 1...bytes.count, using: &random))
    case 1 where !bytes.isEmpty:
      // A byte changed.
      bytes[Int.random(in: 0..<bytes.count, using: &random)] = pick(
        [0x22, 0x5C, 0x7B, 0x7D, 0x3A, 0x2C, 0x00, 0xFF, 0x20, 0x5B, 0x5D], &random)
    case 2:
      bytes += Array(pick(["x", "}", ",", " {}"], &random).utf8)
    default:
      break
    }
    return bytes
  }

  @Test(arguments: 0..<4)
  func randomFlatRecordsGiveTheSameCardWithAndWithoutTheScan(batch: Int) {
    var random = SeededGenerator(seed: UInt64(31_000 + batch))
    var nested = FieldMapping()
    _ = nested.set(.comment, to: "body.text")
    var long = FieldMapping()
    _ = long.set(.caption, to: "annotation")
    var shared = FieldMapping()
    _ = shared.set(.comment, to: "caption")
    var scanned = 0
    var read = 0
    let total = 2_500
    for number in 0..<total {
      let record = Self.record(&random)
      let text = String(decoding: record, as: UTF8.self)
      let without = Self.parse(record, mapping: FieldMapping(), scansFlat: false)
      let with = Self.parse(record, mapping: FieldMapping(), scansFlat: true)
      #expect(with == without, "record \(batch):\(number): \(text)")
      if Self.scans(record) {
        scanned += 1
        // What the scan reads, the parser reads too, the same.
        #expect(without != nil, "scanned but refused by the parser: \(text)")
      }
      if without != nil { read += 1 }
      for mapping in [nested, long, shared] {
        #expect(
          Self.parse(record, mapping: mapping, scansFlat: true)
            == Self.parse(record, mapping: mapping, scansFlat: false),
          "record \(batch):\(number) under \(mapping): \(text)")
      }
    }
    // Enough of each: records the scan reads, and records it leaves to the parser that
    // the parser reads.
    #expect(scanned > total / 4, "\(scanned) scanned")
    #expect(read - scanned > total / 40, "\(read - scanned) read by the parser alone")
  }

  @Test func aRecordOfEveryFieldIsScannedAsTheParserReadsIt() {
    let record = Array(
      #" {"id":"pkg:0ad/0", "caption" : "0ad","comment":"Real-time strategy","tags":["game::strategy", "role::program"],"section":"games","url":null,"image":"a.png","n":-1.5,"t":true} "#
        .utf8)
    #expect(Self.scans(record))
    let card = Self.parse(record, mapping: FieldMapping(), scansFlat: true)
    #expect(card != nil)
    #expect(card == Self.parse(record, mapping: FieldMapping(), scansFlat: false))
    #expect(card?.caption == "0ad")
    #expect(card?.tags == ["game::strategy", "role::program"])
    #expect(card?.section == "games")
  }
}
