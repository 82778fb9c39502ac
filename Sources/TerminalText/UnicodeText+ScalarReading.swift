#if canImport(Glibc)
  import Glibc
#endif

// Reading other text into its clusters, decoded and looked up as `shape` does, in one
// pass, for the line fillers.

extension UnicodeText {
  /// Other text read into `Scratch`: its clusters as `shape` makes them but for the word
  /// breaks (`shape`), each one's first scalar (`firsts`), its scalars' classes.
  struct ReadClusters {
    var count: Int
    var scalars: Int
    /// Every scalar is a cluster: cluster `k` is scalar `k` (`firsts` is not written).
    var oneScalarEach: Bool
    var hasLineFeed: Bool
  }

  /// Reads `bytes` (trailing spaces and line feeds left out) into `scratch`, decoded and
  /// looked up as `shape` does, its clusters made as it makes them, in one pass; `nil`
  /// when `shape` would refuse the text. The scalars are those of the sanitised text: the
  /// dropped joiners left out, a tab read as four spaces, a CR as a line feed (and the LF
  /// of a CR LF left out), so `scratch` must hold four scalars a byte
  /// (`Scratch.reserve(forBytes:)`).
  ///
  /// - Complexity: O(*n*).
  static func readScalars(_ bytes: UnsafeBufferPointer<UInt8>, scratch: inout Scratch)
    -> ReadClusters?
  {
    typealias Info = PreparedText.ClusterInfo
    let end = bytes.count
    let base = bytes.baseAddress!
    let table = ScalarTable.reader
    return scratch.withBuffers { buffers -> ReadClusters? in
      switch readSimpleScalars(base, end: end, table: table, buffers: buffers) {
      case .read(let clusters): return clusters
      case .refused: return nil
      case .hasMarks: break
      }
      var cached = ScalarTable.Reader.Cached(table)
      var count = 0
      var clusters = 0
      var lineFeed = false
      // The cluster being read: its cells and its byte but for the width.
      var width = 0
      var flags: UInt8 = 0
      // Whether marks may join it (not a line feed), and whether it is a lone space.
      var joinable = false
      var loneSpace = false
      // The Hangul part of the scalar before (GB6 to GB8 join by it).
      var lastHangul = ScalarInfo.Hangul.none
      // Writes the byte of the cluster being read, when there is one.
      @inline(__always) func finishCluster() {
        guard clusters > 0 else { return }
        buffers.shape[clusters &- 1] = clusterByte(width: width, flags: flags, loneSpace: loneSpace)
      }
      // Takes scalar `value` (of properties `info`) into the clusters; false for a class
      // the rules leave out.
      @inline(__always) func take(_ value: UInt32, _ info: ScalarInfo) -> Bool {
        let lineBreakClass = info.lineBreakClass
        guard lineBreakClass != .unsupported else { return false }
        buffers.classes[count] = lineBreakClass
        let hangul = info.hangul
        defer { lastHangul = hangul }
        if joinable && (info.joinsCluster || (lastHangul != .none && lastHangul.joins(hangul))) {
          // A mark joins the cluster before it (a space with one is no lone space), and
          // a jamo the Hangul scalar before it.
          width &+= info.width
          loneSpace = false
        } else {
          finishCluster()
          buffers.firsts[clusters] = Int32(truncatingIfNeeded: count)
          clusters &+= 1
          width = info.width
          joinable = value != 0x0A
          loneSpace = value == 0x20
          if value == 0x0A {
            flags = Info.hardBreak
            lineFeed = true
          } else {
            flags = info.mayStartLine ? Info.charBreakBefore : 0
          }
        }
        count &+= 1
        return true
      }
      var offset = 0
      while offset < end {
        let value: UInt32
        let length: Int
        let lead = base[offset]
        if lead < 0x80 {
          // Tabs and carriage returns as the sanitiser rewrites them (see
          // `readSimpleScalars`).
          if lead == 0x09 || lead == 0x0D
            || (lead == 0x0A && offset > 0 && base[offset &- 1] == 0x0D)
          {
            offset &+= 1
            if lead == 0x09 {
              let space = table.block(0)[0x20]
              for _ in 0..<Sanitizer.tabWidth { _ = take(0x20, space) }
            } else if lead == 0x0D {
              guard take(0x0A, table.block(0)[0x0A]) else { return nil }
            }
            continue
          }
          (value, length) = (UInt32(lead), 1)
        } else if lead & 0xE0 == 0xC0 && lead >= 0xC2 && offset &+ 1 < end
          && base[offset &+ 1] & 0xC0 == 0x80
        {
          // Two bytes (Latin, Greek, Cyrillic, Hebrew, Arabic): the common case, inline.
          (value, length) = (UInt32(lead & 0x1F) << 6 | UInt32(base[offset &+ 1] & 0x3F), 2)
        } else {
          (value, length) = decode(bytes, at: offset, end: end)
          guard length > 0 else { return nil }
          if isDroppedJoiner(value) {
            offset &+= length
            continue
          }
        }
        guard take(value, cached.info(value)) else { return nil }
        offset &+= length
      }
      finishCluster()
      return ReadClusters(
        count: clusters, scalars: count, oneScalarEach: false,
        hasLineFeed: lineFeed)
    }
  }

