import LayoutEngine
import TerminalScreen
import TerminalText

/// One line in the middle of an area (why no card shows), cut to its width.
package struct CenteredMessage: Widget {
  package var text: String
  package var style: CellStyle

  package init(_ text: String, style: CellStyle = Theme.comment) {
    self.text = text
    self.style = style
  }

  package func draw(in area: Rect, clip: Rect, into screen: inout Screen) {
    let line = TextFitting.truncated(Sanitizer.sanitize(text), toWidth: area.width)
    let x = area.minX + Swift.max(0, (area.width - DisplayWidth.of(line)) / 2)
    screen.write(line, at: Point(x: x, y: area.minY + area.height / 2), style: style, clip: clip)
  }
}
