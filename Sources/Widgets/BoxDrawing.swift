import LayoutEngine
import TerminalScreen

/// Box outlines: rounded for cards, heavy for the selected card.
package struct BoxDrawing: Sendable {
  package var topLeft: String
  package var topRight: String
  package var bottomLeft: String
  package var bottomRight: String
  package var horizontal: String
  package var vertical: String

  package static let rounded = BoxDrawing(
    topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯", horizontal: "─", vertical: "│")
  package static let heavy = BoxDrawing(
    topLeft: "┏", topRight: "┓", bottomLeft: "┗", bottomRight: "┛", horizontal: "━", vertical: "┃")

  /// Draws the outline of `frame`, clipped to `clip`. A frame one cell wide or tall gets
  /// what fits.
  package func draw(_ frame: Rect, style: CellStyle, into screen: inout Screen, clip: Rect) {
    guard frame.width > 0 && frame.height > 0 else { return }
    let inner = Swift.max(0, frame.width - 2)
    let top =
      frame.width == 1 ? vertical : topLeft + String(repeating: horizontal, count: inner) + topRight
    let bottom =
      frame.width == 1
      ? vertical : bottomLeft + String(repeating: horizontal, count: inner) + bottomRight
    screen.write(top, at: frame.origin, style: style, clip: clip)
    if frame.height > 1 {
      screen.write(bottom, at: Point(x: frame.minX, y: frame.maxY - 1), style: style, clip: clip)
    }
    guard frame.height > 2 else { return }
    // Only the rows inside the clip: a tall card cut by the viewport costs what is shown.
    let first = Swift.max(frame.minY + 1, clip.minY)
    let last = Swift.min(frame.maxY - 1, clip.maxY)
    guard first < last else { return }
    for y in first..<last {
      screen.write(vertical, at: Point(x: frame.minX, y: y), style: style, clip: clip)
      if frame.width > 1 {
        screen.write(vertical, at: Point(x: frame.maxX - 1, y: y), style: style, clip: clip)
      }
    }
  }
}
