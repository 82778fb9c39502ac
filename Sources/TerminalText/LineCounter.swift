/// The one way to count a text's lines. It chooses the route from what the caller knows
/// of the text (`TextKind`) and the wrap mode:
///
/// | kind | word mode | character mode |
/// |---|---|---|
/// | simple ASCII | printable ASCII's | its shape, worked out as it is read (`ASCIIText`) |
/// | printable ASCII | from its bytes, unchecked | from its shape |
/// | plain CJK | other text's (every scalar has a stand-in) | its shape, as read (`CJKText`) |
/// | other | from its bytes, each other scalar read as its stand-in; else its shape | from its shape |
///
/// In word mode every text counted from its bytes takes one route, a cell a byte
/// (`UnicodeText.asciiWordLineCounts`); in character mode simple ASCII and plain CJK are
/// filled from their shape worked out as it is read. Every route fills its lines the one
/// way (`LineFilling`), a stored shape a cluster at a time, one-cell text an overflow at
/// a time. A text "from its shape" is one whose caller shapes it once
/// (`UnicodeText.shape`, ICU for what that refuses) and keeps the shape, or its words
/// (`WordSegments`), to count it at each width: `counts` returns false for it. Callers
/// keep only caches (tables by width, a chunk's shapes); none chooses a route.
package enum LineCounter {
  /// The lines `text` (UTF-8, untrusted, of kind `kind`) takes at each of `widths` in
  /// `mode`, written to `counts`; false (`counts` unspecified) when the text is counted
  /// only from its shape.
  ///
  /// - Complexity: O(*n*) to read the text, then per width O(lines) and a short run of
  ///   the rules a line in word mode, O(*n*) in character mode.
  @inline(__always)
  package static func counts(
    of text: UnsafeBufferPointer<UInt8>, kind: TextKind, widths: UnsafeBufferPointer<Int>,
    mode: WrapMode, into counts: UnsafeMutableBufferPointer<Int>,
    scratch: inout UnicodeText.Scratch
  ) -> Bool {
    switch mode {
    case .word:
      switch kind {
      case .simpleASCII, .printableASCII:
        return UnicodeText.asciiWordLineCounts(
          text, knownPrintable: true, widths: widths, into: counts, scratch: &scratch)
      case .cjk, .other:
        return UnicodeText.asciiWordLineCounts(
          text, widths: widths, into: counts, scratch: &scratch)
      }
    case .char:
      // Simple ASCII and plain CJK: their shape, worked out as it is read, written once
      // and filled at each width.
      scratch.reserve(text.count)
      return scratch.withBuffers { buffers in
        let shape = buffers.shape
        var clusterCount = 0
        switch kind {
        case .simpleASCII:
          let clusters = ASCIIText.Clusters(text)
          clusterCount = clusters.count
          for position in 0..<clusterCount { shape[position] = clusters[position] }
        case .cjk:
          let clusters = CJKText.Clusters(text)
          clusterCount = clusters.count
          for position in 0..<clusterCount { shape[position] = clusters[position] }
        case .printableASCII, .other:
          return false
        }
        let stored = UnsafeBufferPointer(start: shape, count: clusterCount)
        for slot in widths.indices {
          counts[slot] = PreparedText.lineCount(of: stored, width: widths[slot], mode: .char)
        }
        return true
      }
    }
  }

  /// `counts(of:kind:widths:mode:into:scratch:)` at one width: `nil` when the text is
  /// counted only from its shape.
  package static func count(
    of text: UnsafeBufferPointer<UInt8>, kind: TextKind, width: Int, mode: WrapMode,
    scratch: inout UnicodeText.Scratch
  ) -> Int? {
    var count = 0
    var width = width
    let counted = withUnsafeMutablePointer(to: &count) { count in
      withUnsafePointer(to: &width) { width in
        counts(
          of: text, kind: kind, widths: UnsafeBufferPointer(start: width, count: 1), mode: mode,
          into: UnsafeMutableBufferPointer(start: count, count: 1), scratch: &scratch)
      }
    }
    return counted ? count : nil
  }

  /// Whether `counts` counts `text` of kind `kind` from its bytes in `mode` (the texts a
  /// cache keeps no shape of). Plain CJK is, in word mode: every scalar `CJKText` takes
  /// has a stand-in (a test checks each).
  ///
  /// - Complexity: O(1), O(*n*) for other text in word mode.
  package static func isCountedFromBytes(
    _ text: UnsafeBufferPointer<UInt8>, kind: TextKind, mode: WrapMode
  ) -> Bool {
    switch (kind, mode) {
    case (.simpleASCII, _), (.cjk, _), (.printableASCII, .word): return true
    case (.printableASCII, .char), (.other, .char): return false
    case (.other, .word): return UnicodeText.isCountedFromBytes(text)
    }
  }
}
