import CByteScan
import CardModel
import TerminalText

/// Reads one card record (a JSON object) straight into a `CardChunkBuilder`: one pass over
/// the bytes, no value tree, no `String` per field. It checks the whole record as strictly
/// as `JSONReader`, and gives up (returns `false`) on anything it does not handle itself —
/// an error, a number written unusually, a repeated key — so that the reader and
/// `CardDecoder` read that record again and say exactly what is wrong. The seeded tests
/// compare both ways on the same files.
struct FastCardParser {
  /// The fields' paths as a tree of keys; node 0 is the card object.
  private struct Node {
    var children: [(key: [UInt8], node: Int)] = []
    /// The children whose keys are eight bytes or fewer (every default key), each key as
    /// one word (`Self.word`), so that a key read is matched in one comparison; longer keys
    /// are found in `children` alone.
    var shortKeys: [(count: Int, word: UInt64, node: Int)] = []
    var field: FieldMapping.Field?
  }

  /// Where a string's bytes are: in the record, or (when it had escapes) in `scratch`.
  struct Slice {
    var start: Int
    var count: Int
    var inScratch: Bool
  }

  struct Cursor {
    let bytes: UnsafePointer<UInt8>
    let end: Int
    var index: Int

    @inline(__always) var atEnd: Bool { index >= end }
    /// The byte at the cursor; 0 at the end (a record never holds a NUL, and no token
    /// starts with one, so a check that forgot `atEnd` gives up instead of reading past).
    @inline(__always) var current: UInt8 { index < end ? bytes[index] : 0 }

    @inline(__always) mutating func skipWhitespace() {
      while index < end {
        let byte = bytes[index]
        guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
        index += 1
      }
    }

    /// Past the `[` or `{` at the cursor: whether the container holds anything (an empty
    /// one is passed over whole, up to its `closer`).
    @inline(__always) mutating func enterContainer(closer: UInt8) throws(GiveUp) -> Bool {
      index += 1
      skipWhitespace()
      guard !atEnd else { throw GiveUp() }
      guard current != closer else {
        index += 1
        return false
      }
      return true
    }

    /// After an element of a container: past the `,` (true: another follows, the cursor
    /// at it) or the `closer` (false).
    @inline(__always) mutating func afterElement(closer: UInt8) throws(GiveUp) -> Bool {
      skipWhitespace()
      guard !atEnd else { throw GiveUp() }
      let byte = current
      index += 1
      if byte == closer { return false }
      guard byte == UInt8(ascii: ",") else { throw GiveUp() }
      skipWhitespace()
      return true
    }

    /// After an object's key: past the `:`, at its value.
    @inline(__always) mutating func passColon() throws(GiveUp) {
      skipWhitespace()
      guard !atEnd, current == UInt8(ascii: ":") else { throw GiveUp() }
      index += 1
      skipWhitespace()
      guard !atEnd else { throw GiveUp() }
    }
  }

  struct GiveUp: Error {}

  private var nodes: [Node] = [Node()]
  var scratch: [UInt8] = []
  private var visited: UInt64 = 0
  private var caption: Slice?
  private var comment: Slice?
  private var id: Slice?
  private var section: Slice?
  private var url: Slice?
  private var alt: Slice?
  private var path: Slice?
  /// The card's tags are the first `tagCount` (the arrays only grow: emptying one for
  /// each card cost more than the rest of a short tag's reading).
  private var tags: [Slice] = []
  private var tagCount = 0
  /// The tags' bytes handed to the builder, its storage reused from card to card.
  private var tagBuffers: [UnsafeBufferPointer<UInt8>] = []
  private var image: CardChunkBuilder.ImageFields?
  /// The fields' keys as `masonry_scan_card` looks them up, when each field lives under a
  /// key of the card object itself of one to eight bytes (the default mapping's do);
  /// `nil` otherwise (every record is read here).
  private var flatKeys: FlatKeys?

  /// `scansFlat: false` reads every record here, without `masonry_scan_card` (for the
  /// tests that compare both).
  init(mapping: FieldMapping, scansFlat: Bool = true) {
    for field in FieldMapping.Field.allCases {
      var node = 0
      for key in mapping.path(of: field) {
        let bytes = Array(key.utf8)
        if let child = nodes[node].children.first(where: { $0.key == bytes }) {
          node = child.node
        } else {
          nodes.append(Node())
          nodes[node].children.append((bytes, nodes.count - 1))
          if bytes.count <= 8 {
            let word = bytes.withUnsafeBufferPointer { Self.word($0.baseAddress!, count: $0.count) }
            nodes[node].shortKeys.append((bytes.count, word, nodes.count - 1))
          }
          node = nodes.count - 1
        }
      }
      nodes[node].field = field
    }
    if scansFlat {
      flatKeys = FlatKeys(nodes[0].children.map { (key: $0.key, node: nodes[$0.node]) })
    }
  }

