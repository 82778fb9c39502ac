import CardModel

/// Cuts a JSON document — an array of cards, or an object holding one under `cards` (or
/// `photos`) — into records, one card each, as its bytes arrive: the document is never
/// held whole. The structure around the cards is checked here with the reader's messages;
/// each card is checked when it is parsed. Other members of the top-level object are read
/// and checked whole (each at most `RecordReader.maximumRecordBytes`).
///
/// Started on an object whose kind is not known yet (no extension, first byte `{`), it
/// reports `.jsonLines` once that object ends without a `cards` array: the source is then
/// JSON Lines, to be read again from its first byte.
struct JSONDocumentSplitter {
  enum Outcome {
    /// Everything up to the limit is taken: scan on from there once more bytes arrive.
    case needMore
    /// The bytes from this offset on are needed again, with more after them (a byte
    /// order mark cut by a read, a top-level value that is not a document of cards).
    case needMoreFrom(Int)
    case jsonLines
  }

  /// How far a top-level value that is not an array or object is read to name what is
  /// wrong with it (the reader's message, as for a whole document).
  static let misplacedValueLookahead = 1 << 20

  private enum Phase {
    case beforeDocument
    case objectKeyOrEnd(first: Bool)
    case objectKey
    case objectColon
    case objectValue
    case objectMemberValue
    case objectAfterValue
    case arrayElementOrEnd(first: Bool)
    case arrayElement
    case arrayAfterElement
    case afterDocument
  }

  private var phase = Phase.beforeDocument
  /// Whether the cards array came from the top-level object (else it is the document).
  private var inObject = false
  /// Whether the document may still turn out to be JSON Lines.
  private var undecided: Bool
  private var foundCards = false
  /// Where the top-level object started, for the error when it has no cards.
  private var objectStart = SourcePosition(line: 1, column: 1)
  /// Whether the last key read was `cards` or `photos`.
  private var keyIsCards = false
  /// Whether a key `cards` or `photos` was read, and whether the last one was a second.
  private var sawCardsKey = false
  private var keyIsSecondCards = false
  // The value being scanned: where it started, how deep, whether inside a string.
  private var valueStart = 0
  private var valuePosition = SourcePosition(line: 1, column: 1)
  private var depth = 0
  private var inString = false
  private var escaped = false
  private var isScalar = false
  /// White space since the last other byte outside a value, and where it began: more than
  /// `RecordReader.maximumRecordBytes` of it is an error, so memory stays bounded on
  /// `yes ' '` too.
  private var whitespaceRun = 0
  private var whitespaceStart = SourcePosition(line: 1, column: 1)
  // Where the next byte is.
  private var line = 1
  private var column = 1
  private var sawByteOrderMark = false
  private let path: String

  init(path: String, undecided: Bool) {
    self.path = path
    self.undecided = undecided
  }

  /// The offset at which bytes still needed start (the value being scanned, or `limit`):
  /// everything before it may be dropped once its records are taken.
  func keepFrom(limit: Int) -> Int {
    switch phase {
    case .arrayElement, .objectMemberValue, .objectKey: return undecided ? 0 : valueStart
    default: return undecided ? 0 : limit
    }
  }

  /// The card or member value being scanned, if any: where it starts in the buffer and in
  /// the source, how deeply it lies in the document, and the byte that closes its
  /// container (`nil` for a key).
  var valueInProgress: (start: Int, position: SourcePosition, depth: Int, closer: UInt8?)? {
    switch phase {
    case .arrayElement: return (valueStart, valuePosition, cardDepth, UInt8(ascii: "]"))
    case .objectMemberValue: return (valueStart, valuePosition, 1, UInt8(ascii: "}"))
    case .objectKey: return (valueStart, valuePosition, 1, nil)
    default: return nil
    }
  }

  /// How deeply a card lies in the document: in the top-level array, or in the `cards`
  /// array of the top-level object.
  private var cardDepth: Int { inObject ? 2 : 1 }

