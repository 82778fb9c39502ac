/// Cluster bytes (width and break flags, see `PreparedText.ClusterInfo`) by position:
/// stored ones, or ones worked out on the fly (`ASCIIText`).
package protocol ClusterSequence {
  var count: Int { get }
  subscript(position: Int) -> UInt8 { get }
}

extension UnsafeBufferPointer<UInt8>: ClusterSequence {}

extension PreparedText {
  /// The cluster ranges of the lines at `width`, trailing spaces left out, greedily filled:
  /// each line ends at the last break opportunity that fits. A word wider than the line is
  /// split between clusters, never so that a line starts with a cluster that must not
  /// start one when that can be helped; a cluster wider than the line gets a line of its
  /// own.
  func lineRanges(width: Int, mode: WrapMode) -> [Range<Int>] {
    var lines: [Range<Int>] = []
    clusters.withUnsafeBufferPointer { clusters in
      Self.forEachLine(of: clusters, width: width, mode: mode) { lines.append($0) }
    }
    return lines
  }

  /// Calls `body` with the cluster range of each line, in order (the wrapping itself:
  /// `lineRanges` collects the lines, `lineCount` only counts them).
  @inline(__always)
  static func forEachLine<Clusters: ClusterSequence>(
    of clusters: Clusters, width: Int, mode: WrapMode, _ body: (Range<Int>) -> Void,
    finish: (_ lineStart: Int, _ lineWidth: Int) -> Void = { _, _ in }
  ) {
    let width = Swift.max(1, width)
    let breakFlag = mode == .word ? ClusterInfo.wordBreakBefore : ClusterInfo.charBreakBefore
    var lineStart = 0
    var lineWidth = 0  // clusters lineStart..<index, spaces included
    var visibleEnd = 0  // just after the line's last non-space cluster
    var lastBreak = -1
    var visibleEndAtBreak = 0
    var index = 0

    func restart(at start: Int, upTo end: Int) {
      lineStart = start
      lineWidth = 0
      visibleEnd = start
      lastBreak = -1
      for position in start..<end {
        lineWidth += Int(clusters[position] & ClusterInfo.widthMask)
        if clusters[position] & ClusterInfo.space == 0 { visibleEnd = position + 1 }
      }
    }

    let clusterCount = clusters.count
    while index < clusterCount {
      let info = clusters[index]
      if info & ClusterInfo.hardBreak != 0 {
        body(lineStart..<Swift.max(lineStart, visibleEnd))
        index += 1
        restart(at: index, upTo: index)
        continue
      }
      let clusterWidth = Int(info & ClusterInfo.widthMask)
      if info & ClusterInfo.space != 0 {
        // Spaces hang at the end of a line: they never make it overflow.
        lineWidth += clusterWidth
        index += 1
        continue
      }
      if index > lineStart && info & breakFlag != 0 {
        lastBreak = index
        visibleEndAtBreak = visibleEnd
      }
      if lineWidth + clusterWidth > width {
        if lastBreak > lineStart {
          body(lineStart..<visibleEndAtBreak)
          restart(at: lastBreak, upTo: index)
          continue
        }
        if index > lineStart {
          let split = splitPoint(
            after: lineStart, overflow: index,
            mayStartLine: { clusters[$0] & ClusterInfo.charBreakBefore != 0 },
            isSpace: { clusters[$0] & ClusterInfo.space != 0 })
          var end = split
          while end > lineStart && clusters[end - 1] & ClusterInfo.space != 0 { end -= 1 }
          body(lineStart..<end)
          restart(at: split, upTo: index)
          continue
        }
        // A single cluster wider than the whole line.
        body(index..<index + 1)
        index += 1
        restart(at: index, upTo: index)
        continue
      }
      lineWidth += clusterWidth
      visibleEnd = index + 1
      index += 1
    }
    finish(lineStart, lineWidth)
    if lineStart < clusterCount || (clusterCount > 0 && visibleEnd > lineStart) {
      body(lineStart..<Swift.max(lineStart, visibleEnd))
    }
  }