  /// The keys `masonry_scan_card` is given: each key of the card object, the code of its
  /// field (its place in `FieldMapping.Field.allCases`).
  private final class FlatKeys {
    let words: UnsafeMutablePointer<UInt64>
    let lengths: UnsafeMutablePointer<UInt8>
    let codes: UnsafeMutablePointer<UInt8>
    var keys: masonry_card_keys

    /// `nil` unless every key is of one to eight bytes and a field's alone (no field lives
    /// deeper under it), or no multiplier of the few tried gives each its own slot.
    init?(_ children: [(key: [UInt8], node: Node)]) {
      guard
        children.allSatisfy({
          (1...8).contains($0.key.count) && $0.node.field != nil && $0.node.children.isEmpty
        })
      else { return nil }
      func code(_ field: FieldMapping.Field) -> Int32 { Int32(field.scanCode) }
      // The keys' bytes as C's `memcpy` makes them a word, on any byte order.
      let keyWords = children.map { child in
        var word: UInt64 = 0
        withUnsafeMutableBytes(of: &word) { $0.copyBytes(from: child.key) }
        return word
      }
      // A multiplier that gives each key a slot of its own (seven keys in 32 slots: about
      // one odd number in two does).
      var multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
      var tries = 0
      while Set(keyWords.map { ($0 &* multiplier) >> 59 }).count < keyWords.count {
        tries += 1
        guard tries < 1_000 else { return nil }
        multiplier = multiplier &* 0x5851_F42D_4C95_7F2D &+ 0x1405_7B7E_F767_814F | 1
      }
      words = .allocate(capacity: 32)
      words.initialize(repeating: 0, count: 32)
      lengths = .allocate(capacity: 32)
      lengths.initialize(repeating: 0, count: 32)
      codes = .allocate(capacity: 32)
      codes.initialize(repeating: 0, count: 32)
      for (index, child) in children.enumerated() {
        let slot = Int((keyWords[index] &* multiplier) >> 59)
        words[slot] = keyWords[index]
        lengths[slot] = UInt8(child.key.count)
        codes[slot] = UInt8(code(child.node.field!))
      }
      // Caption: a string, always there; tags: an array of strings; the others a string
      // or null (an id that is a number, an image that is an object: read here).
      var stringOrNull: UInt32 = 0
      for field in [FieldMapping.Field.comment, .section, .url, .id, .image, .alt] {
        stringOrNull |= 1 << UInt32(code(field))
      }
      keys = masonry_card_keys(
        words: words, lengths: lengths, codes: codes, multiplier: multiplier,
        tags_code: code(.tags), required_code: code(.caption), string_or_null: stringOrNull)
    }

    deinit {
      words.deallocate()
      lengths.deallocate()
      codes.deallocate()
    }
  }

