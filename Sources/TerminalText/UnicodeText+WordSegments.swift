extension UnicodeText {
  /// Appends the word segments of text `bytes` (UTF-8, untrusted) to `units`, and the
  /// clusters of those wider than `longWords.longerThan` to `longWords`: what
  /// `WordSegments.append(_:to:longWords:)` appends from the text's shape (`shape`), made
  /// from the bytes in one pass with the shape left in `scratch` (`withClusters`) rather
  /// than copied out and read again. The segments are closed at the breaks as the rules
  /// find them, so no list of breaks is kept and no cluster is looked at twice but to sum
  /// its segment's cells.
  ///
  /// Returns whether every segment fits a unit (`false`: `units` and `longWords` hold part
  /// of them, as `WordSegments.append` leaves them) and how many clusters the shape has;
  /// `nil`, having appended nothing, for text this pass leaves to `shape`: empty, with a
  /// cluster of more than one scalar (marks, jamo), or refused by `shape` itself.
  ///
  /// - Complexity: O(*n*) in the bytes; allocates nothing but the units' and long words'
  ///   growth once the scratch has grown.
  package static func appendWordSegments(
    _ bytes: UnsafeBufferPointer<UInt8>, to units: inout [UInt16], longWords: inout LongWords,
    scratch: inout Scratch
  ) -> (fits: Bool, clusters: Int)? {
    guard hasASCIITables, let base = bytes.baseAddress else { return nil }
    let end = trimmedEnd(base, count: bytes.count)
    guard end > 0 else { return nil }
    scratch.reserve(forBytes: end)
    let table = ScalarTable.reader
    return scratch.withBuffers { buffers -> (fits: Bool, clusters: Int)? in
      guard
        case .read(let read) = readSimpleScalars(base, end: end, table: table, buffers: buffers)
      else { return nil }
      typealias Info = PreparedText.ClusterInfo
      let shape = buffers.shape
      // The breaks, listed first: a closure that closed the segments itself would capture
      // them, and the units and long words, in a context allocated at each text.
      let positions = buffers.positions
      var found = 0
      LineBreakRules.forEachBreak(
        UnsafeBufferPointer(start: buffers.classes, count: read.scalars)
      ) { position in
        positions[found] = Int32(truncatingIfNeeded: position)
        found &+= 1
      }
      if read.hasLineFeed {
        let fits = foldParagraphs(
          shape, count: read.count, breaks: UnsafeBufferPointer(start: positions, count: found),
          to: &units, longWords: &longWords)
        return (fits, read.count)
      }
      // Without line feeds a break never comes before a space (LB7) nor at the start, so
      // each one ends a segment, as `WordSegments.append` ends one at a word break. The
      // shape gets its break too (a long word's clusters and a count from the clusters
      // read it), also once a segment did not fit.
      var fits = true
      var segmentStart = 0
      for next in 0..<found {
        let position = Int(positions[next])
        guard shape[position] & Info.space == 0 else { continue }
        shape[position] |= Info.wordBreakBefore
        if fits {
          fits = closeSegment(shape, segmentStart, position, to: &units, longWords: &longWords)
        }
        segmentStart = position
      }
      if fits {
        fits = closeSegment(shape, segmentStart, read.count, to: &units, longWords: &longWords)
      }
      return (fits, read.count)
    }
  }

  /// The segment of clusters `start..<end` of `shape` appended to `units`: its cells
  /// through its last non-space, and its trailing spaces (and its clusters to `longWords`
  /// when it is a long word); false, appending nothing, when it does not fit a unit.
  @inline(__always)
  private static func closeSegment(
    _ shape: UnsafeMutablePointer<UInt8>, _ start: Int, _ end: Int, to units: inout [UInt16],
    longWords: inout LongWords
  ) -> Bool {
    typealias Info = PreparedText.ClusterInfo
    var total = 0
    var visible = 0
    for index in start..<end {
      let info = shape[index]
      total &+= Int(info & Info.widthMask)
      visible = info & Info.space == 0 ? total : visible
    }
    let spaces = total &- visible
    guard visible <= WordSegments.widestVisible, spaces <= WordSegments.mostSpaces else {
      return false
    }
    if visible > longWords.longerThan {
      longWords.append(UnsafeBufferPointer(start: shape + start, count: end &- start))
    }
    units.append(UInt16(truncatingIfNeeded: visible) | UInt16(truncatingIfNeeded: spaces) << 11)
    return true
  }

  /// `appendWordSegments`' folding of the `count` clusters of `shape`, with the breaks
  /// `breaks` (ascending), for text with line feeds: a line feed ends its segment (when one
  /// is open: a segment has clusters) and is a hard break, as `WordSegments.append` makes
  /// them; the segment after it starts after it, where the break after it (LB5) ends
  /// nothing. Neither a line feed nor a space gets a break (a space after a line feed is
  /// the one place a break comes before a space). Returns whether every segment fits.
  ///
  /// - Complexity: O(`count`).
  @inline(never)
  private static func foldParagraphs(
    _ shape: UnsafeMutablePointer<UInt8>, count: Int, breaks: UnsafeBufferPointer<Int32>,
    to units: inout [UInt16], longWords: inout LongWords
  ) -> Bool {
    typealias Info = PreparedText.ClusterInfo
    var fits = true
    var segmentStart = 0
    var next = 0
    var index = 0
    while index <= count {
      let isEnd = index == count
      if !isEnd && shape[index] & Info.hardBreak == 0 {
        index &+= 1
        continue
      }
      // The breaks before this line feed (or the end), then the segment it ends.
      while next < breaks.count && Int(breaks[next]) < index {
        let position = Int(breaks[next])
        next &+= 1
        guard shape[position] & (Info.space | Info.hardBreak) == 0 else { continue }
        shape[position] |= Info.wordBreakBefore
        if fits && position > segmentStart {
          fits = closeSegment(shape, segmentStart, position, to: &units, longWords: &longWords)
        }
        segmentStart = position
      }
      if fits && index > segmentStart {
        fits = closeSegment(shape, segmentStart, index, to: &units, longWords: &longWords)
      }
      if isEnd { break }
      if fits { units.append(WordSegments.hardBreak) }
      index &+= 1
      segmentStart = index
    }
    return fits
  }
}

extension UnicodeText.Scratch {
  /// The `count` clusters the last `UnicodeText.appendWordSegments` with this scratch made:
  /// valid while the scratch lives and until it is used again. (A pointer, not a call with a
  /// closure: a closure that reads the caller's state beside the scratch makes the caller
  /// copy that state, arrays and all, at each call.)
  package func lastClusters(count: Int) -> UnsafeBufferPointer<UInt8> {
    withBuffers { UnsafeBufferPointer(start: UnsafePointer($0.shape), count: count) }
  }
}
