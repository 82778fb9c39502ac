/// Text of any script `ScalarTable` supports, shaped without ICU: its UTF-8 decoded, each
/// scalar's properties looked up, `LineBreakRules` for the break opportunities, and
/// clusters made of a scalar and the marks that join it. The shape is byte for byte the
/// one `PreparedText.icuShape(of:)` makes with the sanitiser and ICU (the tests compare them
/// on `LineBreakTest.txt`, seeded random text over every class and real text; `FuzzText`
/// on any input), at a small fraction of the cost.
package enum UnicodeText {
  /// Buffers a shaper reuses from one text to the next (one per thread). They are held
  /// as pointers, not arrays, so that a text's loops reach them without a uniqueness
  /// check each (`withBuffers` is called once or twice a text, millions of times a pass).
  package struct Scratch {
    private var storage = Storage()
    /// `storage.capacity`, kept here so that the check each text makes reads no property
    /// of the class (an access the runtime would check).
    private var capacity = 0

    package init() {}

    /// Makes the per-scalar buffers hold `count` scalars (they grow a few times, then are
    /// written in place). A copy of a scratch that is reserved gets buffers of its own.
    ///
    /// - Complexity: O(1) but when the buffers grow; inlined, a comparison and the
    ///   uniqueness check.
    @inline(__always)
    mutating func reserve(_ count: Int) {
      if count <= capacity && isKnownUniquelyReferenced(&storage) { return }
      grow(count)
    }

    /// `reserve` when the buffers are too small or shared.
    @inline(never)
    private mutating func grow(_ count: Int) {
      if !isKnownUniquelyReferenced(&storage) {
        storage = Storage()
        capacity = 0
      }
      guard capacity < count else { return }
      storage.grow(to: Swift.max(count, capacity * 2))
      capacity = storage.capacity
    }

    /// Makes the buffers hold the scalars of a text of `count` bytes as the readers take
    /// them: at most four a byte, a tab being read as the sanitiser's four spaces (other
    /// scalars are one to four bytes each).
    @inline(__always)
    mutating func reserve(forBytes count: Int) {
      reserve(count &* Sanitizer.tabWidth)
    }

    /// Calls `body` with pointers to the buffers (`reserve` them first).
    @inline(__always)
    func withBuffers<Result>(_ body: (UnicodeText.Buffers) -> Result) -> Result {
      body(storage.buffers)
    }

    /// The buffers, freed with the last scratch that holds them.
    private final class Storage {
      private(set) var capacity = 0
      private(set) var buffers = UnicodeText.Buffers(
        classes: .allocate(capacity: 0), shape: .allocate(capacity: 0),
        firsts: .allocate(capacity: 0), positions: .allocate(capacity: 0),
        breaks: .allocate(capacity: 0), standIns: .allocate(capacity: 0))

      func grow(to size: Int) {
        free()
        buffers = UnicodeText.Buffers(
          classes: .allocate(capacity: size), shape: .allocate(capacity: size),
          firsts: .allocate(capacity: size), positions: .allocate(capacity: size),
          breaks: .allocate(capacity: size), standIns: .allocate(capacity: size))
        capacity = size
      }

      private func free() {
        buffers.classes.deallocate()
        buffers.shape.deallocate()
        buffers.firsts.deallocate()
        buffers.positions.deallocate()
        buffers.breaks.deallocate()
        buffers.standIns.deallocate()
      }

      deinit { free() }
    }
  }

  /// Each ASCII byte's line-break class and its cluster byte but for `wordBreakBefore`
  /// (which the rules decide), from `ScalarTable` itself; `nil` when some ASCII scalar
  /// would join the cluster before it (none does: CR, which would, is unsupported), or
  /// when a printable one is not a cell wide of a class the rules handle (all are).
  static let asciiScalars: (classes: [LineBreakClass], clusters: [UInt8])? = {
    typealias Info = PreparedText.ClusterInfo
    var classes: [LineBreakClass] = []
    var clusters: [UInt8] = []
    let table = ScalarTable.reader
    for value in UInt32(0)..<0x80 {
      let info = table.block(value / ScalarTable.blockSize)[Int(value % ScalarTable.blockSize)]
      if info.joinsCluster && info.lineBreakClass != .unsupported { return nil }
      // The readers take printable ASCII as a cell each, of a class the rules handle.
      if (0x20...0x7E).contains(value) && (info.width != 1 || info.lineBreakClass == .unsupported) {
        return nil
      }
      var cluster = UInt8(Swift.min(PreparedText.widestCluster, info.width))
      if value == 0x0A {
        cluster |= Info.hardBreak
      } else if value == 0x20 {
        cluster |= Info.space
      } else if info.mayStartLine {
        cluster |= Info.charBreakBefore
      }
      classes.append(info.lineBreakClass)
      clusters.append(cluster)
    }
    return (classes, clusters)
  }()

  /// Shapes `bytes` (UTF-8, untrusted) into `shape`, its storage reused: the shape of the
  /// sanitised text (a scalar it replaces is read as U+FFFD). Returns false — leaving
  /// `shape` unspecified — when the text needs ICU: invalid UTF-8, or a scalar of class
  /// `unsupported`.
  ///
  /// - Complexity: O(*n*) in the bytes, allocating nothing once the buffers have grown.
  package static func shape(
    _ bytes: UnsafeBufferPointer<UInt8>, into shape: inout [UInt8], scratch: inout Scratch
  ) -> Bool {
    shape.removeAll(keepingCapacity: true)
    // Trailing spaces and line feeds are left out, as `PreparedText` leaves them.
    guard let base = bytes.baseAddress else { return true }
    let end = trimmedEnd(base, count: bytes.count)
    guard end > 0 else { return true }
    scratch.reserve(forBytes: end)
    if asciiScalars != nil,
      let shaped = shapeASCII(
        UnsafeBufferPointer(rebasing: bytes[0..<end]), into: &shape, scratch: &scratch)
    {
      return shaped
    }
    // The clusters as `readScalars` reads them, then the word breaks the rules find.
    guard
      let read = readScalars(UnsafeBufferPointer(rebasing: bytes[0..<end]), scratch: &scratch)
    else { return false }
    typealias Info = PreparedText.ClusterInfo
    scratch.withBuffers { buffers in
      var found = 0
      LineBreakRules.forEachBreak(UnsafeBufferPointer(start: buffers.classes, count: read.scalars))
      { position in
        buffers.positions[found] = Int32(truncatingIfNeeded: position)
        found += 1
      }
      // Written in place: a cluster's byte is its read byte and the break before it.
      let start = shape.count
      shape.append(contentsOf: UnsafeBufferPointer(start: buffers.shape, count: read.count))
      shape.withUnsafeMutableBufferPointer { out in
        var next = 0
        for cluster in 1..<Swift.max(1, read.count) {
          let info = out[start + cluster]
          guard info & (Info.space | Info.hardBreak) == 0 else { continue }
          let first = read.oneScalarEach ? cluster : Int(buffers.firsts[cluster])
          while next < found && Int(buffers.positions[next]) < first { next += 1 }
          if next < found && Int(buffers.positions[next]) == first {
            out[start + cluster] = info | Info.wordBreakBefore
          }
        }
      }
    }
    return true
  }

  /// `shape` for text that is ASCII throughout (most English): a scalar and a cluster a
  /// byte, so a class and a cluster byte are looked up per byte and the clusters are
  /// written in one pass, with the same rules deciding the word breaks. `nil`, having
  /// written nothing, at the first byte that is not ASCII (the general path shapes it).
  ///
  /// - Complexity: O(*n*).
  private static func shapeASCII(
    _ bytes: UnsafeBufferPointer<UInt8>, into shape: inout [UInt8], scratch: inout Scratch
  ) -> Bool? {
    let count = bytes.count
    scratch.reserve(count)
    return scratch.withBuffers { buffers -> Bool? in
      let classes = asciiClassTable
      for index in 0..<count {
        let byte = bytes[index]
        guard byte < 0x80 else { return nil }
        let lineBreakClass = classes[Int(byte)]
        // A tab or a CR, which the sanitiser rewrites: the general path reads them.
        guard lineBreakClass != .unsupported else {
          return byte == 0x09 || byte == 0x0D ? nil : false
        }
        buffers.classes[index] = lineBreakClass
      }
      let breaks = UnsafeMutableBufferPointer(start: buffers.breaks, count: count)
      LineBreakRules.breakOpportunities(
        UnsafeBufferPointer(start: buffers.classes, count: count), into: breaks)
      typealias Info = PreparedText.ClusterInfo
      let clusters = asciiClusterTable
      let first = shape.count
      shape.append(contentsOf: repeatElement(0, count: count))
      shape.withUnsafeMutableBufferPointer { out in
        for index in 0..<count {
          let byte = bytes[index]
          var cluster = clusters[Int(byte)]
          // A word break before anything but a space or a line feed (the first byte
          // has none).
          if breaks[index] && byte != 0x20 && byte != 0x0A { cluster |= Info.wordBreakBefore }
          out[first + index] = cluster
        }
      }
      return true
    }
  }

  /// Whether `value` is a joiner or modifier the sanitiser drops (U+200D zero width
  /// joiner, U+FE0F emoji presentation selector, the emoji modifiers U+1F3FB to U+1F3FF):
  /// the readers here leave it out as it does, so that an emoji sequence costs no trip to
  /// ICU (the shape is that of the text without it, and `PreparedText` draws that text).
  @inline(__always)
  static func isDroppedJoiner(_ value: UInt32) -> Bool {
    value == 0x200D || value == 0xFE0F || value &- 0x1F3FB < 5
  }

  /// Whether `text`, which `shape` takes, is read other than it is written: it holds a
  /// scalar the sanitiser rewrites (a tab, a carriage return), drops (the joiners) or
  /// replaces with U+FFFD (`ScalarInfo.isReplaced`). Each scalar is looked up in the
  /// table, not in `wcwidth` as the sanitiser's own check does.
  ///
  /// - Complexity: O(*n*) in the scalars.
  package static func readsRewritten(_ text: String) -> Bool {
    let table = ScalarTable.reader
    for scalar in text.unicodeScalars {
      let value = scalar.value
      if value &- 0x20 < 0x5F || value == 0x0A { continue }
      // A control or DEL; a joiner; what reads as U+FFFD.
      if value < 0x80 || isDroppedJoiner(value) || table.info(value).isReplaced { return true }
    }
    return false
  }

  /// Where text `base` of `count` bytes ends once the spaces, line feeds and dropped
  /// joiners at its end are left out: the end of its sanitised text, trimmed as
  /// `PreparedText` trims it (the joiners are dropped first, so spaces before them go too).
  ///
  /// - Complexity: O(what is left out).
  @inline(__always)
  static func trimmedEnd(_ base: UnsafePointer<UInt8>, count: Int) -> Int {
    var end = count
    while end > 0 {
      let last = base[end - 1]
      if last == 0x20 || last == 0x0A || last == 0x09 || last == 0x0D {
        end -= 1  // a space, a line feed, or what the sanitiser makes one of
      } else if end >= 3 && base[end - 3] == 0xE2 && base[end - 2] == 0x80 && last == 0x8D {
        end -= 3  // U+200D
      } else if end >= 3 && base[end - 3] == 0xEF && base[end - 2] == 0xB8 && last == 0x8F {
        end -= 3  // U+FE0F
      } else if end >= 4 && base[end - 4] == 0xF0 && base[end - 3] == 0x9F && base[end - 2] == 0x8F
        && last &- 0xBB < 5
      {
        end -= 4  // U+1F3FB to U+1F3FF
      } else {
        break
      }
    }
    return end
  }

  /// The scalar of the well-formed UTF-8 sequence at `offset` and its length, or length 0
  /// for an ill-formed one (which the sanitiser would replace).
  @inline(__always)
  static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, end: Int) -> (
    UInt32, Int
  ) {
    let lead = UInt32(bytes[offset])
    if lead < 0x80 { return (lead, 1) }
    // A continuation byte's six bits, or 0x100 (which no check below lets through) for
    // a missing or ill-formed one.
    @inline(__always) func continuation(_ index: Int) -> UInt32 {
      guard index < end, bytes[index] & 0xC0 == 0x80 else { return 0x100 }
      return UInt32(bytes[index] & 0x3F)
    }
    if lead & 0xE0 == 0xC0 {
      let second = continuation(offset + 1)
      guard lead >= 0xC2, second < 0x100 else { return (0, 0) }
      return ((lead & 0x1F) << 6 | second, 2)
    }
    if lead & 0xF0 == 0xE0 {
      let second = continuation(offset + 1)
      let third = continuation(offset + 2)
      guard second | third < 0x100 else { return (0, 0) }
      let value = (lead & 0x0F) << 12 | second << 6 | third
      guard value >= 0x800, !(0xD800...0xDFFF).contains(value) else { return (0, 0) }
      return (value, 3)
    }
    if lead & 0xF8 == 0xF0 {
      let second = continuation(offset + 1)
      let third = continuation(offset + 2)
      let fourth = continuation(offset + 3)
      guard second | third | fourth < 0x100 else { return (0, 0) }
      let value = (lead & 0x07) << 18 | second << 12 | third << 6 | fourth
      guard value >= 0x1_0000, value <= 0x10_FFFF else { return (0, 0) }
      return (value, 4)
    }
    return (0, 0)
  }
}
