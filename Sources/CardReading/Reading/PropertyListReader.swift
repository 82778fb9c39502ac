import CardModel

/// A reader of XML property lists (the seed's data format) that remembers where each value
/// starts. It reads the plist element vocabulary (`dict`, `array`, `key`, `string`,
/// `integer`, `real`, `true`, `false`, `date`, `data`), entities and CDATA; binary
/// property lists are reported as such.
struct PropertyListReader {
  private let bytes: [UInt8]
  private var offset = 0
  private var line = 1
  private var lineStart = 0

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  private var location: ByteLocation {
    ByteLocation(line: line, lineStart: lineStart, offset: offset)
  }

  mutating func readDocument() throws(DataError) -> DataValue {
    if bytes.starts(with: Array("bplist".utf8)) {
      throw .bad(
        "binary property lists are not supported; convert with 'plutil -convert xml1'",
        at: location)
    }
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
    skipMisc()
    var tag = try readTag()
    let wrapped = tag.name == "plist" && !tag.isEnd
    if wrapped {
      skipMisc()
      tag = try readTag()
    }
    let value = try readValue(startingWith: tag, depth: 0)
    skipMisc()
    if wrapped {
      let closing = try readTag()
      guard closing.isEnd && closing.name == "plist" else {
        throw .bad(
          "expected </plist>, found <\(DataError.quote(closing.name))>", at: closing.location)
      }
      skipMisc()
    }
    if offset < bytes.count {
      throw .bad("unexpected content after the property list", at: location)
    }
    return value
  }

  struct Tag {
    var name: String
    var isEnd: Bool
    var isEmpty: Bool
    var location: ByteLocation
  }

  private mutating func advance() {
    if bytes[offset] == 0x0A {
      line += 1
      lineStart = offset + 1
    }
    offset += 1
  }

  private func startsHere(_ text: String) -> Bool {
    let utf8 = Array(text.utf8)
    return bytes.count - offset >= utf8.count
      && bytes[offset..<offset + utf8.count].elementsEqual(utf8)
  }

  private mutating func skip(past terminator: String) {
    while offset < bytes.count && !startsHere(terminator) { advance() }
    for _ in 0..<terminator.utf8.count where offset < bytes.count { advance() }
  }

  /// Skips white space, comments, the XML declaration and the document type.
  private mutating func skipMisc() {
    while offset < bytes.count {
      if bytes[offset] == 0x20 || bytes[offset] == 0x09 || bytes[offset] == 0x0A
        || bytes[offset] == 0x0D
      {
        advance()
      } else if startsHere("<!--") {
        skip(past: "-->")
      } else if startsHere("<?") {
        skip(past: "?>")
      } else if startsHere("<!DOCTYPE") {
        skip(past: ">")
      } else {
        return
      }
    }
  }

  private mutating func readTag() throws(DataError) -> Tag {
    let start = location
    guard offset < bytes.count, bytes[offset] == UInt8(ascii: "<") else {
      throw .bad(
        offset < bytes.count ? "expected an element" : "unexpected end of input", at: start)
    }
    advance()
    var isEnd = false
    if offset < bytes.count && bytes[offset] == UInt8(ascii: "/") {
      isEnd = true
      advance()
    }
    var name: [UInt8] = []
    while offset < bytes.count, bytes[offset] != UInt8(ascii: ">"),
      bytes[offset] != UInt8(ascii: "/"),
      bytes[offset] != 0x20, bytes[offset] != 0x0A, bytes[offset] != 0x09
    {
      name.append(bytes[offset])
      advance()
    }
    // Attributes (plist version="1.0") carry nothing the cards need.
    while offset < bytes.count && bytes[offset] != UInt8(ascii: ">") && !startsHere("/>") {
      advance()
    }
    guard offset < bytes.count else { throw .bad("unterminated element", at: start) }
    let isEmpty = startsHere("/>")
    skip(past: ">")
    return Tag(
      name: String(decoding: name, as: UTF8.self), isEnd: isEnd, isEmpty: isEmpty, location: start)
  }

  private mutating func readText(closing name: String) throws(DataError) -> String {
    let start = location
    var result: [UInt8] = []
    while offset < bytes.count {
      if startsHere("<![CDATA[") {
        for _ in 0..<9 { advance() }
        while offset < bytes.count && !startsHere("]]>") {
          result.append(bytes[offset])
          advance()
        }
        skip(past: "]]>")
      } else if bytes[offset] == UInt8(ascii: "<") {
        let tag = try readTag()
        guard tag.isEnd && tag.name == name else {
          throw .bad(
            "expected </\(DataError.quote(name))>, found <\(DataError.quote(tag.name))>",
            at: tag.location)
        }
        return String(decoding: result, as: UTF8.self)
      } else if bytes[offset] == UInt8(ascii: "&") {
        result.append(contentsOf: try readEntity())
      } else {
        result.append(bytes[offset])
        advance()
      }
    }
    throw .bad("unterminated <\(DataError.quote(name))>", at: start)
  }

