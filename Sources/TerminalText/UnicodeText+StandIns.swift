extension UnicodeText {
  /// For each scalar from U+0080 to U+2FFF (two UTF-8 bytes, or three with a lead of E0
  /// to E2; at `value - 0x80`), the printable ASCII byte (not the space) that the readers
  /// read exactly as they read it, or 0: the same line-break class and the same cluster
  /// byte (one cell, and whether a line may start with it), and neither of them joins a
  /// cluster. Most letters of accented Latin (Vietnamese too), Greek, Cyrillic and
  /// Armenian stand in for `a` (AL), quotation marks for `"` (QU) or, as `ja@lb=strict`
  /// takes U+201C and U+201D, for `(` and `}`; so text of them and ASCII counts as ASCII
  /// does (`writeStandIns`). Marks, wide scalars, the joiners the readers drop and those
  /// of classes no ASCII byte has (NBSP, dashes, ellipses) keep 0.
  ///
  /// Why the count is the same: the rules read only classes, lines are filled by the
  /// cluster bytes (cells, spaces, whether a line may start there), and a text whose every
  /// scalar is ASCII or stood in has one scalar a cluster (none of them joins) — so the
  /// stand-in text's classes and clusters are, scalar for scalar, those the general
  /// reader (`readSimpleScalars`) makes of the text itself.
  nonisolated(unsafe) static let madeStandInTable: UnsafePointer<UInt8> = {
    typealias Info = PreparedText.ClusterInfo
    let table = UnsafeMutablePointer<UInt8>.allocate(capacity: standInCount)
    table.initialize(repeating: 0, count: standInCount)
    guard let ascii = asciiScalars else { return UnsafePointer(table) }
    // Letters first, so that a letter's stand-in is `a` (`#` reads as one too).
    let candidates = Array(0x61...0x7A) + Array(0x21...0x7E)
    for value in UInt32(0x80)..<UInt32(0x80 + standInCount) where !isDroppedJoiner(value) {
      let info = ScalarTable.info(value)
      guard info.lineBreakClass != .unsupported, !info.mayJoinCluster, !info.joinsCluster,
        info.width == 1
      else { continue }
      // The cluster byte `readSimpleScalars` writes for it.
      let cluster = UInt8(1) | (info.mayStartLine ? Info.charBreakBefore : 0)
      for byte in candidates
      where ascii.classes[byte] == info.lineBreakClass && ascii.clusters[byte] == cluster {
        table[Int(value) - 0x80] = UInt8(byte)
        break
      }
    }
    return UnsafePointer(table)
  }()

  /// The scalars `standInTable` covers: U+0080 to U+2FFF.
  static let standInCount = 0x3000 - 0x80

  /// `madeStandInTable` as `TextTables` keeps it.
  @inline(__always)
  static var standInTable: UnsafePointer<UInt8> { TextTables.shared.pointee.standIns }

  /// Writes `text` to `out` (room for `text.count` bytes) with each scalar that is not
  /// ASCII replaced by its stand-in (`standInTable`), and returns how many bytes it wrote;
  /// `nil`, part written, at a byte that is neither ASCII nor part of a scalar with a
  /// stand-in (a scalar above U+2FFF, invalid UTF-8). The first `start` bytes
  /// are copied as they are (the caller knows them to be ASCII).
  ///
  /// - Complexity: O(*n*), eight bytes a step over ASCII.
  static func writeStandIns(
    _ text: UnsafeBufferPointer<UInt8>, from start: Int, into out: UnsafeMutablePointer<UInt8>
  ) -> Int? {
    guard let base = text.baseAddress else { return 0 }
    let end = text.count
    let table = standInTable
    let raw = UnsafeRawPointer(base)
    let rawOut = UnsafeMutableRawPointer(out)
    out.update(from: base, count: start)
    var read = start
    var written = start
    while read < end {
      let lead = base[read]
      if lead < 0x80 {
        out[written] = lead
        read &+= 1
        written &+= 1
        // A run of ASCII (words, spaces, punctuation) goes eight bytes a step; a run of
        // other scalars, a scalar a step, tries no eight at each one.
        while read &+ 8 <= end {
          let word = raw.loadUnaligned(fromByteOffset: read, as: UInt64.self)
          guard word & 0x8080_8080_8080_8080 == 0 else { break }
          rawOut.storeBytes(of: word, toByteOffset: written, as: UInt64.self)
          read &+= 8
          written &+= 8
        }
        continue
      }
      // Two bytes (a lead of C2 to DF: C0 and C1 would make overlong forms), or three
      // with a lead of E0 (its second byte A0 or above, else overlong) to E2.
      guard read &+ 1 < end else { return nil }
      let second = base[read &+ 1]
      guard second & 0xC0 == 0x80 else { return nil }
      let value: Int
      let length: Int
      if lead &- 0xC2 < 0x1E {
        (value, length) = (Int(lead & 0x1F) << 6 | Int(second & 0x3F), 2)
      } else {
        guard lead &- 0xE0 < 3, lead != 0xE0 || second >= 0xA0, read &+ 2 < end else {
          return nil
        }
        let third = base[read &+ 2]
        guard third & 0xC0 == 0x80 else { return nil }
        value = Int(lead & 0x0F) << 12 | Int(second & 0x3F) << 6 | Int(third & 0x3F)
        length = 3
      }
      let standIn = table[value &- 0x80]
      guard standIn != 0 else { return nil }
      out[written] = standIn
      read &+= length
      written &+= 1
    }
    return written
  }
}
