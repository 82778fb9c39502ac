import CByteScan
import CardModel
import TerminalText

// The values a card's fields hold: strings (unescaped into the scratch only when they
// hold an escape), numbers, and the values of keys no field maps, skipped.

extension FastCardParser {
  /// An id written as a whole number: kept as its digits (what the careful reader prints
  /// for it), up to 15 digits.
  func readIdentifierNumber(_ cursor: inout Cursor) throws(GiveUp) -> Slice {
    let start = cursor.index
    if cursor.current == UInt8(ascii: "-") { cursor.index += 1 }
    let digitsStart = cursor.index
    while !cursor.atEnd, cursor.current >= UInt8(ascii: "0"), cursor.current <= UInt8(ascii: "9") {
      cursor.index += 1
    }
    let digits = cursor.index - digitsStart
    guard digits > 0, digits <= 15, !Self.continuesNumber(cursor) else { throw GiveUp() }
    if cursor.bytes[digitsStart] == UInt8(ascii: "0") && (digits > 1 || digitsStart > start) {
      throw GiveUp()  // a leading zero, or -0
    }
    return Slice(start: start, count: cursor.index - start, inScratch: false)
  }

  @inline(__always)
  static func continuesNumber(_ cursor: Cursor) -> Bool {
    guard !cursor.atEnd else { return false }
    let byte = cursor.current
    return byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
      || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
  }

  mutating func readStringValue(_ cursor: inout Cursor) throws(GiveUp) -> Slice {
    guard !cursor.atEnd, cursor.current == UInt8(ascii: "\"") else { throw GiveUp() }
    return try readString(&cursor)
  }

