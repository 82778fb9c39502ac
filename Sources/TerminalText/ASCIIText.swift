import CTextSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Plain ASCII text shaped without ICU: for letters, digits, spaces, line feeds and
/// `. , ; : '`, UAX #14 (as ICU applies it) breaks a line only after spaces — not before
/// `. , ; :` unless a digit follows — and after a line feed. Every byte is one cluster one cell wide. The shape is
/// byte for byte the one `PreparedText.icuShape(of:)` makes (a seeded test compares them), so
/// measuring a million such cards needs no ICU call and no allocation.
package enum ASCIIText {
  /// The simple bytes as a bitmap: bit `b` of `low` (bytes 0–63), of `high` (64–127).
  @inline(__always)
  private static func isSimpleByte(_ byte: UInt8) -> Bool {
    // Space, line feed, ' , . 0-9 : ; in the low half; letters in the high half.
    let low: UInt64 =
      1 << 0x0A | 1 << 0x20 | 1 << 0x27 | 1 << 0x2C | 1 << 0x2E | 0x03FF << 0x30
      | 1 << 0x3A | 1 << 0x3B
    let high: UInt64 = 0x07FF_FFFE_07FF_FFFE
    if byte < 64 { return low >> UInt64(byte) & 1 != 0 }
    if byte < 128 { return high >> UInt64(byte - 64) & 1 != 0 }
    return false
  }

  /// The bytes after which, following a space, a line may not break (UAX #14 class IS).
  @inline(__always)
  private static func isInfixSeparator(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: ".") || byte == UInt8(ascii: ",") || byte == UInt8(ascii: ";")
      || byte == UInt8(ascii: ":")
  }

  /// Whether a simple byte may start a line (for wrapping at any cluster): all but the
  /// separators (`masonry_cannot_start_line` agrees; a test checks).
  @inline(__always)
  static func mayStartLine(_ byte: UInt8) -> Bool { !isInfixSeparator(byte) }

  /// Whether `bytes` can be shaped here.
  ///
  /// - Complexity: O(*n*), eight bytes a step (every card's caption and comment is checked
  ///   as it is parsed).
  @inline(__always)
  package static func isSimple(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let count = bytes.count
    var index = 0
    while index + 8 <= count {
      let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
      guard isSimpleWord(word) else { return false }
      index += 8
    }
    while index < count {
      guard isSimpleByte(base[index]) else { return false }
      index += 1
    }
    return true
  }

  /// What text is as far as ASCII goes: `simple` (`isSimple`), else `printable` (printable
  /// ASCII and line feeds), else `other`.
  package enum Kind {
    case simple
    case printable
    case other
  }

  /// `bytes`' kind, in one pass (a card store asks it of every caption and comment): each
  /// sixteen bytes tested as simple while all before were, as printable after
  /// (`masonry_ascii_kind`, in SSE2 registers on x86-64).
  ///
  /// - Complexity: O(*n*), sixteen bytes at a time.
  package static func kind(_ bytes: UnsafeBufferPointer<UInt8>) -> Kind {
    guard let base = bytes.baseAddress else { return .simple }
    switch masonry_ascii_kind(base, bytes.count, nil) {
    case 0: return .simple
    case 1: return .printable
    default: return .other
    }
  }

  /// Whether all eight bytes of `word` are simple, `isSimpleByte` for each at once. Below
  /// 0x80 every test is exact per byte: no sum here carries out of its byte.
  @inline(__always)
  private static func isSimpleWord(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    guard word & high == 0 else { return false }
    // The high bit of each byte of `x` (7-bit bytes) from `low` through `top`.
    @inline(__always) func within(_ x: UInt64, _ low: UInt64, _ top: UInt64) -> UInt64 {
      (x &+ ones &* (0x80 - low)) & ~(x &+ ones &* (0x7F - top)) & high
    }
    // The high bit of each byte equal to `byte`.
    @inline(__always) func equal(_ byte: UInt64) -> UInt64 {
      ~((word ^ ones &* byte) &+ ones &* 0x7F) & high
    }
    // Letters (either case: `| 0x20` folds A–Z onto a–z), digits with : and ;, space,
    // line feed, ' , and .
    let simple =
      within(word | ones &* 0x20, 0x61, 0x7A) | within(word, 0x30, 0x3B) | equal(0x20)
      | equal(0x0A) | equal(0x27) | equal(0x2C) | equal(0x2E)
    return simple == high
  }

  /// The shape of simple text `bytes` into `shape` (its storage reused).
  package static func shape(_ bytes: UnsafeBufferPointer<UInt8>, into shape: inout [UInt8]) {
    let clusters = Clusters(bytes)
    shape.removeAll(keepingCapacity: true)
    for index in 0..<clusters.count { shape.append(clusters[index]) }
  }

  /// The shape of simple text, worked out byte by byte as it is read: a cluster's flags
  /// depend only on it and its neighbours.
  package struct Clusters: ClusterSequence {
    private let bytes: UnsafeBufferPointer<UInt8>
    /// Trailing spaces and line feeds are left out, as `PreparedText` leaves them.
    package let count: Int

    @inline(__always)
    package init(_ bytes: UnsafeBufferPointer<UInt8>) {
      self.bytes = bytes
      var end = bytes.count
      while end > 0 && (bytes[end - 1] == 0x20 || bytes[end - 1] == 0x0A) { end -= 1 }
      count = end
    }

    @inline(__always)
    package subscript(index: Int) -> UInt8 {
      let byte = bytes[index]
      if byte == 0x0A { return PreparedText.ClusterInfo.hardBreak }
      if byte == 0x20 { return 1 | PreparedText.ClusterInfo.space }
      var info: UInt8 = 1
      if index > 0 {
        let previous = bytes[index - 1]
        // After a space a line breaks, except before `.,;:` — unless a digit follows
        // (" .5" breaks before the point: UAX #14 rule LB15c).
        if previous == 0x0A {
          info |= PreparedText.ClusterInfo.wordBreakBefore
        } else if previous == 0x20 {
          let separator = isInfixSeparator(byte)
          let digitFollows =
            separator && index + 1 < count && bytes[index + 1] >= UInt8(ascii: "0")
            && bytes[index + 1] <= UInt8(ascii: "9")
          if !separator || digitFollows { info |= PreparedText.ClusterInfo.wordBreakBefore }
        }
      }
      if mayStartLine(byte) { info |= PreparedText.ClusterInfo.charBreakBefore }
      return info
    }
  }
}
