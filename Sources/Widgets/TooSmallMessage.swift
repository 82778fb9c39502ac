import LayoutEngine
import TerminalScreen
import TerminalText

/// What shows when the terminal cannot hold one column of cards.
package enum TooSmallMessage {
  package static func draw(need: Size, into screen: inout Screen) {
    screen.fill(screen.bounds)
    let text =
      "Terminal too small: need \(need.width)×\(need.height), have \(screen.width)×\(screen.height)."
    let lines = PreparedText(text).lines(width: Swift.max(1, screen.width), mode: .word)
    let top = Swift.max(0, (screen.height - lines.count) / 2)
    for (row, line) in lines.enumerated() where top + row < screen.height {
      let x = Swift.max(0, (screen.width - DisplayWidth.of(line)) / 2)
      screen.write(line, at: Point(x: x, y: top + row), style: Theme.overlay)
    }
  }
}
