import LayoutEngine
import TerminalScreen

/// Something drawn into an area of a screen (ratatui's `Widget::render(area, buffer)`):
/// the value holds everything it shows, made by whoever knows the data; drawing only
/// reads it and writes no cell outside `clip`.
package protocol Widget {
  /// Draws into `area` (screen coordinates), showing only the part inside `clip`: a card
  /// cut by the top or bottom of the card area shows its visible rows.
  func draw(in area: Rect, clip: Rect, into screen: inout Screen)
}

extension Widget {
  /// Draws into `area`, all of it.
  package func draw(in area: Rect, into screen: inout Screen) {
    draw(in: area, clip: area, into: &screen)
  }
}
