import LayoutEngine
import TerminalScreen
import TerminalText

/// What shows when the terminal cannot hold one column of cards: the size needed and the
/// size there is, in the middle of the area.
package struct TooSmallMessage: Widget {
  package var need: Size

  package init(need: Size) {
    self.need = need
  }

  package func draw(in area: Rect, clip: Rect, into screen: inout Screen) {
    guard let shown = area.intersection(clip) else { return }
    screen.fill(shown)
    let text =
      "Terminal too small: need \(need.width)×\(need.height), have \(area.width)×\(area.height)."
    let lines = PreparedText(text).lines(width: Swift.max(1, area.width), mode: .word)
    let top = area.minY + Swift.max(0, (area.height - lines.count) / 2)
    for (row, line) in lines.enumerated() where top + row < area.maxY {
      let x = area.minX + Swift.max(0, (area.width - DisplayWidth.of(line)) / 2)
      screen.write(line, at: Point(x: x, y: top + row), style: Theme.overlay, clip: shown)
    }
  }
}