  /// The offsets moved down by `cut` bytes (the bytes before were dropped).
  mutating func rebase(by cut: Int) {
    valueStart -= cut
  }

  /// The place of the next byte to scan: where a NUL byte found there is reported.
  var position: SourcePosition { SourcePosition(line: line, column: column) }

  /// Scans `buffer[offset..<limit]`, adding each card's record to `spans`.
  mutating func scan(
    _ buffer: UnsafeBufferPointer<UInt8>, from offset: Int, to limit: Int, atEnd: Bool,
    into spans: inout [RecordBatch.RecordSpan]
  ) throws(DataError) -> Outcome {
    var index = offset
    while index < limit {
      let byte = buffer[index]
      switch phase {
      case .arrayElement, .objectMemberValue:
        // The hot loop: inside a value, only strings and brackets matter.
        if try scanValue(buffer, &index, limit: limit) {
          try endValue(buffer, at: index, into: &spans)
        }
        continue
      case .objectKey:
        // Only the closing quote is looked for here; the key is then read by the reader,
        // which checks it (escapes, control characters) exactly as in a whole document.
        advance(byte)
        index += 1
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          try readKey(buffer, to: index)
          phase = .objectColon
        } else {
          try checkLength(index - valueStart)
        }
        continue
      default:
        break
      }
      if isWhitespace(byte) {
        if whitespaceRun == 0 { whitespaceStart = position }
        whitespaceRun += 1
        if whitespaceRun > RecordReader.maximumRecordBytes {
          throw DataError(
            .badData, path: path, position: whitespaceStart,
            message:
              "more than \(RecordReader.maximumRecordBytes >> 20) MB of white space and no card")
        }
        advance(byte)
        index += 1
        continue
      }
      whitespaceRun = 0
      switch phase {
      case .beforeDocument:
        if !sawByteOrderMark && byte == 0xEF && line == 1 && column == 1 {
          // A byte order mark: skip it whole.
          // (A NUL byte ends the input early: `limit` is then short of the bytes read.)
          guard index + 2 < limit || atEnd || limit < buffer.count else {
            return .needMoreFrom(index)
          }
          if index + 2 < limit && buffer[index + 1] == 0xBB && buffer[index + 2] == 0xBF {
            sawByteOrderMark = true
            index += 3
            continue
          }
        }
        if byte == UInt8(ascii: "[") {
          undecided = false
          phase = .arrayElementOrEnd(first: true)
        } else if byte == UInt8(ascii: "{") {
          inObject = true
          objectStart = position
          phase = .objectKeyOrEnd(first: true)
        } else {
          undecided = false
          // The reader names what is wrong, given the whole value: up to the end of the
          // input, or to a NUL byte (`limit` is then short of the bytes read).
          let whole =
            atEnd || limit < buffer.count || limit - index >= Self.misplacedValueLookahead
          guard whole else { return .needMoreFrom(index) }
          throw notCardsDocument(buffer, at: index, limit: limit)
        }
      case .objectKeyOrEnd(let first):
        if byte == UInt8(ascii: "}") && first {
          try endObject()
        } else if byte == UInt8(ascii: "\"") {
          keyIsCards = false
          valueStart = index
          valuePosition = position
          inString = true
          escaped = false
          phase = .objectKey
        } else {
          throw bad("expected a key in quotes, found \(describe(byte))")
        }
      case .objectColon:
        guard byte == UInt8(ascii: ":") else {
          throw bad("expected ':' after the key, found \(describe(byte))")
        }
        phase = .objectValue
      case .objectValue:
        if keyIsCards && !foundCards && byte == UInt8(ascii: "[") {
          if keyIsSecondCards {
            throw DataError(
              .badData, path: path, position: valuePosition,
              message: CardDecoder.secondCardsMember)
          }
          foundCards = true
          undecided = false
          phase = .arrayElementOrEnd(first: true)
        } else {
          try beginValue(at: index, byte: byte, scanning: .objectMemberValue)
          continue
        }
      case .objectAfterValue:
        if try closes(byte, else: .objectKeyOrEnd(first: false), closer: "}", in: "object") {
          try endObject()
        }
      case .arrayElementOrEnd(let first):
        if byte == UInt8(ascii: "]") {
          if !first { throw bad("expected a value, found ']'") }
          phase = inObject ? .objectAfterValue : .afterDocument
        } else {
          try beginValue(at: index, byte: byte, scanning: .arrayElement)
          continue
        }
      case .arrayAfterElement:
        if try closes(byte, else: .arrayElementOrEnd(first: false), closer: "]", in: "array") {
          phase = inObject ? .objectAfterValue : .afterDocument
        }
      case .afterDocument:
        throw bad("unexpected \(describe(byte)) after the value")
      case .arrayElement, .objectMemberValue, .objectKey:
        break
      }
      advance(byte)
      index += 1
      if undecided, case .afterDocument = phase { return .jsonLines }
    }
    if atEnd { try finish(buffer, limit: limit, into: &spans) }
    if undecided, case .afterDocument = phase { return .jsonLines }
    return .needMore
  }

  private mutating func finish(
    _ buffer: UnsafeBufferPointer<UInt8>, limit: Int, into spans: inout [RecordBatch.RecordSpan]
  ) throws(DataError) {
    switch phase {
    case .beforeDocument:
      throw bad("expected a value, found end of input")
    case .arrayElement:
      // A scalar ends with the input; anything else is cut short: the parser says where.
      try endValue(buffer, at: limit, into: &spans)
      if case .arrayAfterElement = phase { throw bad("unterminated array") }
    case .objectMemberValue:
      try endValue(buffer, at: limit, into: &spans)
      throw bad("unterminated object")
    // At the end of the input, what the reader says at the same place.
    case .arrayElementOrEnd:
      throw bad("expected a value, found end of input")
    case .arrayAfterElement:
      throw bad("unterminated array")
    case .objectKeyOrEnd:
      throw bad("expected a key in quotes, found end of input")
    case .objectAfterValue:
      throw bad("unterminated object")
    case .objectKey:
      // The input ends inside a key: the reader says why (an unterminated string, or an
      // escape cut short).
      try readKey(buffer, to: limit)
    case .objectColon:
      throw bad("expected ':' after the key, found end of input")
    case .objectValue:
      throw bad("expected a value, found end of input")
    case .afterDocument:
      break
    }
  }

  /// Reads the key in `buffer[valueStart..<end]` (quotes included) with the reader, and
  /// notes whether it is `cards` or `photos`.
  private mutating func readKey(_ buffer: UnsafeBufferPointer<UInt8>, to end: Int)
    throws(DataError)
  {
    // The key and a few bytes after it, for the reader's look-ahead.
    let token = Array(
      UnsafeBufferPointer(rebasing: buffer[valueStart..<Swift.min(buffer.count, end + 8)]))
    var reader = JSONReader(bytes: token, line: valuePosition.line)
    do throws(DataError) {
      let value = try reader.readValueOnly()
      if case .string(let name) = value.kind {
        keyIsCards = name == "cards" || name == "photos"
      }
    } catch {
      throw RecordParser.locate(
        error, in: token, path: path, line: valuePosition.line, column: valuePosition.column)
    }
    if keyIsCards {
      if foundCards {
        throw DataError(
          .badData, path: path, position: valuePosition, message: CardDecoder.secondCardsMember)
      }
      // Undecided, an earlier `cards` that was not an array may be a card's field; an
      // array under a second one makes the object a document with two (see `.objectValue`).
      keyIsSecondCards = sawCardsKey
      sawCardsKey = true
    }
  }

  private mutating func endObject() throws(DataError) {
    phase = .afterDocument
    if !foundCards && !undecided {
      throw DataError(
        .badData, path: path, position: objectStart,
        message: "expected a 'cards' (or 'photos') array in the top-level object")
    }
  }

  /// A value must start here: what cannot start one is named as the reader names it.
  private func expectValueStart(_ byte: UInt8) throws(DataError) {
    switch byte {
    case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "-"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "t"), UInt8(ascii: "f"),
      UInt8(ascii: "n"):
      return
    default:
      throw bad("expected a value, found \(describe(byte))")
    }
  }

  /// Whether `byte`, after a member or element, closes its container with `closer`; a
  /// comma goes on to `next`; anything else is an error.
  private mutating func closes(
    _ byte: UInt8, else next: Phase, closer: Unicode.Scalar, in container: String
  ) throws(DataError) -> Bool {
    if byte == UInt8(ascii: ",") {
      phase = next
      return false
    }
    if byte == UInt8(ascii: closer) { return true }
    throw bad("expected ',' or '\(closer)' in the \(container), found \(describe(byte))")
  }

  /// A value starting at `index` with `byte` (what cannot start one is an error), scanned
  /// in phase `scanning`.
  private mutating func beginValue(at index: Int, byte: UInt8, scanning: Phase) throws(DataError) {
    try expectValueStart(byte)
    phase = scanning
    valueStart = index
    valuePosition = position
    depth = 0
    inString = false
    escaped = false
    isScalar =
      byte != UInt8(ascii: "{") && byte != UInt8(ascii: "[")
      && byte != UInt8(ascii: "\"")
  }

  /// Scans the value being read from `index`; returns `true` with `index` just after it
  /// when it ends within `limit`.
  private mutating func scanValue(
    _ buffer: UnsafeBufferPointer<UInt8>, _ index: inout Int, limit: Int
  ) throws(DataError) -> Bool {
    var position = index
    defer {
      // Columns and lines for everything passed over.
      for scanned in index..<position { advance(buffer[scanned]) }
      index = position
    }
    if isScalar {
      // A word (true, false, null) runs over letters, a number over `0-9+-.eE`; the
      // reader then reads the value from the token and says what is wrong with any rest.
      let word = buffer[valueStart] >= UInt8(ascii: "a")
      while position < limit {
        let byte = buffer[position]
        let continues =
          word
          ? byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")
          : (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
        if !continues { return true }
        position += 1
      }
      try checkLength(limit - valueStart)
      return false
    }
    while position < limit {
      let byte = buffer[position]
      position += 1
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
          if depth == 0 { return true }
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""):
        inString = true
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        depth -= 1
        if depth <= 0 { return true }
      default:
        break
      }
    }
    try checkLength(limit - valueStart)
    return false
  }

  private func checkLength(_ length: Int) throws(DataError) {
    guard length > RecordReader.maximumRecordBytes else { return }
    throw DataError(
      .badData, path: path, position: valuePosition,
      message: "a value longer than \(RecordReader.maximumRecordBytes >> 20) MB")
  }

  /// The value that started at `valueStart` ends at `end`: a card becomes a record; any
  /// other member of the top-level object is read whole, to check it.
  private mutating func endValue(
    _ buffer: UnsafeBufferPointer<UInt8>, at end: Int, into spans: inout [RecordBatch.RecordSpan]
  ) throws(DataError) {
    let inArray: Bool
    if case .arrayElement = phase { inArray = true } else { inArray = false }
    let depth = inArray ? cardDepth : 1
    if inArray && !isScalar {
      spans.append(
        .init(
          start: valueStart, end: end, line: valuePosition.line, column: valuePosition.column,
          depth: depth))
      phase = .arrayAfterElement
      return
    }
    // The value and a few bytes after it, for the reader's look-ahead.
    let bytes = Array(
      UnsafeBufferPointer(rebasing: buffer[valueStart..<Swift.min(buffer.count, end + 8)]))
    var reader = JSONReader(bytes: bytes, line: valuePosition.line, depth: depth)
    do throws(DataError) {
      let value = try reader.readValueOnly()
      if isScalar && reader.consumed < end - valueStart {
        // A number or a word with more after it (`6a4`, `truex`): where the reader, having
        // read the value, expects a separator.
        let stop = valueStart + reader.consumed
        var at = valuePosition
        for index in valueStart..<stop where buffer[index] & 0xC0 != 0x80 { at.column += 1 }
        let expected = inArray ? "',' or ']' in the array" : "',' or '}' in the object"
        throw DataError(
          .badData, path: path, position: at,
          message: "expected \(expected), found \(describe(buffer[stop]))")
      }
      if inArray {
        spans.append(
          .init(
            start: valueStart, end: end, line: valuePosition.line, column: valuePosition.column,
            depth: depth))
        phase = .arrayAfterElement
        return
      }
      if keyIsCards && !foundCards && !undecided {
        throw DataError.bad("the cards must be an array, not \(value.typeName)", at: value.location)
      }
    } catch {
      if error.position != nil && error.byteLocation == nil { throw error }
      throw RecordParser.locate(
        error, in: bytes, path: path, line: valuePosition.line, column: valuePosition.column)
    }
    phase = .objectAfterValue
  }

  /// The document does not start with `[` or `{`: read the value (a string, a number…)
  /// to say what it is, or say what is there instead.
  private func notCardsDocument(
    _ buffer: UnsafeBufferPointer<UInt8>, at index: Int, limit: Int
  ) -> DataError {
    let byte = buffer[index]
    let startsValue =
      byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "-")
      || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "t")
      || byte == UInt8(ascii: "f") || byte == UInt8(ascii: "n")
    guard startsValue else { return bad("expected a value, found \(describe(byte))") }
    // Past a NUL byte a little more: the reader stops at the NUL (no JSON holds one) unless
    // an escape before it looks ahead (up to six bytes, for a surrogate pair).
    let end =
      limit < buffer.count ? Swift.min(buffer.count, limit + RecordReader.nulLookahead) : limit
    let bytes = Array(UnsafeBufferPointer(rebasing: buffer[index..<end]))
    var reader = JSONReader(bytes: bytes, line: line)
    do throws(DataError) {
      let value = try reader.readDocument()
      return DataError.bad(
        "expected an array of cards or an object with 'cards', not \(value.typeName)",
        at: value.location
      ).located(in: bytes, path: path)
    } catch {
      return RecordParser.locate(error, in: bytes, path: path, line: line, column: column)
    }
  }

  private func bad(_ message: String) -> DataError {
    DataError(.badData, path: path, position: position, message: message)
  }

  private func describe(_ byte: UInt8) -> String {
    if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    return "byte 0x\(String(byte, radix: 16, uppercase: true))"
  }

  @inline(__always)
  private func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
  }

  @inline(__always)
  private mutating func advance(_ byte: UInt8) {
    if byte == 0x0A {
      line += 1
      column = 1
    } else if byte & 0xC0 != 0x80 {
      column += 1
    }
  }
}

