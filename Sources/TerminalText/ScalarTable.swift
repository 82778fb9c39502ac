import CTextSupport

/// What shaping text without ICU needs to know of a scalar, two bytes each: its line-break
/// class (`LineBreakClass`), its width in cells (glibc `wcwidth`, as `DisplayWidth`),
/// whether it joins the grapheme cluster before it (Grapheme_Cluster_Break Extend or
/// SpacingMark), its part in a Hangul syllable (L, V, T, LV, LVT, which join by the scalar
/// before them), and whether it may start a line (`masonry_cannot_start_line`). Read from
/// ICU's own property data and glibc once, so the answers are those of the libraries the
/// slow path calls — no table is generated or kept in the sources.
///
/// The fast path shapes the sanitised text. What the sanitiser replaces with U+FFFD
/// (controls, bidirectional controls, scalars `wcwidth` rejects) has the properties of
/// U+FFFD here. What it drops or rewrites never reaches the table: `UnicodeText`'s readers
/// leave out the joiners (U+200D, U+FE0F) and skin tones (U+1F3FB to U+1F3FF) and read a
/// tab as four spaces and a carriage return as a line feed (once for CR LF), as the
/// sanitiser does; those scalars, and any
/// the fast path must leave to ICU, have class `unsupported`: an unassigned one (its
/// properties may differ between ICU's Unicode version and Swift's), a class the rules
/// leave out, or a grapheme rule beyond "marks join the cluster before them" and Hangul's
/// (prepend, controls such as U+200B, regional indicators, the Indic virama linkers).
package struct ScalarInfo: Sendable {
  let bits: UInt16

  @inline(__always) var lineBreakClass: LineBreakClass {
    // Every stored value is a class's (`init`), so the cast is safe and skips a check.
    unsafeBitCast(UInt8(bits & 0x3F), to: LineBreakClass.self)
  }
  /// The width in cells: 0, 1 or 2.
  @inline(__always) var width: Int { Int(bits >> 6 & 0b11) }
  /// Whether the scalar joins the cluster before it.
  @inline(__always) var joinsCluster: Bool { bits & 1 << 8 != 0 }
  /// Whether a line may start with it (for wrapping at any cluster).
  @inline(__always) var mayStartLine: Bool { bits & 1 << 9 == 0 }
  /// Its part in a Hangul syllable (`Hangul`), which the grapheme rules GB6 to GB8 join
  /// by the scalar before it.
  @inline(__always) var hangul: Hangul {
    // Every stored value is a case's (`init`), so the cast is safe and skips a check.
    unsafeBitCast(UInt8(truncatingIfNeeded: bits >> 10 & 0b111), to: Hangul.self)
  }
  /// Whether it is a mark (`joinsCluster`) or a conjoining jamo (leading, vowel or
  /// trailing, which joins by the scalar before it): what sends a text the reader of
  /// one-scalar clusters meets to the general reading, in one test (a Hangul syllable
  /// joins only a leading jamo, which sends it there first).
  @inline(__always) var mayJoinCluster: Bool { bits & 1 << 13 != 0 }

  /// The grapheme cluster break values of Hangul (GB6 to GB8).
  enum Hangul: UInt8 {
    case none, leading, vowel, trailing, syllableLV, syllableLVT

    /// Whether a scalar of kind `next` joins the cluster after one of kind `self` (L ×
    /// (L | V | LV | LVT), (LV | V) × (V | T), (LVT | T) × T).
    @inline(__always) func joins(_ next: Hangul) -> Bool {
      switch self {
      case .leading: return next != .none && next != .trailing
      case .vowel, .syllableLV: return next == .vowel || next == .trailing
      case .trailing, .syllableLVT: return next == .trailing
      case .none: return false
      }
    }
  }

  init(bits: UInt16) { self.bits = bits }

  /// Whether the sanitiser replaces the scalar with U+FFFD, whose properties it has
  /// (`replacement`).
  @inline(__always) var isReplaced: Bool { bits & 1 << 14 != 0 }

  /// The properties of U+FFFD, marked `isReplaced`, of a scalar the sanitiser replaces
  /// with it (a control, a bidirectional control, a scalar `wcwidth` rejects): the readers
  /// read such a scalar as the replacement it becomes, so that text with one (a gettext
  /// context's U+0004, a stray escape) is shaped and counted without ICU, exactly as the
  /// sanitised text is.
  static let replacement = ScalarInfo(bits: computed(0xFFFD).bits | 1 << 14)

  init(
    lineBreakClass: LineBreakClass, width: Int, joinsCluster: Bool, mayStartLine: Bool,
    hangul: Hangul = .none
  ) {
    var bits = UInt16(lineBreakClass.rawValue) | UInt16(width & 0b11) << 6
    if joinsCluster { bits |= 1 << 8 }
    if !mayStartLine { bits |= 1 << 9 }
    bits |= UInt16(hangul.rawValue) << 10
    if joinsCluster || (hangul != .none && hangul != .syllableLV && hangul != .syllableLVT) {
      bits |= 1 << 13
    }
    self.bits = bits
  }

  /// The scalar's properties, as ICU and glibc give them; for one the sanitiser replaces,
  /// those of the U+FFFD it becomes (`replacement`).
  static func computed(_ value: UInt32) -> ScalarInfo {
    guard let scalar = Unicode.Scalar(value) else {
      return ScalarInfo(
        lineBreakClass: .unsupported, width: 0, joinsCluster: false, mayStartLine: true)
    }
    // Tabs, carriage returns and line feeds, which the sanitiser rewrites otherwise, are
    // read apart by the readers (and keep the class that sends them there).
    if value != 0x09 && value != 0x0A && value != 0x0D && !Sanitizer.isSafe(scalar) {
      return replacement
    }
    let properties = masonry_scalar_properties(value)
    let lineBreak = properties & 0xFF
    let cluster = properties >> 8 & 0x1F
    let isWide = properties & 1 << 13 != 0
    let isUnassigned = properties & 1 << 14 != 0
    var resolved = LineBreakClass.resolving(icuValue: lineBreak, isWide: isWide)
    switch value {
    case 0x2010: resolved = .hh
    // ICU's Chinese and Japanese rules (`line_cj`, which `ja@lb=strict` uses) take the
    // curly double quotes for opening and closing punctuation.
    case 0x201C: resolved = .op
    case 0x201D: resolved = .cl
    default: break
    }
    // ICU's UGraphemeClusterBreak: 0 other, 3 extend, 4 L, 5 LF, 6 LV, 7 LVT, 8 T, 9 V,
    // 10 spacing mark.
    let joins = cluster == 3 || cluster == 10
    let hangul: ScalarInfo.Hangul
    switch cluster {
    case 4: hangul = .leading
    case 9: hangul = .vowel
    case 8: hangul = .trailing
    case 6: hangul = .syllableLV
    case 7: hangul = .syllableLVT
    default: hangul = .none
    }
    let clusterSupported = cluster == 0 || joins || hangul != .none || value == 0x0A
    // The viramas that link consonants into one cluster (Swift's grapheme rule GB9c).
    let isLinker: Bool
    switch value {
    case 0x094D, 0x09CD, 0x0ACD, 0x0B4D, 0x0C4D, 0x0D4D: isLinker = true
    default: isLinker = false
    }
    // A line feed is a cluster of no width (its own line break).
    let width = value == 0x0A ? 0 : DisplayWidth.of(scalar)
    let isClean = value == 0x0A || (Sanitizer.isSafe(scalar) && !Sanitizer.isDropped(scalar))
    if !isClean || isUnassigned || !clusterSupported || isLinker || width < 0 || width > 2 {
      resolved = .unsupported
    }
    return ScalarInfo(
      lineBreakClass: resolved, width: Swift.max(0, width), joinsCluster: joins,
      mayStartLine: masonry_cannot_start_line(value) == 0, hangul: hangul)
  }
}

