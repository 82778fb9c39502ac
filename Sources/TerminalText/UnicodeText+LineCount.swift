#if canImport(Glibc)
  import Glibc
#endif

extension UnicodeText {
  /// The lines text `bytes` (UTF-8, untrusted) takes at each of `widths` in word mode,
  /// written to `counts`: exactly `PreparedText.lineCount(of:width:mode:)` of the text's
  /// shape, without finding every break opportunity. Returns false (`counts` unspecified)
  /// when the text needs the sanitiser or ICU (invalid UTF-8, a scalar of class
  /// `unsupported`).
  ///
  /// The lines are filled as `PreparedText.forEachLine` fills them, with one change: where
  /// that loop notes every break opportunity on its way, this one asks only when a line
  /// overflows, for the last break before the overflow, and runs the rules over the few
  /// scalars before it, from the nearest one where a step of the rules always starts
  /// (`LineBreakRules.startsStep`). Printable ASCII (most text) is a cell a byte, so a
  /// line's overflow is found by arithmetic, as `ASCIIText.lineCount` finds it; other text
  /// is read into its clusters first. A text that fits on a line costs no rule at all.
  ///
  /// - Complexity: O(*n*) to read the text (eight bytes at a time for ASCII), then per
  ///   width O(lines) for ASCII, O(clusters) for other text, and a short run of the rules
  ///   per line.
  package static func wordLineCounts(
    _ bytes: UnsafeBufferPointer<UInt8>, widths: UnsafeBufferPointer<Int>,
    into counts: UnsafeMutableBufferPointer<Int>, scratch: inout Scratch
  ) -> Bool {
    if asciiWordLineCounts(bytes, widths: widths, into: counts, scratch: &scratch) {
      return true
    }
    // Never the case (no ASCII scalar joins another): the tables below read it.
    guard hasASCIITables, let base = bytes.baseAddress else { return false }
    let end = trimmedEnd(base, count: bytes.count)
    guard end > 0 else {
      // Nothing but joiners, spaces and line feeds: no line.
      for slot in counts.indices { counts[slot] = 0 }
      return true
    }
    let text = UnsafeBufferPointer(start: base, count: end)
    scratch.reserve(forBytes: end)
    guard let clusters = readScalars(text, scratch: &scratch) else { return false }
    return scratch.withBuffers { buffers in
      for (slot, width) in widths.enumerated() {
        if !clusters.hasLineFeed && clusters.totalWidth <= Swift.max(1, width) {
          counts[slot] = 1
        } else if clusters.oneCellEach {
          // Alphabetic scripts: a cell a cluster, as ASCII is.
          let shape = buffers.shape
          counts[slot] = countOneCellLines(
            UnsafeBufferPointer(start: buffers.classes, count: clusters.scalars),
            width: Swift.max(1, width), buffers: buffers,
            isSpace: { shape[$0] & PreparedText.ClusterInfo.space != 0 },
            mayStartLine: { shape[$0] & PreparedText.ClusterInfo.charBreakBefore != 0 })
        } else {
          counts[slot] = countLines(clusters, width: Swift.max(1, width), buffers: buffers)
        }
      }
      return true
    }
  }

  /// `wordLineCounts` at one width: the lines `bytes` takes at `width` in word mode, or
  /// `nil` when the text needs the sanitiser or ICU.
  package static func wordLineCount(
    _ bytes: UnsafeBufferPointer<UInt8>, width: Int, scratch: inout Scratch
  ) -> Int? {
    var count = 0
    var width = width
    let taken = withUnsafeMutablePointer(to: &count) { count in
      withUnsafePointer(to: &width) { width in
        wordLineCounts(
          bytes, widths: UnsafeBufferPointer(start: width, count: 1),
          into: UnsafeMutableBufferPointer(start: count, count: 1), scratch: &scratch)
      }
    }
    return taken ? count : nil
  }

  /// The widest line of `bytes` (UTF-8, untrusted), as `PreparedText.naturalWidth` measures
  /// its shape, or `nil` when the text needs the sanitiser or ICU (those `wordLineCounts`
  /// refuses).
  ///
  /// - Complexity: O(*n*).
  package static func naturalWidth(_ bytes: UnsafeBufferPointer<UInt8>, scratch: inout Scratch)
    -> Int?
  {
    guard let base = bytes.baseAddress else { return 0 }
    let end = trimmedEnd(base, count: bytes.count)
    guard end > 0 else { return 0 }
    let text = UnsafeBufferPointer(start: base, count: end)
    if isPrintableASCII(text) { return end }
    scratch.reserve(forBytes: end)
    guard let clusters = readScalars(text, scratch: &scratch) else { return nil }
    return scratch.withBuffers {
      PreparedText.naturalWidth(of: UnsafeBufferPointer(start: $0.shape, count: clusters.count))
    }
  }

  /// Whether `bytes` is printable ASCII and line feeds (or nothing), or would be with its
  /// other scalars replaced by their stand-ins (`writeStandIns`): the text
  /// `wordLineCounts` counts in a few steps a line, however often, where other text is
  /// read scalar by scalar at each count (and is better kept folded into its words,
  /// `WordSegments`, when it is counted again and again).
  ///
  /// - Complexity: O(*n*), eight bytes a step but at line feeds and other scalars.
  package static func isCountedFromBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard bytes.baseAddress != nil else { return true }
    guard hasNonASCII(bytes, from: 0) else { return hasNoControlButLineFeed(bytes, from: 0) }
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { standIns in
      guard let written = writeStandIns(bytes, from: 0, into: standIns.baseAddress!) else {
        return false
      }
      return hasNoControlButLineFeed(
        UnsafeBufferPointer(start: standIns.baseAddress, count: written), from: 0)
    }
  }
}
