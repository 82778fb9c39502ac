import CardModel
import TerminalText

/// A strict JSON reader (RFC 8259) that remembers where each value starts, so that errors
/// in data can be reported as `line:column`. Invalid UTF-8 inside strings decodes to
/// U+FFFD; nesting deeper than `maximumDepth` is an error rather than a stack overflow.
struct JSONReader {
  static let maximumDepth = 256

  private let bytes: [UInt8]
  private var offset: Int
  private var line: Int
  private var lineStart: Int
  private let end: Int
  private let start: Int
  /// How deeply the value read lies in its document (a card in the top-level array is at
  /// depth 1): the limit counts from the document's top, whichever piece is read.
  private let outerDepth: Int

  /// A reader of `bytes[range]`, whose first byte is at `line`, column 1, and whose value
  /// lies at `depth` in its document.
  init(bytes: [UInt8], range: Range<Int>? = nil, line: Int = 1, depth: Int = 0) {
    self.bytes = bytes
    outerDepth = depth
    let range = range ?? 0..<bytes.count
    offset = range.lowerBound
    start = range.lowerBound
    end = range.upperBound
    self.line = line
    lineStart = range.lowerBound
  }

  /// Reads one value that must fill the whole input (white space aside).
  mutating func readDocument() throws(DataError) -> DataValue {
    if end - offset >= 3 && bytes[offset] == 0xEF && bytes[offset + 1] == 0xBB
      && bytes[offset + 2] == 0xBF
    {
      offset += 3
      lineStart = offset
    }
    skipWhitespace()
    let value = try readValue(depth: outerDepth)
    skipWhitespace()
    if offset < end { throw .bad("unexpected \(describeHere()) after the value", at: position) }
    return value
  }

  /// Reads one value (after white space) and leaves what follows unread: the range may
  /// reach past the value, so that the reader's look-ahead (an escaped surrogate pair)
  /// sees what it would see in the whole document.
  mutating func readValueOnly() throws(DataError) -> DataValue {
    skipWhitespace()
    return try readValue(depth: outerDepth)
  }

  /// Reads one element of an array (`closer` `]`) or one member value of an object (`}`)
  /// and the white space after it: what follows must be `,`, the closer or the end of the
  /// bytes, as in a whole document.
  mutating func readElement(closer: UInt8) throws(DataError) -> DataValue {
    let value = try readValueOnly()
    skipWhitespace()
    if offset < end && bytes[offset] != UInt8(ascii: ",") && bytes[offset] != closer {
      let container = closer == UInt8(ascii: "]") ? "array" : "object"
      throw .bad(
        "expected ',' or '\(Character(Unicode.Scalar(closer)))' in the \(container), found \(describeHere())",
        at: position)
    }
    return value
  }

  /// How many bytes of the range have been read.
  var consumed: Int { offset - start }

  private var position: ByteLocation {
    ByteLocation(line: line, lineStart: lineStart, offset: offset)
  }

  private func describeHere() -> String {
    guard offset < end else { return "end of input" }
    let byte = bytes[offset]
    if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    return "byte 0x\(String(byte, radix: 16, uppercase: true))"
  }

  private mutating func skipWhitespace() {
    while offset < end {
      switch bytes[offset] {
      case 0x20, 0x09, 0x0D:
        offset += 1
      case 0x0A:
        offset += 1
        line += 1
        lineStart = offset
      default:
        return
      }
    }
  }

  private mutating func readValue(depth: Int) throws(DataError) -> DataValue {
    let start = position
    guard offset < end else { throw .bad("expected a value, found end of input", at: start) }
    if depth > Self.maximumDepth { throw .bad("values nested too deeply", at: start) }
    switch bytes[offset] {
    case UInt8(ascii: "{"): return DataValue(kind: try readObject(depth: depth), location: start)
    case UInt8(ascii: "["): return DataValue(kind: try readArray(depth: depth), location: start)
    case UInt8(ascii: "\""): return DataValue(kind: .string(try readString()), location: start)
    case UInt8(ascii: "t"):
      try expectWord("true")
      return DataValue(kind: .bool(true), location: start)
    case UInt8(ascii: "f"):
      try expectWord("false")
      return DataValue(kind: .bool(false), location: start)
    case UInt8(ascii: "n"):
      try expectWord("null")
      return DataValue(kind: .null, location: start)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return DataValue(kind: .number(try readNumber()), location: start)
    default:
      throw .bad("expected a value, found \(describeHere())", at: start)
    }
  }

  private mutating func expectWord(_ word: StaticString) throws(DataError) {
    let start = position
    let count = word.utf8CodeUnitCount
    let matches =
      end - offset >= count
      && (0..<count).allSatisfy { bytes[offset + $0] == word.utf8Start[$0] }
    guard matches else { throw .bad("expected a value, found \(describeHere())", at: start) }
    offset += count
  }