extension JSONDocumentSplitter: StreamedRecordFormat {
  mutating func split(
    _ buffer: UnsafeBufferPointer<UInt8>, from scanned: Int, to limit: Int, atEnd: Bool,
    target: Int, into spans: inout [RecordBatch.RecordSpan], path: String
  ) throws(DataError) -> SplitStep {
    let outcome = try scan(buffer, from: scanned, to: limit, atEnd: atEnd, into: &spans)
    let keep = keepFrom(limit: limit)
    switch outcome {
    case .needMore:
      return SplitStep(scanned: limit, keep: keep)
    case .needMoreFrom(let index):
      return SplitStep(scanned: index, keep: Swift.min(keep, keepFrom(limit: index)))
    case .jsonLines:
      // The first object was a card: the source is JSON Lines, from its start.
      return SplitStep(scanned: 0, keep: 0, becomes: JSONLinesSplitter())
    }
  }

  /// A NUL byte is reported where the scan stopped; it cuts short the card or member
  /// value being scanned, if any.
  func cutRecord(byNULAt offset: Int, in buffer: [UInt8]) -> (
    position: SourcePosition, record: CutRecord?
  ) {
    guard let value = valueInProgress else { return (position, nil) }
    return (
      position,
      CutRecord(
        start: value.start, position: value.position, depth: value.depth,
        shape: value.closer.map { .element(closer: $0) } ?? .key)
    )
  }
}