/// The properties of every scalar below U+20000 (the scripts in use, emoji included), read
/// a block of 256 scalars at a time on first use (a block costs some 70 µs; the whole
/// table would cost the first frame 9 ms); scalars above are read on each call. Any
/// thread may read: a block is built by whichever thread needs it first and published
/// atomically (two threads that race build the same block, and one copy is dropped).
package enum ScalarTable {
  /// The scalars the table holds.
  static let tableLimit: UInt32 = 0x2_0000
  static let blockSize: UInt32 = 256

  /// The blocks' slots, empty until built. Never freed: the table lives as long as the
  /// process. Written only through `masonry_publish`.
  nonisolated(unsafe) private static let blocks: UnsafeMutablePointer<UnsafeMutableRawPointer?> = {
    let count = Int(tableLimit / blockSize)
    let slots = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: count)
    slots.initialize(repeating: nil, count: count)
    return slots
  }()

  /// A reader of the properties, the table looked up once (for loops over many scalars).
  package struct Reader {
    let blocks: UnsafeMutablePointer<UnsafeMutableRawPointer?>

    /// The properties of `value`.
    @inline(__always)
    package func info(_ value: UInt32) -> ScalarInfo {
      guard value < ScalarTable.tableLimit else { return ScalarInfo.computed(value) }
      return block(value / ScalarTable.blockSize)[Int(value % ScalarTable.blockSize)]
    }

    /// A reader of `value` after `value` that keeps the block it looked up last (text
    /// stays in one script for long runs: the block is looked up again when it changes).
    struct Cached {
      let reader: Reader
      var lastIndex = UInt32.max
      var last: UnsafeMutablePointer<ScalarInfo>

      init(_ reader: Reader) {
        self.reader = reader
        last = reader.block(0)
      }

      /// The properties of `value`.
      @inline(__always)
      mutating func info(_ value: UInt32) -> ScalarInfo {
        guard value < ScalarTable.tableLimit else { return ScalarInfo.computed(value) }
        let index = value / ScalarTable.blockSize
        if index != lastIndex {
          last = reader.block(index)
          lastIndex = index
        }
        return last[Int(value % ScalarTable.blockSize)]
      }
    }

    /// Block `index` of the table (scalars `index * blockSize` on), built if need be.
    @inline(__always)
    func block(_ index: UInt32) -> UnsafeMutablePointer<ScalarInfo> {
      let slot = blocks + Int(index)
      return masonry_load_published(slot).map { $0.assumingMemoryBound(to: ScalarInfo.self) }
        ?? ScalarTable.build(slot, block: index)
    }
  }

  /// Builds block `block` and publishes it in `slot` (or takes the one another thread
  /// published first).
  @inline(never)
  static func build(_ slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>, block: UInt32)
    -> UnsafeMutablePointer<ScalarInfo>
  {
    let fresh = UnsafeMutablePointer<ScalarInfo>.allocate(capacity: Int(blockSize))
    for offset in 0..<blockSize {
      fresh[Int(offset)] = ScalarInfo.computed(block * blockSize + offset)
    }
    if masonry_publish(slot, UnsafeMutableRawPointer(fresh)) == 1 { return fresh }
    fresh.deallocate()
    return masonry_load_published(slot)!.assumingMemoryBound(to: ScalarInfo.self)
  }

  /// A reader of the table.
  package static var reader: Reader { Reader(blocks: blocks) }

  /// The properties of `value`.
  @inline(__always)
  package static func info(_ value: UInt32) -> ScalarInfo { reader.info(value) }
}
