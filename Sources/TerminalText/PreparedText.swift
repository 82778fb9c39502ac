import CTextSupport

/// A sanitised text with its line-break opportunities and cluster widths computed once,
/// so that wrapping it at any width (every resize) is a pass over one byte per grapheme
/// cluster, with no new ICU call.
package struct PreparedText: Hashable, Sendable {
  /// The sanitised text, without trailing spaces and line breaks.
  package let string: String
  /// One byte per grapheme cluster: width and flags (see `ClusterInfo`).
  let clusters: [UInt8]

  enum ClusterInfo {
    static let widthMask: UInt8 = 0b111
    static let space: UInt8 = 1 << 3
    static let wordBreakBefore: UInt8 = 1 << 4
    static let charBreakBefore: UInt8 = 1 << 5
    static let hardBreak: UInt8 = 1 << 6
    /// The cluster is wider than the 7 cells its width bits hold (only a run of spacing
    /// marks or of Hangul leading jamo makes one): it counts as 7 cells and is shown
    /// shortened to them (`PreparedText.shortened`).
    static let shortened: UInt8 = 1 << 7
  }

  /// The most cells a cluster's byte records.
  static let widestCluster = Int(ClusterInfo.widthMask)

  /// Prepares `text`, which may come straight from a data file: it is sanitised first.
  ///
  /// - Parameters:
  ///   - text: untrusted text.
  ///   - strictJapanese: ICU's strict Japanese line breaking: no line starts with small
  ///     kana or the prolonged sound mark.
  /// - Complexity: O(*n*) in the text's length, with one ICU pass.
  package init(_ text: String, strictJapanese: Bool = true) {
    (string, clusters) = Self.prepare(text, strictJapanese: strictJapanese)
  }

  /// The sanitised text, trailing spaces and line breaks dropped, and one byte per
  /// grapheme cluster.
  ///
  /// Text `UnicodeText` takes (the strict Japanese rules, clean scalars of the classes it
  /// handles: nearly all real text) is shaped without ICU; the rest goes to `prepareWithICU`.
  static func prepare(_ text: String, strictJapanese: Bool) -> (String, [UInt8]) {
    if strictJapanese {
      var text = text
      var clusters: [UInt8] = []
      let shaped = text.withUTF8 { bytes in
        var scratch = UnicodeText.Scratch()
        return UnicodeText.shape(bytes, into: &clusters, scratch: &scratch)
      }
      if shaped {
        // The text the shape is of: the shaper reads it as the sanitiser rewrites it (tabs,
        // carriage returns, the joiners it drops, and what it replaces with U+FFFD), so the
        // sanitiser runs on text with such a scalar.
        if UnicodeText.readsRewritten(text) {
          text = Sanitizer.sanitize(text)
        }
        while let last = text.utf8.last, last == 0x20 || last == 0x0A { text.removeLast() }
        return (text, clusters)
      }
    }
    return prepareWithICU(text, strictJapanese: strictJapanese)
  }

  /// `prepare` by the reference path: the sanitiser, one ICU pass, Swift's clusters.
  static func prepareWithICU(_ text: String, strictJapanese: Bool) -> (String, [UInt8]) {
    var string = Sanitizer.sanitize(text)
    while let last = string.last, last == " " || last == "\n" { string.removeLast() }
    guard !string.isEmpty else { return (string, []) }
    let utf16 = Array(string.utf16)
    var opportunities = [Int32](repeating: 0, count: utf16.count + 1)
    let found = Int(
      masonry_line_breaks(
        utf16, Int32(utf16.count), strictJapanese ? 1 : 0, &opportunities,
        Int32(opportunities.count)))
    var clusters: [UInt8] = []
    clusters.reserveCapacity(string.utf8.count)
    var offset = 0
    var next = 0
    for cluster in string {
      while next < found && Int(opportunities[next]) < offset { next += 1 }
      // One pass over the cluster's scalars: width, UTF-16 length, first scalar.
      var width = 0
      var utf16Count = 0
      var first: UInt32 = 0
      for scalar in cluster.unicodeScalars {
        if utf16Count == 0 { first = scalar.value }
        width += Swift.max(0, DisplayWidth.of(scalar))
        utf16Count += scalar.value > 0xFFFF ? 2 : 1
      }
      var info = UInt8(Swift.min(Self.widestCluster, width))
      if width > Self.widestCluster { info |= ClusterInfo.shortened }
      if first == 0x0A {
        info |= ClusterInfo.hardBreak
      } else if first == 0x20 && utf16Count == 1 {
        info |= ClusterInfo.space
      } else {
        if found < 0 || (next < found && Int(opportunities[next]) == offset) {
          info |= ClusterInfo.wordBreakBefore
        }
        if masonry_cannot_start_line(first) == 0 { info |= ClusterInfo.charBreakBefore }
      }
      clusters.append(info)
      offset += utf16Count
    }
    return (string, clusters)
  }

  /// The cluster bytes of `text` (sanitised, shaped as `prepare` does), without keeping
  /// the text: what measuring needs, at a byte per cluster.
  package static func shape(of text: String) -> [UInt8] {
    var clusters: [UInt8] = []
    var text = text
    let shaped = text.withUTF8 { bytes in
      var scratch = UnicodeText.Scratch()
      return UnicodeText.shape(bytes, into: &clusters, scratch: &scratch)
    }
    return shaped ? clusters : icuShape(of: text)
  }

  /// The cluster bytes of `text` by the reference path alone (the sanitiser and ICU): what
  /// the faster shapers (`ASCIIText`, `CJKText`, `UnicodeText`) are held to.
  package static func icuShape(of text: String) -> [UInt8] {
    prepareWithICU(text, strictJapanese: true).1
  }

  /// Whether there is nothing to show.
  package var isEmpty: Bool { clusters.isEmpty }

  /// The width of the text on one line (its widest line when it has line breaks).
  package var naturalWidth: Int {
    clusters.withUnsafeBufferPointer { Self.naturalWidth(of: $0) }
  }

  /// The widest line of text of `clusters`.
  package static func naturalWidth<Clusters: ClusterSequence>(of clusters: Clusters) -> Int {
    widestLine(of: clusters)
  }

  @inline(__always)
  private static func widestLine<Clusters: ClusterSequence>(of clusters: Clusters) -> Int {
    var widest = 0
    var current = 0
    for position in 0..<clusters.count {
      let info = clusters[position]
      if info & ClusterInfo.hardBreak != 0 {
        current = 0
      } else {
        current += Int(info & ClusterInfo.widthMask)
        widest = Swift.max(widest, current)
      }
    }
    return widest
  }

  /// The number of lines the text takes at `width` (0 for an empty text).
  ///
  /// - Complexity: O(*n*) in the clusters; no ICU call, no string is built.
  package func lineCount(width: Int, mode: WrapMode) -> Int {
    clusters.withUnsafeBufferPointer { Self.lineCount(of: $0, width: width, mode: mode) }
  }

  // Stored shapes, specialised here: a generic call from another module would read each
  // cluster through the protocol's witness (a call per byte).

  /// The number of lines text of `clusters` (a stored shape, as `shape(of:)` makes it)
  /// takes at `width`.
  ///
  /// - Complexity: O(*n*) in the clusters; allocates nothing.
  package static func lineCount(
    of clusters: UnsafeBufferPointer<UInt8>, width: Int, mode: WrapMode
  ) -> Int {
    var count = 0
    LineFilling.forEachLine(of: ShapeText(clusters, mode: mode), width: width) { _, _ in
      count += 1
    }
    return count
  }

  /// `naturalWidth(of:)` for a stored shape.
  package static func naturalWidth(of clusters: UnsafeBufferPointer<UInt8>) -> Int {
    widestLine(of: clusters)
  }
}
