import Cards
import LayoutEngine
import TerminalScreen
import TerminalText

/// The keys, in a box over the middle of the screen. When they do not fit, the box
/// scrolls: its top border says when lines are hidden above, its bottom border when more
/// is below.
package struct HelpOverlay: Widget {
  /// A line of the help: a heading or a key and what it does.
  package struct Line: Hashable, Sendable {
    package var text: String
    package var isHeading: Bool

    package init(text: String, isHeading: Bool) {
      self.text = text
      self.isHeading = isHeading
    }
  }

  package var lines: [Line]
  /// How far the help is scrolled down (clamped when drawn).
  package var scroll: Int

  package init(lines: [Line], scroll: Int = 0) {
    self.lines = lines
    self.scroll = scroll
  }

  /// The box the help takes in `area`: as wide and tall as its lines, at most the area.
  package func box(in area: Rect) -> Rect {
    let widest = lines.map { DisplayWidth.of($0.text) }.max() ?? 0
    let width = Swift.min(area.width, Swift.max(widest + 4, 24))
    let height = Swift.min(area.height, lines.count + 2)
    return Rect(
      x: area.minX + (area.width - width) / 2, y: area.minY + (area.height - height) / 2,
      width: width, height: height)
  }

  /// How many lines show at once in `area`.
  package func visibleLineCount(in area: Rect) -> Int {
    Swift.max(0, box(in: area).height - 2)
  }

  /// The furthest the help scrolls in `area`: its last line at the bottom of the box.
  package func maximumScroll(in area: Rect) -> Int {
    Swift.max(0, lines.count - visibleLineCount(in: area))
  }

  /// Draws the help into `area`, scrolled down by `scroll` lines (clamped).
  package func draw(in area: Rect, clip: Rect, into screen: inout Screen) {
    let box = box(in: area)
    guard box.width > 0, box.height > 0, let visible = box.intersection(clip) else { return }
    let scroll = Swift.max(0, Swift.min(scroll, maximumScroll(in: area)))
    let shown = visibleLineCount(in: area)
    screen.fill(visible)
    BoxDrawing.rounded.draw(box, style: Theme.selectedBorder, into: &screen, clip: visible)
    let content = CardStyle.contentArea(of: box)
    let inside = Rect(x: content.minX, y: content.minY, width: content.width, height: shown)
    let borderText =
      Rect(x: inside.minX, y: box.minY, width: inside.width, height: box.height)
      .intersection(visible) ?? .zero
    screen.write(
      TextFitting.truncated(scroll > 0 ? " Keys ↑ " : " Keys ", toWidth: inside.width),
      at: Point(x: inside.minX, y: box.minY), style: Theme.overlay, clip: borderText)
    if scroll + shown < lines.count, box.height > 1 {
      let more = TextFitting.truncated(" ↓ more: j, PgDn ", toWidth: inside.width)
      screen.write(
        more, at: Point(x: inside.minX, y: box.maxY - 1), style: Theme.overlay, clip: borderText)
    }
    let text = inside.intersection(visible) ?? .zero
    for (row, line) in lines.dropFirst(scroll).prefix(shown).enumerated() {
      screen.write(
        TextFitting.truncated(line.text, toWidth: inside.width),
        at: Point(x: inside.minX, y: inside.minY + row),
        style: line.isHeading ? Theme.overlay : .plain, clip: text)
    }
  }
}
