import LayoutEngine
import TerminalScreen
import TerminalText

/// One line of text with the matches of a search drawn in the match style.
package enum HighlightedText {
  /// Writes `line` at `point` in `style`, its clusters that match `highlight` (folded
  /// search text) in `Theme.match` over `style`, clipped to `clip`.
  package static func write(
    _ line: String, at point: Point, style: CellStyle, highlight: [Character], clip: Rect,
    into screen: inout Screen
  ) {
    let matches = SearchFolding.matchedClusters(in: line, needle: highlight)
    guard !matches.isEmpty else {
      screen.write(line, at: point, style: style, clip: clip)
      return
    }
    var matchStyle = Theme.match
    matchStyle.bold = style.bold
    var x = point.x
    var segment = ""
    var segmentIsMatch = false
    var next = matches.makeIterator()
    var match = next.next()
    for (index, cluster) in line.enumerated() {
      while let current = match, index >= current.upperBound { match = next.next() }
      let isMatch = match.map { $0.contains(index) } ?? false
      if isMatch != segmentIsMatch && !segment.isEmpty {
        x = screen.write(
          segment, at: Point(x: x, y: point.y), style: segmentIsMatch ? matchStyle : style,
          clip: clip)
        segment = ""
      }
      segmentIsMatch = isMatch
      segment.append(cluster)
    }
    screen.write(
      segment, at: Point(x: x, y: point.y), style: segmentIsMatch ? matchStyle : style, clip: clip)
  }
}
