/// Cluster bytes (width and break flags, see `PreparedText.ClusterInfo`) by position:
/// stored ones, or ones worked out on the fly (`ASCIIText`).
package protocol ClusterSequence {
  var count: Int { get }
  subscript(position: Int) -> UInt8 { get }
}

extension UnsafeBufferPointer<UInt8>: ClusterSequence {}

extension PreparedText {
  /// The cluster ranges of the lines at `width`, trailing spaces left out, filled as
  /// `LineFilling` fills every text.
  func lineRanges(width: Int, mode: WrapMode) -> [Range<Int>] {
    var lines: [Range<Int>] = []
    clusters.withUnsafeBufferPointer { clusters in
      _ = LineFilling.forEachLine(of: ShapeText(clusters, mode: mode), width: width) {
        range, _ in lines.append(range)
      }
    }
    return lines
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
    let lastStart = LineFilling.forEachLine(of: ShapeText(clusters, mode: .word), width: width) {
      _, _ in lines += 1
    }
    var lastWidth = 0
    for position in lastStart..<clusters.count {
      lastWidth += Int(clusters[position] & ClusterInfo.widthMask)
    }
    return (lines, lastWidth, lastStart < clusters.count)
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