  /// Reads a record as `masonry_scan_card` does (the plain kind nearly every real record
  /// is) into `builder`: false, adding nothing, for any other.
  @inline(__always)
  private mutating func scanFlat(
    _ bytes: UnsafePointer<UInt8>, start: Int, end: Int, keys: FlatKeys,
    into builder: inout CardChunkBuilder
  ) -> Bool {
    withUnsafeTemporaryAllocation(of: masonry_span.self, capacity: Self.flatTagLimit) { tagSpans in
      var found = masonry_card_fields()
      found.tags = tagSpans.baseAddress
      found.tag_capacity = UInt32(tagSpans.count)
      guard masonry_scan_card(bytes + start, end - start, &keys.keys, &found) == 1 else {
        return false
      }
      let record = bytes + start
      @inline(__always) func buffer(_ span: masonry_span) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: record + Int(span.start), count: Int(span.count))
      }
      let present = found.present
      let image: CardChunkBuilder.ImageFields?
      var text = CardChunkBuilder.TextFields()
      // (The fields by their codes, `FieldMapping.Field.scanCode`.)
      @inline(__always) func field(_ span: masonry_span, _ code: Int) -> UnsafeBufferPointer<
        UInt8
      >? {
        present & (1 << UInt32(code)) != 0 ? buffer(span) : nil
      }
      let fields = found.fields
      text.caption = buffer(fields.0)
      text.comment = field(fields.1, 1)
      text.path = field(fields.3, 3)
      text.section = field(fields.4, 4)
      text.id = field(fields.5, 5)
      text.url = field(fields.6, 6)
      text.alt = field(fields.7, 7)
      image = text.path == nil ? nil : .init(width: 0, height: 0, color: nil)
      let tagCount = Int(found.tag_count)
      return withUnsafeTemporaryAllocation(
        of: UnsafeBufferPointer<UInt8>.self, capacity: Swift.max(1, tagCount)
      ) { tags in
        for index in 0..<tagCount { tags.initializeElement(at: index, to: buffer(tagSpans[index])) }
        text.tags = UnsafeBufferPointer(rebasing: tags[0..<tagCount])
        builder.append(text, image: image)
        return true
      }
    }
  }

  /// Whether `masonry_scan_card` reads `record` (a whole record) under this parser's
  /// mapping, adding nothing anywhere (for the tests that count what it reads).
  func scansFlat(_ record: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let flatKeys, let base = record.baseAddress else { return false }
    return withUnsafeTemporaryAllocation(of: masonry_span.self, capacity: Self.flatTagLimit) {
      var found = masonry_card_fields()
      found.tags = $0.baseAddress
      found.tag_capacity = UInt32($0.count)
      return masonry_scan_card(base, record.count, &flatKeys.keys, &found) == 1
    }
  }

  /// Tags beyond this many in a record: read here.
  private static let flatTagLimit = 64

  /// Reads the card in `bytes[start..<end]` into `builder`; `false` when the record
  /// needs the careful reader (nothing is added then).
  mutating func parse(
    _ bytes: UnsafePointer<UInt8>, start: Int, end: Int, into builder: inout CardChunkBuilder
  ) -> Bool {
    if let flatKeys, scanFlat(bytes, start: start, end: end, keys: flatKeys, into: &builder) {
      return true
    }
    if !scratch.isEmpty { scratch.removeAll(keepingCapacity: true) }
    tagCount = 0
    caption = nil
    comment = nil
    id = nil
    section = nil
    url = nil
    alt = nil
    path = nil
    image = nil
    visited = 0
    var cursor = Cursor(bytes: bytes, end: end, index: start)
    do {
      cursor.skipWhitespace()
      guard !cursor.atEnd, cursor.current == UInt8(ascii: "{") else { return false }
      try readObject(&cursor, node: 0, depth: 0)
      cursor.skipWhitespace()
      guard cursor.atEnd, let caption else { return false }
      scratch.withUnsafeBufferPointer { scratchBytes in
        func buffer(_ slice: Slice) -> UnsafeBufferPointer<UInt8> {
          UnsafeBufferPointer(
            start: (slice.inScratch ? scratchBytes.baseAddress! : bytes) + slice.start,
            count: slice.count)
        }
        var text = CardChunkBuilder.TextFields()
        text.caption = buffer(caption)
        text.comment = comment.map(buffer)
        text.id = id.map(buffer)
        text.path = path.map(buffer)
        text.section = section.map(buffer)
        text.url = url.map(buffer)
        text.alt = alt.map(buffer)
        for index in 0..<tagCount {
          let tag = buffer(tags[index])
          if index < tagBuffers.count { tagBuffers[index] = tag } else { tagBuffers.append(tag) }
        }
        tagBuffers.withUnsafeBufferPointer { tags in
          text.tags = UnsafeBufferPointer(rebasing: tags[0..<tagCount])
          builder.append(text, image: image)
        }
      }
      return true
    } catch {
      return false
    }
  }

  // MARK: Values

  private mutating func readObject(_ cursor: inout Cursor, node: Int, depth: Int) throws(GiveUp) {
    guard try cursor.enterContainer(closer: UInt8(ascii: "}")) else { return }
    repeat {
      guard !cursor.atEnd, cursor.current == UInt8(ascii: "\"") else { throw GiveUp() }
      let found: Int?
      if let (length, node) = shortKey(cursor, node: node) {
        found = node
        cursor.index += length + 2
      } else {
        let key = try readString(&cursor)
        found = child(of: node, key: key, cursor.bytes, end: cursor.end)
      }
      try cursor.passColon()
      if let child = found {
        // A key a field lives under: repeated, the careful reader decides (it keeps the
        // last).
        let bit: UInt64 = child < 64 ? 1 << UInt64(child) : 0
        if visited & bit != 0 || child >= 64 { throw GiveUp() }
        visited |= bit
        if let field = nodes[child].field {
          try readField(field, &cursor, depth: depth + 1)
        } else if cursor.current == UInt8(ascii: "{") {
          try readObject(&cursor, node: child, depth: depth + 1)
        } else {
          try skipValue(&cursor, depth: depth + 1)
        }
      } else {
        try skipValue(&cursor, depth: depth + 1)
      }
    } while try cursor.afterElement(closer: UInt8(ascii: "}"))
  }

  /// The key at the cursor (its opening quote) when it is one to seven bytes whose closing
  /// quote is in the eight bytes after the opening one — every default key — read and
  /// matched at once, without `readString` and `child`: its length, and its node under
  /// `node` (`nil`: no field lives under it). `nil` for any other key. The bytes before the
  /// first quote hold no backslash and no control byte (`plainRunStops`), so the key is
  /// exactly those bytes, as `readString` reads it.
  @inline(__always)
  private func shortKey(_ cursor: Cursor, node: Int) -> (length: Int, node: Int?)? {
    guard cursor.index + 9 <= cursor.end else { return nil }
    let word = UInt64(
      littleEndian: UnsafeRawPointer(cursor.bytes + cursor.index + 1).loadUnaligned(
        as: UInt64.self))
    // The first byte that ends a plain run (8: none does).
    let length = Self.plainRunStops(word).trailingZeroBitCount >> 3
    guard length > 0, length < 8, cursor.bytes[cursor.index + 1 + length] == UInt8(ascii: "\"")
    else { return nil }
    let key = word & ((1 << UInt64(8 * length)) - 1)
    for short in nodes[node].shortKeys where short.count == length && short.word == key {
      return (length, short.node)
    }
    return (length, nil)
  }

  /// The node under `node` whose key is `key` (read from `bytes`, a record that ends at
  /// `end`), if any.
  private func child(of node: Int, key: Slice, _ bytes: UnsafePointer<UInt8>, end: Int) -> Int? {
    guard !key.inScratch else {
      // An escaped key: compare the decoded bytes.
      return scratch.withUnsafeBufferPointer { decoded in
        let keyBytes = UnsafeBufferPointer(rebasing: decoded[key.start..<key.start + key.count])
        return nodes[node].children.first { $0.key.elementsEqual(keyBytes) }?.node
      }
    }
    let count = key.count
    if count <= 8 && count > 0 && key.start + 8 <= end {
      // The eight bytes from the key's start are all in the record: one load, masked.
      let word =
        UInt64(littleEndian: UnsafeRawPointer(bytes + key.start).loadUnaligned(as: UInt64.self))
        & (count == 8 ? ~0 : (1 << UInt64(8 * count)) - 1)
      for short in nodes[node].shortKeys where short.count == count && short.word == word {
        return short.node
      }
      return nil
    }
    for child in nodes[node].children where child.key.count == count {
      var same = true
      for offset in 0..<count where bytes[key.start + offset] != child.key[offset] {
        same = false
        break
      }
      if same { return child.node }
    }
    return nil
  }

  /// The `count` (at most eight) bytes at `bytes` as one word, the first byte lowest.
  private static func word(_ bytes: UnsafePointer<UInt8>, count: Int) -> UInt64 {
    var word: UInt64 = 0
    for offset in 0..<count { word |= UInt64(bytes[offset]) << UInt64(8 * offset) }
    return word
  }

  private mutating func readField(_ field: FieldMapping.Field, _ cursor: inout Cursor, depth: Int)
    throws(GiveUp)
  {
    let byte = cursor.current
    let isNull = byte == UInt8(ascii: "n")
    if isNull {
      try expect(&cursor, "null")
    }
    switch field {
    case .caption:
      guard !isNull, byte == UInt8(ascii: "\"") else { throw GiveUp() }
      caption = try readString(&cursor)
    case .comment:
      if !isNull { comment = try readStringValue(&cursor) }
    case .section:
      if !isNull { section = try readStringValue(&cursor) }
    case .url:
      if !isNull { url = try readStringValue(&cursor) }
    case .alt:
      if !isNull { alt = try readStringValue(&cursor) }
    case .id:
      if isNull { break }
      if byte == UInt8(ascii: "\"") {
        id = try readString(&cursor)
      } else {
        id = try readIdentifierNumber(&cursor)
      }
    case .tags:
      if isNull { break }
      guard byte == UInt8(ascii: "["), try cursor.enterContainer(closer: UInt8(ascii: "]"))
      else {
        guard byte == UInt8(ascii: "[") else { throw GiveUp() }
        break
      }
      repeat {
        let tag = try readStringValue(&cursor)
        if tagCount < tags.count { tags[tagCount] = tag } else { tags.append(tag) }
        tagCount += 1
      } while try cursor.afterElement(closer: UInt8(ascii: "]"))
    case .image:
      if isNull { break }
      if byte == UInt8(ascii: "\"") {
        path = try readString(&cursor)
        image = .init(width: 0, height: 0, color: nil)
      } else if byte == UInt8(ascii: "{") {
        try readPicture(&cursor, depth: depth)
      } else {
        throw GiveUp()
      }
    }
  }

  /// An image object: `path`, `width`, `height`, `color`, other keys ignored.
  private mutating func readPicture(_ cursor: inout Cursor, depth: Int) throws(GiveUp) {
    var width: Int?
    var height: Int?
    var color: UInt32?
    var seen = 0
    if try cursor.enterContainer(closer: UInt8(ascii: "}")) {
      repeat {
        guard !cursor.atEnd, cursor.current == UInt8(ascii: "\"") else { throw GiveUp() }
        let key = try readString(&cursor)
        guard !key.inScratch else { throw GiveUp() }
        try cursor.passColon()
        let name = Self.pictureKey(cursor.bytes + key.start, key.count)
        if name != 0 {
          guard seen & name == 0 else { throw GiveUp() }
          seen |= name
        }
        switch name {
        case 1:
          if cursor.current == UInt8(ascii: "n") {
            try expect(&cursor, "null")
          } else {
            guard cursor.current == UInt8(ascii: "\"") else { throw GiveUp() }
            path = try readString(&cursor)
          }
        case 2: width = try readPixels(&cursor)
        case 4: height = try readPixels(&cursor)
        case 8: color = try readColor(&cursor)
        default: try skipValue(&cursor, depth: depth + 1)
        }
      } while try cursor.afterElement(closer: UInt8(ascii: "}"))
    }
    // As the careful reader: without a path, or with either size, both sizes are needed.
    if path == nil || width != nil || height != nil {
      guard let width, let height else { throw GiveUp() }
      image = .init(width: width, height: height, color: color)
    } else {
      image = .init(width: 0, height: 0, color: color)
    }
  }

  /// 1 path, 2 width, 4 height, 8 color, 0 anything else.
  private static func pictureKey(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int {
    func equals(_ word: StaticString) -> Bool {
      word.utf8CodeUnitCount == count
        && (0..<count).allSatisfy { bytes[$0] == word.utf8Start[$0] }
    }
    switch count {
    case 4: return equals("path") ? 1 : 0
    case 5: return equals("width") ? 2 : equals("color") ? 8 : 0
    case 6: return equals("height") ? 4 : 0
    default: return 0
    }
  }

  /// A whole number of pixels from 1 to 1,000,000, written plainly.
  private func readPixels(_ cursor: inout Cursor) throws(GiveUp) -> Int {
    var value = 0
    var digits = 0
    while !cursor.atEnd, cursor.current >= UInt8(ascii: "0"), cursor.current <= UInt8(ascii: "9") {
      value = value * 10 + Int(cursor.current - UInt8(ascii: "0"))
      digits += 1
      cursor.index += 1
      if digits > 7 { throw GiveUp() }
    }
    guard digits > 0, value >= 1, value <= 1_000_000, !Self.continuesNumber(cursor) else {
      throw GiveUp()
    }
    if digits > 1 && cursor.bytes[cursor.index - digits] == UInt8(ascii: "0") { throw GiveUp() }
    return value
  }

  /// `"#rrggbb"` or `"rrggbb"`.
  private func readColor(_ cursor: inout Cursor) throws(GiveUp) -> UInt32 {
    guard cursor.current == UInt8(ascii: "\"") else { throw GiveUp() }
    var index = cursor.index + 1
    if index < cursor.end && cursor.bytes[index] == UInt8(ascii: "#") { index += 1 }
    let value = try Self.hexValue(cursor.bytes, &index, cursor.end, digits: 6)
    guard index < cursor.end, cursor.bytes[index] == UInt8(ascii: "\"") else { throw GiveUp() }
    cursor.index = index + 1
    return value
  }
}

extension FieldMapping.Field {
  /// The field's code in `masonry_scan_card`'s answer (`FastCardParser.scanFlat` reads
  /// each field at its code).
  fileprivate var scanCode: Int {
    switch self {
    case .caption: 0
    case .comment: 1
    case .tags: 2
    case .image: 3
    case .section: 4
    case .id: 5
    case .url: 6
    case .alt: 7
    }
  }
}