  /// Where a line from `lineStart` with no break opportunity is split when the cluster at
  /// `overflow` does not fit: there, backing off over clusters that must not start a line
  /// (a run like 「ャー！」) while the line keeps at least one and no space is passed.
  ///
  /// - Complexity: O(clusters backed off over).
  @inline(__always)
  static func splitPoint(
    after lineStart: Int, overflow: Int, mayStartLine: (Int) -> Bool, isSpace: (Int) -> Bool
  ) -> Int {
    var split = overflow
    while split - 1 > lineStart && !mayStartLine(split) && !isSpace(split - 1) { split -= 1 }
    return mayStartLine(split) ? split : overflow
  }

  /// How one word (a `WordSegments` segment: clusters from a break opportunity to the
  /// next, trailing spaces included) wider than the line wraps when it starts a line in
  /// word mode: the lines it takes, the cells its last one holds (spaces included), and
  /// whether that line is open (false when it ended with a cluster wider than the line
  /// on a line of its own, so that what follows starts a line). What `WordSegments`
  /// needs to go on counting past it without the text's other clusters.
  ///
  /// - Complexity: O(*n*) in the word's clusters.
  package static func wrapWord(_ clusters: UnsafeBufferPointer<UInt8>, width: Int) -> (
    lines: Int, lastWidth: Int, open: Bool
  ) {
    var lines = 0
    var last = (start: 0, width: 0)
    forEachLine(of: clusters, width: width, mode: .word, { _ in lines += 1 }) {
      last = ($0, $1)
    }
    return (lines, last.width, last.start < clusters.count)
  }

  /// The lines of the text at `width`, each at most `width` cells wide; with `maxLines`,
  /// at most that many, the last ending in an ellipsis when text was cut.
  ///
  /// - Complexity: O(*n*) in the clusters; no ICU call.
  package func lines(width: Int, mode: WrapMode, maxLines: Int? = nil) -> [String] {
    let width = Swift.max(1, width)
    var ranges = lineRanges(width: width, mode: mode)
    var truncated = false
    if let maxLines, ranges.count > maxLines {
      ranges.removeLast(ranges.count - Swift.max(0, maxLines))
      truncated = true
    }
    guard !ranges.isEmpty else { return [] }
    let characters = Array(string)
    var result: [String] = []
    result.reserveCapacity(ranges.count)
    for (number, range) in ranges.enumerated() {
      var end = range.upperBound
      var lineWidth = 0
      for position in range { lineWidth += Int(clusters[position] & ClusterInfo.widthMask) }
      let isLast = number == ranges.count - 1
      if truncated && isLast {
        // Make room for the ellipsis, one cell under the width rule.
        while end > range.lowerBound
          && (lineWidth + Self.ellipsisWidth > width
            || clusters[end - 1] & ClusterInfo.space != 0)
        {
          end -= 1
          lineWidth -= Int(clusters[end] & ClusterInfo.widthMask)
        }
      }
      var line = String()
      if lineWidth > width {
        // One cluster wider than the line (a wide character in a one-cell column).
        line = String(repeating: Self.ellipsis, count: width)
      } else {
        for position in range.lowerBound..<end {
          if clusters[position] & ClusterInfo.shortened != 0 {
            line += Self.shortened(characters[position])
          } else {
            line.append(characters[position])
          }
        }
      }
      if truncated && isLast { line.append(Self.ellipsis) }
      result.append(line)
    }
    return result
  }

  static let ellipsis: Character = "…"
  static let ellipsisWidth = 1
  /// A cluster wider than `widestCluster` cells shown in exactly that many: the scalars
  /// that fit before an ellipsis, the ellipsis, then spaces to make up the width, so that
  /// the line is as wide as its cluster bytes say.
  static func shortened(_ cluster: Character) -> String {
    var kept = String.UnicodeScalarView()
    var width = 0
    for scalar in cluster.unicodeScalars {
      let scalarWidth = Swift.max(0, DisplayWidth.of(scalar))
      if width + scalarWidth > widestCluster - ellipsisWidth { break }
      kept.append(scalar)
      width += scalarWidth
    }
    let padding = widestCluster - ellipsisWidth - width
    return String(kept) + String(ellipsis) + String(repeating: " ", count: padding)
  }
}
