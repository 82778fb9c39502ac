@testable import TerminalText

/// Greedy line filling written the plainest way, a cluster at a time over a stored shape:
/// the oracle the one filler (`LineFilling`) is checked against, since every route of the
/// sources now shares that filler and a comparison between routes could no longer catch a
/// mistake in it.
enum ReferenceFilling {
  typealias Info = PreparedText.ClusterInfo

  /// The cluster range of each line of `clusters` at `width` in `mode`, trailing spaces
  /// left out: each line ends at the last break opportunity that fits, a word wider than
  /// the line is split (not before a cluster that must not start a line when that can be
  /// helped), a cluster wider than the line gets a line of its own.
  static func lines(of clusters: [UInt8], width: Int, mode: WrapMode) -> [Range<Int>] {
    let width = max(1, width)
    let breakFlag = mode == .word ? Info.wordBreakBefore : Info.charBreakBefore
    var lines: [Range<Int>] = []
    var lineStart = 0
    var lineWidth = 0
    var visibleEnd = 0
    var lastBreak = -1
    var visibleEndAtBreak = 0
    var index = 0
    func isSpace(_ position: Int) -> Bool { clusters[position] & Info.space != 0 }
    func restart(at start: Int, upTo end: Int) {
      lineStart = start
      lineWidth = 0
      visibleEnd = start
      lastBreak = -1
      for position in start..<end {
        lineWidth += Int(clusters[position] & Info.widthMask)
        if !isSpace(position) { visibleEnd = position + 1 }
      }
    }
    while index < clusters.count {
      let info = clusters[index]
      if info & Info.hardBreak != 0 {
        lines.append(lineStart..<max(lineStart, visibleEnd))
        index += 1
        restart(at: index, upTo: index)
        continue
      }
      let clusterWidth = Int(info & Info.widthMask)
      if isSpace(index) {
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
          lines.append(lineStart..<visibleEndAtBreak)
          restart(at: lastBreak, upTo: index)
          continue
        }
        if index > lineStart {
          var split = index
          func mayStart(_ position: Int) -> Bool { clusters[position] & Info.charBreakBefore != 0 }
          while split - 1 > lineStart && !mayStart(split) && !isSpace(split - 1) { split -= 1 }
          if !mayStart(split) { split = index }
          var end = split
          while end > lineStart && isSpace(end - 1) { end -= 1 }
          lines.append(lineStart..<end)
          restart(at: split, upTo: index)
          continue
        }
        lines.append(index..<index + 1)
        index += 1
        restart(at: index, upTo: index)
        continue
      }
      lineWidth += clusterWidth
      visibleEnd = index + 1
      index += 1
    }
    if lineStart < clusters.count { lines.append(lineStart..<max(lineStart, visibleEnd)) }
    return lines
  }
}
