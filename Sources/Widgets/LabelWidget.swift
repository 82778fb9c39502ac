import LayoutEngine
import TerminalScreen
import TerminalText

/// A card's label (`f`): the letters still to type, over the card's top border, the typed
/// ones dimmed.
package struct LabelWidget: Widget {
  package var label: String
  /// How many of its letters are typed already.
  package var typed: Int

  package init(label: String, typed: Int = 0) {
    self.label = label
    self.typed = typed
  }

  package func draw(in frame: Rect, clip: Rect, into screen: inout Screen) {
    guard let visible = frame.intersection(clip) else { return }
    let done = String(label.prefix(typed))
    let rest = String(label.dropFirst(typed))
    var x = frame.minX
    if !done.isEmpty {
      screen.write(done, at: Point(x: x, y: frame.minY), style: Theme.labelTyped, clip: visible)
      x += done.count
    }
    screen.write(rest, at: Point(x: x, y: frame.minY), style: Theme.label, clip: visible)
  }
}