  private mutating func readEntity() throws(DataError) -> [UInt8] {
    let start = location
    var name: [UInt8] = []
    advance()
    while offset < bytes.count && bytes[offset] != UInt8(ascii: ";") && name.count < 10 {
      name.append(bytes[offset])
      advance()
    }
    guard offset < bytes.count, bytes[offset] == UInt8(ascii: ";") else {
      throw .bad("unterminated entity", at: start)
    }
    advance()
    let text = String(decoding: name, as: UTF8.self)
    let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
    if let value = named[text] { return Array(value.utf8) }
    if text.hasPrefix("#") {
      let digits = text.dropFirst()
      let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
      if let value, let scalar = Unicode.Scalar(value) {
        return Array(String(Character(scalar)).utf8)
      }
    }
    throw .bad("unknown entity '&\(DataError.quote(text));'", at: start)
  }

  /// Optionally signed decimal digits.
  static func isInteger(_ text: String) -> Bool {
    var digits = Substring(text)
    if digits.first == "+" || digits.first == "-" { digits = digits.dropFirst() }
    return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isWholeNumber }
  }

  /// A decimal number: digits, an optional fraction, an optional exponent.
  static func isReal(_ text: String) -> Bool {
    var rest = Substring(text)
    if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
    func digits() -> Int {
      let count = rest.prefix { $0.isASCII && $0.isWholeNumber }.count
      rest = rest.dropFirst(count)
      return count
    }
    var count = digits()
    if rest.first == "." {
      rest = rest.dropFirst()
      count += digits()
    }
    guard count > 0 else { return false }
    if rest.first == "e" || rest.first == "E" {
      rest = rest.dropFirst()
      if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
      guard digits() > 0 else { return false }
    }
    return rest.isEmpty
  }

  private mutating func readValue(startingWith tag: Tag, depth: Int) throws(DataError) -> DataValue
  {
    let at = tag.location
    guard !tag.isEnd else { throw .bad("unexpected </\(DataError.quote(tag.name))>", at: at) }
    if depth > JSONReader.maximumDepth { throw .bad("values nested too deeply", at: at) }
    func value(_ kind: DataValue.Kind) -> DataValue { DataValue(kind: kind, location: at) }
    switch tag.name {
    case "true": return value(.bool(true))
    case "false": return value(.bool(false))
    case "string", "date", "data":
      return value(.string(tag.isEmpty ? "" : try readText(closing: tag.name)))
    case "integer", "real":
      let text = tag.isEmpty ? "" : try readText(closing: tag.name)
      // As the format says: an integer is decimal digits, optionally signed; a real is a
      // decimal number (no hexadecimal, no padding, no infinity).
      let isNumber = tag.name == "integer" ? Self.isInteger(text) : Self.isReal(text)
      guard isNumber, let number = Double(text), number.isFinite else {
        throw .bad(
          "<\(DataError.quote(tag.name))> holds '\(DataError.quote(text))', not \(tag.name == "integer" ? "a whole number" : "a number")",
          at: at)
      }
      return value(.number(number))
    case "array":
      var elements: [DataValue] = []
      if tag.isEmpty { return value(.array(elements)) }
      while true {
        skipMisc()
        let next = try readTag()
        if next.isEnd && next.name == "array" { return value(.array(elements)) }
        elements.append(try readValue(startingWith: next, depth: depth + 1))
      }
    case "dict":
      var members: [(key: String, value: DataValue)] = []
      if tag.isEmpty { return value(.object(members)) }
      while true {
        skipMisc()
        let keyTag = try readTag()
        if keyTag.isEnd && keyTag.name == "dict" { return value(.object(members)) }
        guard keyTag.name == "key", !keyTag.isEnd else {
          throw .bad(
            "expected <key> in <dict>, found <\(DataError.quote(keyTag.name))>", at: keyTag.location
          )
        }
        let key = keyTag.isEmpty ? "" : try readText(closing: "key")
        skipMisc()
        let valueTag = try readTag()
        members.append((key, try readValue(startingWith: valueTag, depth: depth + 1)))
      }
    default:
      throw .bad("unknown property list element <\(DataError.quote(tag.name))>", at: at)
    }
  }
}
