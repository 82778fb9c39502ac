import LayoutEngine
import TerminalScreen

/// The margin beside a viewport narrower than the terminal: shaded, so it reads as
/// outside.
package struct ViewportMargin: Widget {
  package init() {}

  package func draw(in area: Rect, clip: Rect, into screen: inout Screen) {
    guard let shown = area.intersection(clip) else { return }
    screen.fill(shown, with: "╱", style: Theme.margin)
  }
}