  /// A cluster's byte as `shape` makes it but for the word break: its cells (at most
  /// `widestCluster`, marked shortened beyond), its `flags` (line feed or may start a
  /// line), a lone space marked as a space instead.
  @inline(__always)
  static func clusterByte(width: Int, flags: UInt8, loneSpace: Bool) -> UInt8 {
    typealias Info = PreparedText.ClusterInfo
    var byte = UInt8(Swift.min(PreparedText.widestCluster, width)) | flags
    if width > PreparedText.widestCluster { byte |= Info.shortened }
    if loneSpace { byte = byte & ~Info.charBreakBefore | Info.space }
    return byte
  }

  /// What `readSimpleScalars` made of a text.
  enum SimpleRead {
    case read(ReadClusters)
    case refused
    /// A mark joins a cluster: the general reading is needed.
    case hasMarks
  }

  /// `readScalars` for text where every scalar is a cluster of its own (no mark joins
  /// another scalar: nearly all text): a scalar's cluster byte follows from its table
  /// entry alone, and `firsts` is not written (cluster `k` is scalar `k`). ASCII scalars
  /// (the spaces and punctuation of every script) come from tables of their own, so the
  /// table's block is looked up again only when the script changes.
  ///
  /// - Complexity: O(*n*), a decoding, a lookup and two stores a scalar.
  @inline(__always)
  static func readSimpleScalars(
    _ base: UnsafePointer<UInt8>, end: Int, table: ScalarTable.Reader, buffers: Buffers
  ) -> SimpleRead {
    typealias Info = PreparedText.ClusterInfo
    let asciiClasses = asciiClassTable
    let asciiClusters = asciiClusterTable
    var cached = ScalarTable.Reader.Cached(table)
    var count = 0
    var lineFeed = false
    var afterLineFeed = true  // a mark at the start or after a line feed starts a cluster
    var offset = 0
    let bytes = UnsafeBufferPointer(start: base, count: end)
    while offset < end {
      var lead = base[offset]
      if lead &- 0x20 < 0x5F {
        // A run of printable ASCII (the spaces and punctuation of every script, and Latin
        // words): a cell each (`asciiScalars` holds them to it), the rest from the tables.
        var index = offset
        repeat {
          let byte = Int(base[index])
          buffers.classes[count] = asciiClasses[byte]
          buffers.shape[count] = asciiClusters[byte]
          count &+= 1
          index &+= 1
        } while index < end && base[index] &- 0x20 < 0x5F
        afterLineFeed = false
        offset = index
        continue
      }
      if lead < 0x80 {
        var lineBreakClass = asciiClasses[Int(lead)]
        if lineBreakClass == .unsupported || lead == 0x0A {
          // Tabs and carriage returns as the sanitiser rewrites them: four spaces, and a
          // line feed for a CR, once for a CR LF (the byte before tells: a joiner between
          // them would be bytes of its own).
          if lead == 0x0A && offset > 0 && base[offset &- 1] == 0x0D {
            offset &+= 1
            continue
          }
          if lead == 0x09 {
            for _ in 0..<Sanitizer.tabWidth {
              buffers.classes[count] = .sp
              buffers.shape[count] = asciiClusters[0x20]
              count &+= 1
            }
            afterLineFeed = false
            offset &+= 1
            continue
          }
          if lead == 0x0D {
            lead = 0x0A
            lineBreakClass = .lf
          }
          guard lineBreakClass != .unsupported else { return .refused }
        }
        let cluster = asciiClusters[Int(lead)]
        buffers.classes[count] = lineBreakClass
        buffers.shape[count] = cluster
        afterLineFeed = lead == 0x0A
        if afterLineFeed { lineFeed = true }
        count &+= 1
        offset &+= 1
        continue
      }
      let value: UInt32
      let length: Int
      if lead & 0xE0 == 0xC0 && lead >= 0xC2 && offset &+ 1 < end
        && base[offset &+ 1] & 0xC0 == 0x80
      {
        (value, length) = (UInt32(lead & 0x1F) << 6 | UInt32(base[offset &+ 1] & 0x3F), 2)
      } else if lead & 0xF0 == 0xE0 && lead != 0xE0 && lead != 0xED && offset &+ 2 < end
        && base[offset &+ 1] & 0xC0 == 0x80 && base[offset &+ 2] & 0xC0 == 0x80
      {
        // Three bytes (CJK, kana, Indic, most symbols), inline: with a lead other than E0
        // (whose second byte could make an overlong form) and ED (surrogates), every pair
        // of continuation bytes is well formed.
        value =
          UInt32(lead & 0x0F) << 12 | UInt32(base[offset &+ 1] & 0x3F) << 6
          | UInt32(base[offset &+ 2] & 0x3F)
        length = 3
        if isDroppedJoiner(value) {
          offset &+= 3
          continue
        }
      } else {
        (value, length) = decode(bytes, at: offset, end: end)
        guard length > 0 else { return .refused }
        // A joiner the sanitiser drops is read as if it were not there.
        if isDroppedJoiner(value) {
          offset &+= length
          continue
        }
      }
      let info = cached.info(value)
      let lineBreakClass = info.lineBreakClass
      guard lineBreakClass != .unsupported else { return .refused }
      // A mark, or a jamo (which joins by what is before it): the general reading.
      if info.mayJoinCluster && (!afterLineFeed || !info.joinsCluster) { return .hasMarks }
      afterLineFeed = false
      buffers.classes[count] = lineBreakClass
      // Its cells, and whether a line may start with it.
      let cells = UInt8(truncatingIfNeeded: info.bits >> 6 & 0b11)
      let cluster = cells | (info.mayStartLine ? Info.charBreakBefore : 0)
      buffers.shape[count] = cluster
      count &+= 1
      offset &+= length
    }
    return .read(
      ReadClusters(
        count: count, scalars: count, oneScalarEach: true,
        hasLineFeed: lineFeed))
  }

  /// Each ASCII byte's cluster byte but for the word break (`asciiScalars`), where a tight
  /// loop reads it (written once, then only read: safe to share), through `TextTables`.
  @inline(__always)
  static var asciiClusterTable: UnsafePointer<UInt8> { TextTables.shared.pointee.asciiClusters }

  /// `asciiClusterTable` as `TextTables` keeps it.
  nonisolated(unsafe) static let madeASCIIClusterTable: UnsafePointer<UInt8> = {
    let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 128)
    table.initialize(repeating: 0, count: 128)
    if let ascii = asciiScalars {
      for byte in 0..<128 { table[byte] = ascii.clusters[byte] }
    }
    return UnsafePointer(table)
  }()
}