  private mutating func readObject(depth: Int) throws(DataError) -> DataValue.Kind {
    offset += 1
    var members: [(key: String, value: DataValue)] = []
    skipWhitespace()
    if offset < end && bytes[offset] == UInt8(ascii: "}") {
      offset += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard offset < end, bytes[offset] == UInt8(ascii: "\"") else {
        throw .bad("expected a key in quotes, found \(describeHere())", at: position)
      }
      let key = try readString()
      skipWhitespace()
      guard offset < end, bytes[offset] == UInt8(ascii: ":") else {
        throw .bad("expected ':' after the key, found \(describeHere())", at: position)
      }
      offset += 1
      skipWhitespace()
      members.append((key, try readValue(depth: depth + 1)))
      skipWhitespace()
      guard offset < end else { throw .bad("unterminated object", at: position) }
      if bytes[offset] == UInt8(ascii: ",") {
        offset += 1
      } else if bytes[offset] == UInt8(ascii: "}") {
        offset += 1
        return .object(members)
      } else {
        throw .bad("expected ',' or '}' in the object, found \(describeHere())", at: position)
      }
    }
  }

  private mutating func readArray(depth: Int) throws(DataError) -> DataValue.Kind {
    offset += 1
    var elements: [DataValue] = []
    skipWhitespace()
    if offset < end && bytes[offset] == UInt8(ascii: "]") {
      offset += 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      elements.append(try readValue(depth: depth + 1))
      skipWhitespace()
      guard offset < end else { throw .bad("unterminated array", at: position) }
      if bytes[offset] == UInt8(ascii: ",") {
        offset += 1
      } else if bytes[offset] == UInt8(ascii: "]") {
        offset += 1
        return .array(elements)
      } else {
        throw .bad("expected ',' or ']' in the array, found \(describeHere())", at: position)
      }
    }
  }

  private mutating func readString() throws(DataError) -> String {
    let start = position
    offset += 1
    var run = offset
    var result: [UInt8] = []
    while offset < end {
      let byte = bytes[offset]
      if byte == UInt8(ascii: "\"") {
        result.append(contentsOf: bytes[run..<offset])
        offset += 1
        return String(decoding: result, as: UTF8.self)
      }
      if byte < 0x20 {
        throw .bad("control character in a string (escape it)", at: position)
      }
      if byte == UInt8(ascii: "\\") {
        result.append(contentsOf: bytes[run..<offset])
        try readEscape(into: &result)
        run = offset
        continue
      }
      offset += 1
    }
    throw .bad("unterminated string", at: start)
  }

  private mutating func readEscape(into result: inout [UInt8]) throws(DataError) {
    let escapeStart = position
    offset += 1
    guard offset < end else { throw .bad("unterminated escape", at: escapeStart) }
    let byte = bytes[offset]
    offset += 1
    let simple: [UInt8: UInt8] = [
      UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F,
      UInt8(ascii: "b"): 0x08, UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A,
      UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
    ]
    if let replacement = simple[byte] {
      result.append(replacement)
      return
    }
    guard byte == UInt8(ascii: "u") else {
      let shown =
        byte >= 0x21 && byte < 0x7F
        ? "'\\\(Character(Unicode.Scalar(byte)))'"
        : "'\\' before byte 0x\(String(byte, radix: 16, uppercase: true))"
      throw .bad("invalid escape \(shown)", at: escapeStart)
    }
    var value = try readHex4(escapeStart)
    // A high surrogate followed by `\u`: the next four bytes must be hex whatever they hold
    // (the answer never depends on how many bytes follow, so a record read alone and the
    // whole document agree).
    if (0xD800..<0xDC00).contains(value), end - offset >= 2, bytes[offset] == UInt8(ascii: "\\"),
      bytes[offset + 1] == UInt8(ascii: "u")
    {
      let saved = offset
      offset += 2
      let low = try readHex4(escapeStart)
      if (0xDC00..<0xE000).contains(low) {
        value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
      } else {
        offset = saved
      }
    }
    // A lone surrogate cannot be a scalar: it becomes U+FFFD, like invalid UTF-8 (but for
    // the bytes of a name that is not UTF-8, `JSONText.scalar(escaped:)`).
    let scalar = JSONText.scalar(escaped: value)
    result.append(contentsOf: Array(String(Character(scalar)).utf8))
  }

  private mutating func readHex4(_ escapeStart: ByteLocation) throws(DataError) -> UInt32 {
    guard end - offset >= 4 else { throw .bad("invalid \\u escape", at: escapeStart) }
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let digit = Character(Unicode.Scalar(bytes[offset])).hexDigitValue else {
        throw .bad("invalid \\u escape", at: escapeStart)
      }
      value = value << 4 | UInt32(digit)
      offset += 1
    }
    return value
  }

  private mutating func readNumber() throws(DataError) -> Double {
    let start = position
    let first = offset
    func digits() -> Int {
      let from = offset
      while offset < end, bytes[offset] >= UInt8(ascii: "0"), bytes[offset] <= UInt8(ascii: "9") {
        offset += 1
      }
      return offset - from
    }
    if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
    let integer = offset
    guard digits() > 0 else { throw .bad("invalid number", at: start) }
    if bytes[integer] == UInt8(ascii: "0") && offset - integer > 1 {
      throw .bad("invalid number (leading zero)", at: start)
    }
    if offset < end && bytes[offset] == UInt8(ascii: ".") {
      offset += 1
      guard digits() > 0 else { throw .bad("invalid number", at: start) }
    }
    if offset < end && (bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E")) {
      offset += 1
      if offset < end && (bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-"))
      {
        offset += 1
      }
      guard digits() > 0 else { throw .bad("invalid number", at: start) }
    }
    guard let value = Double(String(decoding: bytes[first..<offset], as: UTF8.self)),
      value.isFinite
    else { throw .bad("number out of range", at: start) }
    return value
  }
}
