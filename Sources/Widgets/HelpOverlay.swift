import LayoutEngine
import TerminalScreen
import TerminalText

/// Every key, in a box over the middle of the screen.
package enum HelpOverlay {
  package static let keys: [(key: String, action: String)] = [
    ("↑ ↓  j k", "scroll one row"),
    ("PgUp PgDn  b space", "scroll a page"),
    ("Ctrl-U Ctrl-D", "scroll half a page"),
    ("g G  Home End", "go to the top / the end"),
    ("← →  h l", "select the card to the left / right"),
    ("Shift-↑ ↓  K J", "select the card above / below"),
    ("Enter, double click", "open the selected card"),
    ("Esc  q", "close the card, the search or the help"),
    ("/", "search captions, comments and tags"),
    ("n N", "next / previous match"),
    ("t", "focus the tags: ← → walk, Enter filters, Esc clears"),
    ("1 2 3 4 5", "masonry, grid, tiles, zigzag, tags"),
    ("+ -  0", "more / fewer columns, adaptive columns"),
    ("p", "placement: shortest first, left to right, right to left"),
    ("r", "reload the source"),
    ("?", "this help"),
    ("q", "quit"),
  ]

  package static func draw(in area: Rect, into screen: inout Screen) {
    let keyWidth = keys.map { DisplayWidth.of($0.key) }.max() ?? 0
    let lines =
      ["Keys", ""] + keys.map { TextFitting.padded($0.key, toWidth: keyWidth) + "  " + $0.action }
    let width = Swift.min(area.width, (lines.map { DisplayWidth.of($0) }.max() ?? 0) + 4)
    let height = Swift.min(area.height, lines.count + 2)
    let box = Rect(
      x: area.minX + (area.width - width) / 2, y: area.minY + (area.height - height) / 2,
      width: width, height: height)
    screen.fill(box)
    BoxDrawing.rounded.draw(box, style: Theme.selectedBorder, into: &screen, clip: box)
    let inside = Rect(
      x: box.minX + 2, y: box.minY + 1, width: Swift.max(0, width - 4),
      height: Swift.max(0, height - 2))
    for (row, line) in lines.enumerated() {
      screen.write(
        TextFitting.truncated(line, toWidth: inside.width),
        at: Point(x: inside.minX, y: inside.minY + row),
        style: row == 0 ? Theme.overlay : .plain, clip: inside)
    }
  }
}
