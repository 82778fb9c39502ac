extension UnicodeText {
  /// The bytes other text is written as to be counted as ASCII is (`writeStandIns`): for
  /// a scalar that reads exactly as a printable ASCII byte, that byte; for others, a proxy
  /// byte of its own above 0x7F, which the ASCII path's tables (`StandInBytes.classes`,
  /// `mayStartLine`) read as the scalar reads.
  ///
  /// - 0x01 to 0x7E: the ASCII twin — the same line-break class and the same cluster byte
  ///   (one cell, and whether a line may start with it). Most letters of accented Latin
  ///   (Vietnamese too), Greek, Cyrillic and Armenian stand in for `a` (AL); quotation
  ///   marks for `"` (QU) or, as `ja@lb=strict` takes U+201C and U+201D, for `(` and `}`.
  /// - 0x81 to 0x9F: a one-cell scalar of a class and line start no ASCII byte has (a
  ///   no-break space GL, an em dash B2, an ellipsis IN, Hebrew HL).
  /// - 0xA0 to 0xBF: a scalar two cells wide (an ideograph ID, kana, a small kana NS,
  ///   wide punctuation, a Hangul syllable), written as its proxy and `continuation`.
  /// - 0x80 (`continuation`): the second cell of a wide scalar, of class CM. The rules
  ///   take `X CM` as `X` (LB9: no break before the mark, and what follows reads `X`), and
  ///   no line may start with it, so the pair breaks, joins and fills lines as the one
  ///   two-cell cluster does (`OneCellText` moves an overflow on it to the pair's first
  ///   byte).
  ///
  /// Which proxies there are is generated from the scalar table (`wideProxies`,
  /// `narrowProxies`: every kind of scalar it yields, most scalars first, as many as the
  /// ranges hold; `refused`: those they do not), and a test checks the table yields no
  /// other kind; a scalar of another kind has no stand-in. Marks, scalars of no width and anything the readers refuse have none
  /// either: text with one goes to the general reader. The joiners the readers drop are
  /// left out (`writeStandIns`), as the readers leave them out.
  ///
  /// Why the count is the same: the rules read only classes, lines are filled by the
  /// cluster bytes (cells, spaces, whether a line may start there), and a text whose every
  /// scalar is ASCII or stood in has one scalar a cluster (none of them joins) — so the
  /// stand-in text's classes and cells are, scalar for scalar, those the general reader
  /// (`readSimpleScalars`) makes of the text itself.
  struct StandInBytes {
    /// Each byte's class: ASCII's, then `.cm` for `continuation`, each proxy's, and
    /// `.unsupported` for the bytes no proxy takes.
    let classes: UnsafePointer<LineBreakClass>
    /// Bit `b - 0x80` set: a line may start with byte `b` (0x80 and above).
    let mayStartLine: UInt128
    /// The stand-in of a scalar of each `ScalarInfo` key (`bits & keyMask`), or 0.
    let byKey: UnsafePointer<UInt8>
    /// The stand-in of each scalar of two UTF-8 bytes (U+0080 to U+07FF: accented Latin,
    /// Greek, Cyrillic, Hebrew, Arabic), or 0, at `(lead & 0x1F) << 6 | second & 0x3F`:
    /// the most common scalars that are not ASCII, found without their table block.
    let ofTwoBytes: UnsafePointer<UInt8>

    /// The part of `ScalarInfo.bits` that decides a stand-in: class, width, whether it
    /// joins or may start a line, its part in a Hangul syllable (the replacement flag is
    /// left out: a replaced scalar reads as U+FFFD's properties, which the bits are).
    static let keyMask: UInt16 = 0x3FFF
    /// The second byte of a wide scalar's stand-in.
    static let continuation: UInt8 = 0x80
    /// The first of the wide proxies (written with `continuation` after them).
    static let firstWide: UInt8 = 0xA0

    /// Made once from the ASCII tables (`asciiScalars`); every byte without a twin has
    /// no stand-in when they are missing.
    static func make() -> StandInBytes {
      typealias Info = PreparedText.ClusterInfo
      let classes = UnsafeMutablePointer<LineBreakClass>.allocate(capacity: 256)
      classes.initialize(repeating: .unsupported, count: 256)
      let byKey = UnsafeMutablePointer<UInt8>.allocate(capacity: Int(keyMask) + 1)
      byKey.initialize(repeating: 0, count: Int(keyMask) + 1)
      var mayStartLine: UInt128 = 0
      guard let ascii = asciiScalars else {
        let none = UnsafeMutablePointer<UInt8>.allocate(capacity: 2048)
        none.initialize(repeating: 0, count: 2048)
        return StandInBytes(
          classes: UnsafePointer(classes), mayStartLine: 0, byKey: UnsafePointer(byKey),
          ofTwoBytes: UnsafePointer(none))
      }
      for byte in 0..<128 { classes[byte] = ascii.classes[byte] }
      classes[Int(continuation)] = .cm
      // The ASCII twin of a one-cell scalar of each class and line start: letters first,
      // so that a letter's is `a`.
      var twins = [UInt8](repeating: 0, count: Int(LineBreakClass.unsupported.rawValue + 1) * 2)
      for byte in (Array(0x61...0x7A) + Array(0x21...0x7E)).reversed() {
        let mayStart = ascii.clusters[byte] & Info.charBreakBefore != 0
        guard ascii.clusters[byte] & ~Info.charBreakBefore == 1 else { continue }
        twins[Int(ascii.classes[byte].rawValue) * 2 + (mayStart ? 1 : 0)] = UInt8(byte)
      }
      func twin(_ lineBreakClass: LineBreakClass, _ mayStart: Bool) -> UInt8? {
        let byte = twins[Int(lineBreakClass.rawValue) * 2 + (mayStart ? 1 : 0)]
        return byte == 0 ? nil : byte
      }
      var proxies: [Int: UInt8] = [:]  // (class << 3 | width << 1 | may start) → byte
      func key(_ lineBreakClass: LineBreakClass, _ width: Int, _ mayStart: Bool) -> Int {
        Int(lineBreakClass.rawValue) << 3 | width << 1 | (mayStart ? 1 : 0)
      }
      // Each proxy byte, in the lists' order, read as its class and line start.
      func assign(_ byte: UInt8, _ lineBreakClass: LineBreakClass, _ width: Int, _ mayStart: Bool) {
        proxies[key(lineBreakClass, width, mayStart)] = byte
        classes[Int(byte)] = lineBreakClass
        if mayStart { mayStartLine |= 1 << UInt128(byte - continuation) }
      }
      var next = firstWide
      for (lineBreakClass, mayStart) in wideProxies where next <= 0xBF {
        assign(next, lineBreakClass, 2, mayStart)
        next += 1
      }
      next = continuation + 1
      for (lineBreakClass, mayStart) in narrowProxies
      where next < firstWide && twin(lineBreakClass, mayStart) == nil {
        assign(next, lineBreakClass, 1, mayStart)
        next += 1
      }
      // Every key: a scalar of one or two cells that joins nothing, of a class the
      // readers read a scalar at a time (not a mark, space, line feed, ZW or jamo).
      var excluded = [Bool](repeating: false, count: 64)
      for lineBreakClass: LineBreakClass in [.cm, .sp, .lf, .zw, .jl, .jv, .jt, .unsupported] {
        excluded[Int(lineBreakClass.rawValue)] = true
      }
      for bits in 0...keyMask {
        let info = ScalarInfo(bits: bits)
        guard info.bits & 0x3F < LineBreakClass.unsupported.rawValue,
          !excluded[Int(info.bits & 0x3F)], !info.joinsCluster, !info.mayJoinCluster,
          info.width == 1 || info.width == 2
        else { continue }
        let mayStart = info.mayStartLine
        if info.width == 1, let byte = twin(info.lineBreakClass, mayStart) {
          byKey[Int(bits)] = byte
        } else if let byte = proxies[key(info.lineBreakClass, info.width, mayStart)] {
          byKey[Int(bits)] = byte
        }
      }
      let ofTwoBytes = UnsafeMutablePointer<UInt8>.allocate(capacity: 2048)
      ofTwoBytes.initialize(repeating: 0, count: 2048)
      for value in UInt32(0x80)..<0x800 {
        ofTwoBytes[Int(value)] = byKey[Int(ScalarTable.info(value).bits & keyMask)]
      }
      return StandInBytes(
        classes: UnsafePointer(classes), mayStartLine: mayStartLine,
        byKey: UnsafePointer(byKey), ofTwoBytes: UnsafePointer(ofTwoBytes))
    }
  }

  /// `StandInBytes` as `TextTables` keeps them.
  nonisolated(unsafe) static let madeStandIns: StandInBytes = StandInBytes.make()

  /// The stand-in byte of scalar `value`, or 0 (see `StandInBytes`); for tests.
  static func standIn(of value: UInt32) -> UInt8 {
    guard value >= 0x80, value <= 0x10_FFFF, value & 0x1F_F800 != 0xD800 else { return 0 }
    let bits = ScalarTable.info(value).bits
    return TextTables.shared.pointee.standInsByKey[Int(bits & StandInBytes.keyMask)]
  }

  /// Writes `text` to `out` (room for `text.count` bytes) with each scalar that is not
  /// ASCII replaced by its stand-in (`StandInBytes`: a byte, or a wide one's two) and each
  /// joiner or modifier the readers drop (U+200D, U+FE0F, skin tones: emoji sequences) left
  /// out, as the readers leave it out, and returns how many bytes it wrote; `nil`, part
  /// written, at a byte that is neither ASCII nor part of a scalar with a stand-in or a
  /// dropped joiner (a mark, invalid UTF-8). The first `start` bytes are copied as they
  /// are (the caller knows them to be ASCII). A stand-in is never longer than its scalar's UTF-8, so `out`
  /// never needs more room than `text` takes. What is written may end with spaces or line
  /// feeds (those before a joiner at the end).
  ///
  /// - Complexity: O(*n*), eight bytes a step over ASCII, a table lookup a scalar
  ///   otherwise (for two bytes, `StandInBytes.ofTwoBytes`; for more, its `ScalarTable`
  ///   block, looked up again only when the script changes).
  static func writeStandIns(
    _ text: UnsafeBufferPointer<UInt8>, from start: Int, into out: UnsafeMutablePointer<UInt8>
  ) -> Int? {
    guard let base = text.baseAddress else { return 0 }
    let end = text.count
    let byKey = TextTables.shared.pointee.standInsByKey
    let ofTwoBytes = TextTables.shared.pointee.standInsOfTwoBytes
    var cached = ScalarTable.Reader.Cached(ScalarTable.reader)
    let raw = UnsafeRawPointer(base)
    let rawOut = UnsafeMutableRawPointer(out)
    if start > 0 { out.update(from: base, count: start) }
    var read = start
    var written = start
    // A stand-in written: its byte, and after a wide one's its second cell.
    @inline(__always) func put(_ standIn: UInt8) {
      out[written] = standIn
      if standIn >= StandInBytes.firstWide {
        out[written &+ 1] = StandInBytes.continuation
        written &+= 2
      } else {
        written &+= 1
      }
    }
    while read < end {
      let lead = base[read]
      if lead < 0x80 {
        // (A space between words of another script: the byte alone.)
        guard read &+ 8 <= end, base[read &+ 1] < 0x80 else {
          out[written] = lead
          read &+= 1
          written &+= 1
          continue
        }
        // ASCII (words, spaces, punctuation) eight bytes a step: the eight are copied,
        // and those before the first byte that is not ASCII kept (the rest are written
        // over; `written` is never past `read`, so the eight fit where `text` does).
        let word = raw.loadUnaligned(fromByteOffset: read, as: UInt64.self)
        rawOut.storeBytes(of: word, toByteOffset: written, as: UInt64.self)
        let high = UInt64(littleEndian: word) & 0x8080_8080_8080_8080
        let ascii = high == 0 ? 8 : high.trailingZeroBitCount >> 3
        read &+= ascii
        written &+= ascii
        continue
      }
      // Two bytes, or three (a lead of E0 to EF, but E0 with a second byte below A0,
      // overlong, and ED with one at A0 or above, a surrogate), or four.
      guard read &+ 1 < end else { return nil }
      let second = base[read &+ 1]
      guard second & 0xC0 == 0x80 else { return nil }
      if lead &- 0xC2 < 0x1E {
        // Two bytes (a lead of C2 to DF: C0 and C1 would make overlong forms; no dropped
        // joiner among them), the rest of a run of them (a word of Cyrillic or Greek) in
        // this loop.
        var lead = lead
        var second = second
        while true {
          let standIn = ofTwoBytes[Int(lead & 0x1F) &<< 6 | Int(second & 0x3F)]
          guard standIn != 0 else { return nil }
          put(standIn)
          read &+= 2
          guard read &+ 1 < end else { break }
          lead = base[read]
          second = base[read &+ 1]
          guard lead &- 0xC2 < 0x1E else { break }
          guard second & 0xC0 == 0x80 else { return nil }
        }
        continue
      }
      let value: UInt32
      let length: Int
      if lead &- 0xE0 < 0x10 {
        guard lead != 0xE0 || second >= 0xA0, lead != 0xED || second < 0xA0, read &+ 2 < end
        else { return nil }
        let third = base[read &+ 2]
        guard third & 0xC0 == 0x80 else { return nil }
        value = UInt32(lead & 0x0F) << 12 | UInt32(second & 0x3F) << 6 | UInt32(third & 0x3F)
        length = 3
      } else {
        // Four bytes (emoji, historic scripts, mathematical letters, rarer ideographs),
        // checked by the general decoder (rare enough not to be inlined here).
        (value, length) = decode(text, at: read, end: end)
        guard length == 4 else { return nil }
      }
      let standIn = byKey[Int(cached.info(value).bits & StandInBytes.keyMask)]
      guard standIn != 0 else {
        // A joiner the readers drop is left out as they leave it out.
        guard isDroppedJoiner(value) else { return nil }
        read &+= length
        continue
      }
      put(standIn)
      read &+= length
    }
    return written
  }
}