  /// A string: where its bytes are in the record, or, when it has escapes, its decoded
  /// bytes in `scratch`.
  mutating func readString(_ cursor: inout Cursor) throws(GiveUp) -> Slice {
    cursor.index += 1
    let start = cursor.index
    let bytes = cursor.bytes
    let end = cursor.end
    // Sixteen bytes at a time while none of them ends the plain run (a quote, a backslash
    // or a control byte): most of a card's bytes are in strings without escapes. It stops
    // on the byte that ends the run, or within the record's last sixteen, which are looked
    // at eight at a time: the word that holds the end says where it is, so the loop below
    // starts on it.
    var index = masonry_plain_run(bytes, start, end)
    while end - index < 16 && index + 8 <= end {
      let word = UInt64(
        littleEndian: UnsafeRawPointer(bytes + index).loadUnaligned(as: UInt64.self))
      let stops = Self.plainRunStops(word)
      if stops != 0 {
        index += stops.trailingZeroBitCount >> 3
        break
      }
      index += 8
    }
    while index < end {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        cursor.index = index + 1
        return Slice(start: start, count: index - start, inScratch: false)
      }
      if byte == UInt8(ascii: "\\") { break }
      if byte < 0x20 { throw GiveUp() }
      index += 1
    }
    guard index < end else { throw GiveUp() }
    // Escapes: decode into scratch.
    let scratchStart = scratch.count
    scratch.append(contentsOf: UnsafeBufferPointer(start: bytes + start, count: index - start))
    while index < end {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        cursor.index = index + 1
        return Slice(start: scratchStart, count: scratch.count - scratchStart, inScratch: true)
      }
      if byte < 0x20 { throw GiveUp() }
      if byte != UInt8(ascii: "\\") {
        scratch.append(byte)
        index += 1
        continue
      }
      index += 1
      guard index < end else { throw GiveUp() }
      let escape = bytes[index]
      index += 1
      switch escape {
      case UInt8(ascii: "\""): scratch.append(0x22)
      case UInt8(ascii: "\\"): scratch.append(0x5C)
      case UInt8(ascii: "/"): scratch.append(0x2F)
      case UInt8(ascii: "b"): scratch.append(0x08)
      case UInt8(ascii: "f"): scratch.append(0x0C)
      case UInt8(ascii: "n"): scratch.append(0x0A)
      case UInt8(ascii: "r"): scratch.append(0x0D)
      case UInt8(ascii: "t"): scratch.append(0x09)
      case UInt8(ascii: "u"):
        var value = try Self.hexValue(bytes, &index, end, digits: 4)
        if (0xD800..<0xDC00).contains(value), index + 2 <= end,
          bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
        {
          var next = index + 2
          let low = try Self.hexValue(bytes, &next, end, digits: 4)
          if (0xDC00..<0xE000).contains(low) {
            value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            index = next
          }
        }
        appendScalar(value)
      default:
        throw GiveUp()
      }
    }
    throw GiveUp()
  }

  /// The high bit of each of the eight bytes of `word` (read little-endian: the first
  /// byte lowest) that is a quote, a backslash or below 0x20 — and maybe of bytes above
  /// such a byte, flagged by a borrow from it. So the lowest bit set is exactly the first
  /// byte that ends a plain run, and 0 says none does.
  @inline(__always)
  static func plainRunStops(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    let quotes = word ^ (ones &* 0x22)
    let backslashes = word ^ (ones &* 0x5C)
    let zeroQuote = (quotes &- ones) & ~quotes
    let zeroBackslash = (backslashes &- ones) & ~backslashes
    let control = (word &- ones &* 0x20) & ~word
    return (zeroQuote | zeroBackslash | control) & high
  }

  /// `count` hexadecimal digits from `index` on (moved past them) as a number: a `\u`
  /// escape's four, a colour's six.
  static func hexValue(
    _ bytes: UnsafePointer<UInt8>, _ index: inout Int, _ end: Int, digits count: Int
  ) throws(GiveUp) -> UInt32 {
    guard index + count <= end else { throw GiveUp() }
    var value: UInt32 = 0
    for _ in 0..<count {
      let byte = bytes[index]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw GiveUp()
      }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }

  /// Appends `value` as UTF-8; a lone surrogate becomes U+FFFD, as in the careful reader,
  /// but for `\udc80`–`\udcff`: the byte of a name that is not UTF-8 (`JSONText`).
  mutating func appendScalar(_ value: UInt32) {
    let scalar = JSONText.scalar(escaped: value)
    let code = scalar.value
    switch code {
    case 0..<0x80:
      scratch.append(UInt8(code))
    case 0x80..<0x800:
      scratch.append(UInt8(0xC0 | code >> 6))
      scratch.append(UInt8(0x80 | code & 0x3F))
    case 0x800..<0x10000:
      scratch.append(UInt8(0xE0 | code >> 12))
      scratch.append(UInt8(0x80 | code >> 6 & 0x3F))
      scratch.append(UInt8(0x80 | code & 0x3F))
    default:
      scratch.append(UInt8(0xF0 | code >> 18))
      scratch.append(UInt8(0x80 | code >> 12 & 0x3F))
      scratch.append(UInt8(0x80 | code >> 6 & 0x3F))
      scratch.append(UInt8(0x80 | code & 0x3F))
    }
  }

  func expect(_ cursor: inout Cursor, _ word: StaticString) throws(GiveUp) {
    let count = word.utf8CodeUnitCount
    guard cursor.end - cursor.index >= count else { throw GiveUp() }
    for offset in 0..<count where cursor.bytes[cursor.index + offset] != word.utf8Start[offset] {
      throw GiveUp()
    }
    cursor.index += count
  }

  /// Checks and passes over a value nobody asked for.
  mutating func skipValue(_ cursor: inout Cursor, depth: Int) throws(GiveUp) {
    guard depth < 200, !cursor.atEnd else { throw GiveUp() }
    switch cursor.current {
    case UInt8(ascii: "\""):
      let mark = scratch.count
      _ = try readString(&cursor)
      scratch.removeSubrange(mark...)
    case UInt8(ascii: "{"):
      guard try cursor.enterContainer(closer: UInt8(ascii: "}")) else { return }
      repeat {
        guard !cursor.atEnd, cursor.current == UInt8(ascii: "\"") else { throw GiveUp() }
        let mark = scratch.count
        _ = try readString(&cursor)
        scratch.removeSubrange(mark...)
        try cursor.passColon()
        try skipValue(&cursor, depth: depth + 1)
      } while try cursor.afterElement(closer: UInt8(ascii: "}"))
    case UInt8(ascii: "["):
      guard try cursor.enterContainer(closer: UInt8(ascii: "]")) else { return }
      repeat {
        try skipValue(&cursor, depth: depth + 1)
      } while try cursor.afterElement(closer: UInt8(ascii: "]"))
    case UInt8(ascii: "t"): try expect(&cursor, "true")
    case UInt8(ascii: "f"): try expect(&cursor, "false")
    case UInt8(ascii: "n"): try expect(&cursor, "null")
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      try skipNumber(&cursor)
    default:
      throw GiveUp()
    }
  }

  /// A number in JSON's grammar; one with an exponent goes to the careful reader (it may
  /// be out of range).
  func skipNumber(_ cursor: inout Cursor) throws(GiveUp) {
    if cursor.current == UInt8(ascii: "-") { cursor.index += 1 }
    func digits(_ cursor: inout Cursor) -> Int {
      let start = cursor.index
      while !cursor.atEnd, cursor.current >= UInt8(ascii: "0"), cursor.current <= UInt8(ascii: "9")
      {
        cursor.index += 1
      }
      return cursor.index - start
    }
    let integerStart = cursor.index
    let integerDigits = digits(&cursor)
    guard integerDigits > 0, integerDigits < 300 else { throw GiveUp() }
    if integerDigits > 1 && cursor.bytes[integerStart] == UInt8(ascii: "0") { throw GiveUp() }
    if !cursor.atEnd && cursor.current == UInt8(ascii: ".") {
      cursor.index += 1
      guard digits(&cursor) > 0 else { throw GiveUp() }
    }
    if !cursor.atEnd && (cursor.current == UInt8(ascii: "e") || cursor.current == UInt8(ascii: "E"))
    {
      throw GiveUp()
    }
  }
}
