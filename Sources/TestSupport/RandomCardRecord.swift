import Foundation

/// Random card records as JSON bytes, valid and broken in every way the readers must
/// handle alike: escapes of every kind, surrogates (paired and lone), raw and invalid
/// UTF-8, nulls, numbers written oddly, nested unknown keys, repeated keys, wrong types,
/// and now and then a byte dropped or added.
package enum RandomCardRecord {
  /// One record (no newline in it unless `pretty`); without `faults`, wrong types, bad
  /// escapes and broken bytes are rarer.
  package static func make(
    using random: inout SeededGenerator, pretty: Bool = false, faults: Bool = true
  ) -> [UInt8] {
    if !faults && Int.random(in: 0..<4, using: &random) != 0 {
      return clean(using: &random, pretty: pretty)
    }
    var members: [(key: String, value: String)] = []
    if Int.random(in: 0..<20, using: &random) != 0 {
      members.append(
        (
          "caption",
          Int.random(in: 0..<25, using: &random) == 0
            ? scalarValue(&random) : string(&random)
        ))
    }
    let optional: [(String, (inout SeededGenerator) -> String)] = [
      ("comment", { nullable(string(&$0), &$0) }),
      ("section", { nullable(pick(["\"mammals\"", "\"birds\"", "\"sea life\""], &$0), &$0) }),
      ("id", { identifier(&$0) }),
      ("tags", { tags(&$0) }),
      ("image", { image(&$0) }),
      ("alt", { nullable(string(&$0), &$0) }),
      ("extra", { anyValue(&$0, depth: 0) }),
      ("nested", { "{\"text\":\(string(&$0)),\"n\":\(number(&$0))}" }),
      // A key of eight bytes or more (read as any string, not matched as a short key).
      ("annotation", { anyValue(&$0, depth: 0) }),
    ]
    for (key, make) in optional where Bool.random(using: &random) {
      members.append((key, make(&random)))
    }
    if Int.random(in: 0..<15, using: &random) == 0,
      let repeated = members.randomElement(using: &random)
    {
      members.append((repeated.key, Bool.random(using: &random) ? repeated.value : string(&random)))
    }
    if Int.random(in: 0..<12, using: &random) == 0, !members.isEmpty {
      // A key spelled with an escape: the same key once decoded.
      let at = Int.random(in: 0..<members.count, using: &random)
      let key = members[at].key
      let first = key.unicodeScalars.first!.value
      members[at].key = String(format: "\\u%04x", first) + key.dropFirst()
    }
    members.shuffle(using: &random)
    let separator = pretty ? ",\n  " : pick([",", ", ", " ,\t"], &random)
    let body = members.map { "\"\($0.key)\":\(pretty ? " " : "")\($0.value)" }
      .joined(separator: separator)
    var bytes = Array("{\(body)}".utf8)
    if Int.random(in: 0..<30, using: &random) == 0 {
      // Invalid UTF-8 inside a string.
      if let quote = bytes.lastIndex(of: UInt8(ascii: "\"")) {
        bytes.insert(pick([0xFF, 0xC3, 0xE3, 0x80], &random), at: quote)
      }
    }
    if Int.random(in: 0..<25, using: &random) == 0, !bytes.isEmpty {
      // A byte dropped or added anywhere.
      let at = Int.random(in: 0..<bytes.count, using: &random)
      if Bool.random(using: &random) {
        bytes.remove(at: at)
      } else {
        bytes.insert(pick(Array("{}[]\",:\\ 0a\u{1}".utf8), &random), at: at)
      }
    }
    return bytes
  }

  /// A valid card with every field in its usual form.
  private static func clean(using random: inout SeededGenerator, pretty: Bool) -> [UInt8] {
    func text() -> String {
      var value = string(&random)
      for bad in ["\u{1B}", "tab\there", "\\q", "\\u12", "ab\\"] {
        value = value.replacingOccurrences(of: bad, with: "x")
      }
      return value
    }
    var members = ["\"caption\":\(text())"]
    if Bool.random(using: &random) { members.append("\"comment\":\(text())") }
    if Bool.random(using: &random) {
      members.append("\"id\":\(pick(["\"a1\"", "42", "-7"], &random))")
    }
    if Bool.random(using: &random) {
      members.append("\"section\":" + pick(["\"mammals\"", "\"birds\"", "null"], &random))
    }
    if Bool.random(using: &random) { members.append("\"tags\":[\(text()),\"forest\"]") }
    if Bool.random(using: &random) {
      members.append(
        "\"image\":{\"width\":\(Int.random(in: 1...4000, using: &random)),\"height\":"
          + "\(Int.random(in: 1...4000, using: &random)),\"color\":\"#a0522d\"}")
    }
    members.shuffle(using: &random)
    return Array(("{" + members.joined(separator: pretty ? ",\n  " : ",") + "}").utf8)
  }

  private static func pick<T>(_ choices: [T], _ random: inout SeededGenerator) -> T {
    choices[Int.random(in: 0..<choices.count, using: &random)]
  }

  private static func nullable(_ value: String, _ random: inout SeededGenerator) -> String {
    Int.random(in: 0..<6, using: &random) == 0 ? "null" : value
  }

  private static let pieces = [
    "Red fox", "a", " ", "キツネ", "森の", "🦊", "e\u{301}", "\\n", "\\\"", "\\\\", "\\/",
    "\\t", "\\u00e9", "\\u30ad", "\\ud83e\\udd8a", "\\ud800", "\\udc00x", "\\u0000", "\\b",
    "tab\there", "1.5", "#", "\u{1B}", "ab\\", "\\q", "\\u12", "ÿ", "中文字",
  ]

  static func string(_ random: inout SeededGenerator) -> String {
    var text = ""
    for _ in 0..<Int.random(in: 0...6, using: &random) {
      var piece = pick(pieces, &random)
      // A raw control character or a bad escape now and then, not always.
      if (piece == "\u{1B}" || piece == "tab\there" || piece == "\\q" || piece == "\\u12"
        || piece == "ab\\") && Int.random(in: 0..<4, using: &random) != 0
      {
        piece = "x"
      }
      text += piece
    }
    return "\"\(text)\""
  }

  private static func scalarValue(_ random: inout SeededGenerator) -> String {
    pick(["12", "null", "true", "[\"a\"]", "{}"], &random)
  }

  private static func number(_ random: inout SeededGenerator) -> String {
    pick(
      [
        "0", "7", "-3", "12.5", "1e3", "-0", "1E+2", "2.", "01", "-", "1e999", "123456789012345",
        "1234567890123456", "0.0", "1000000", "1000001",
      ], &random)
  }

  private static func identifier(_ random: inout SeededGenerator) -> String {
    switch Int.random(in: 0..<4, using: &random) {
    case 0: return number(&random)
    case 1: return "null"
    case 2: return "[1]"
    default: return string(&random)
    }
  }

  private static func tags(_ random: inout SeededGenerator) -> String {
    switch Int.random(in: 0..<12, using: &random) {
    case 0: return "null"
    case 1: return "\"forest\""
    case 2: return "[\"a\", 3]"
    case 3: return "[]"
    default:
      let count = Int.random(in: 1...4, using: &random)
      return "[" + (0..<count).map { _ in string(&random) }.joined(separator: ",") + "]"
    }
  }

  private static func image(_ random: inout SeededGenerator) -> String {
    switch Int.random(in: 0..<10, using: &random) {
    case 0: return "null"
    case 1: return "\"pictures/fox.png\""
    case 2: return "7"
    default:
      var members: [String] = []
      if Int.random(in: 0..<5, using: &random) != 0 {
        members.append("\"width\":\(pixels(&random))")
      }
      if Int.random(in: 0..<5, using: &random) != 0 {
        members.append("\"height\":\(pixels(&random))")
      }
      if Bool.random(using: &random) {
        members.append(
          "\"color\":"
            + pick(
              ["\"#a0522d\"", "\"A0522D\"", "\"red\"", "\"#12345\"", "5", "\"#ABCDEF\""], &random))
      }
      if Int.random(in: 0..<3, using: &random) == 0 {
        members.append("\"path\":" + pick(["\"x.png\"", "null", "\"\"", "4"], &random))
      }
      if Int.random(in: 0..<4, using: &random) == 0 { members.append("\"alt\":\(string(&random))") }
      if Int.random(in: 0..<12, using: &random) == 0, let first = members.first {
        members.append(first)
      }
      members.shuffle(using: &random)
      return "{" + members.joined(separator: ",") + "}"
    }
  }

  private static func pixels(_ random: inout SeededGenerator) -> String {
    pick(
      [
        "1", "640", "480", "1000000", "0", "1000001", "5.0", "1e2", "-4", "\"5\"", "07", "99999999",
      ], &random)
  }

  private static func anyValue(_ random: inout SeededGenerator, depth: Int) -> String {
    switch Int.random(in: 0..<(depth > 3 ? 4 : 7), using: &random) {
    case 0: return string(&random)
    case 1: return number(&random)
    case 2: return pick(["true", "false", "null", "tru", "nul"], &random)
    case 3: return "[]"
    case 4:
      let count = Int.random(in: 1...3, using: &random)
      return "["
        + (0..<count).map { _ in anyValue(&random, depth: depth + 1) }.joined(separator: ",")
        + "]"
    case 5:
      return "{\"k\":\(anyValue(&random, depth: depth + 1)),\"caption\":\(string(&random))}"
    default:
      return " { } "
    }
  }
}
