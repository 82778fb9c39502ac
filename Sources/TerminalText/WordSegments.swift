/// A shape (`PreparedText`'s cluster bytes) folded into its words, for counting lines in
/// word mode at any width in a step per word rather than per cluster: what a resize of a
/// million cards needs.
///
/// A segment runs from one break opportunity (or the start of a line) to the next: its
/// visible width (through its last cluster that is not a space) and its trailing spaces,
/// in one unit (`visible | spaces << 11`); a hard line break is `hardBreak`. The greedy
/// filling of `LineFilling` then reads: a line takes segments while its width
/// so far (spaces inside it included) plus the next one's visible width fits, since every
/// cluster of a segment fits exactly when its last visible one does; the next segment
/// starts a new line. Only a segment wider than a whole line needs the clusters (it is
/// split between them): `lineCount` says so and the caller counts from the clusters.
package enum WordSegments {
  /// A hard line break.
  package static let hardBreak: UInt16 = 0xFFFF
  /// The widest visible width a unit holds.
  static let widestVisible = 0x7FE
  /// The most trailing spaces a unit holds.
  static let mostSpaces = 0x1F

  /// Appends the segments of `clusters` to `units`. Returns false — `units` then holding
  /// part of them — when a segment is too wide for a unit (over 2,046 cells, or over 31
  /// trailing spaces): the text is then counted from its clusters.
  ///
  /// - Complexity: O(*n*) in the clusters.
  package static func append(
    _ clusters: UnsafeBufferPointer<UInt8>, to units: inout [UInt16]
  ) -> Bool {
    var words = LongWords(longerThan: widestVisible)
    return append(clusters, to: &units, longWords: &words)
  }

  /// `append(_:to:)`, keeping the clusters of each segment wider than
  /// `longWords.longerThan` in `longWords`, so that `lineCount(_:width:longWords:first:)`
  /// counts past it without the text's clusters.
  ///
  /// - Complexity: O(*n*) in the clusters.
  package static func append(
    _ clusters: UnsafeBufferPointer<UInt8>, to units: inout [UInt16],
    longWords: inout LongWords
  ) -> Bool {
    typealias Info = PreparedText.ClusterInfo
    var visible = 0
    var total = 0
    var open = false  // whether a segment has clusters
    var segmentStart = 0
    var lineStart = true
    @inline(__always) func close(at end: Int) -> Bool {
      guard open else { return true }
      let spaces = total - visible
      guard visible <= widestVisible, spaces <= mostSpaces else { return false }
      if visible > longWords.longerThan {
        longWords.append(UnsafeBufferPointer(rebasing: clusters[segmentStart..<end]))
      }
      units.append(UInt16(visible) | UInt16(spaces) << 11)
      visible = 0
      total = 0
      open = false
      return true
    }
    for (index, info) in clusters.enumerated() {
      if info & Info.hardBreak != 0 {
        guard close(at: index) else { return false }
        units.append(hardBreak)
        lineStart = true
        continue
      }
      let isSpace = info & Info.space != 0
      if !isSpace && !lineStart && info & Info.wordBreakBefore != 0 {
        guard close(at: index) else { return false }
      }
      if !open { segmentStart = index }
      lineStart = false
      open = true
      total += Int(info & Info.widthMask)
      if !isSpace { visible = total }
    }
    return close(at: clusters.count)
  }

  /// The lines the text of `units` takes at `width` in word mode, reading the clusters of
  /// a word wider than the line from `longWords` (the text's long words from the one
  /// `first` gives, asked only when one is needed), or `nil` when such a word is no
  /// longer than `longWords.longerThan` (count from the text's clusters then).
  ///
  /// - Complexity: O(segments), and O(clusters) of each word wider than the line;
  ///   allocates nothing.
  package static func lineCount(
    _ units: UnsafeBufferPointer<UInt16>, width: Int, longWords: LongWords, first: () -> Int
  ) -> Int? {
    var firstWord: Int?
    let longerThan = longWords.longerThan
    let width = Swift.max(1, width)
    var longSeen = 0
    // A line is counted when something starts it: a segment, or a hard break that ends an
    // empty one (a break that ends the text starts nothing after it).
    var lines = 0
    var lineOpen = false
    var lineWidth = 0
    for unit in units {
      if unit == hardBreak {
        if !lineOpen { lines += 1 }
        lineOpen = false
        lineWidth = 0
        continue
      }
      let visible = Int(unit & 0x7FF)
      let spaces = Int(unit >> 11)
      if !lineOpen {
        lines += 1
        lineOpen = true
      } else if lineWidth + visible > width {
        lines += 1
        lineWidth = 0
      }
      if visible > longerThan { longSeen += 1 }
      if lineWidth + visible > width {
        // It starts a line of its own, and is split between its clusters.
        guard visible > longerThan else { return nil }
        // The text's long words start at the one `first` gives, asked once.
        let start = firstWord ?? first()
        firstWord = start
        let word = longWords.withWord(start + longSeen - 1) {
          PreparedText.wrapWord($0, width: width)
        }
        lines += word.lines - 1
        lineWidth = word.lastWidth
        lineOpen = word.open
        continue
      }
      lineWidth += visible + spaces
    }
    return lines
  }

  /// The widest line of the text of `units`, trailing spaces inside it counted, as
  /// `PreparedText.naturalWidth(of:)` counts them.
  package static func naturalWidth(_ units: UnsafeBufferPointer<UInt16>) -> Int {
    var widest = 0
    var current = 0
    for unit in units {
      if unit == hardBreak {
        current = 0
      } else {
        current += Int(unit & 0x7FF) + Int(unit >> 11)
        widest = Swift.max(widest, current)
      }
    }
    return widest
  }
}
