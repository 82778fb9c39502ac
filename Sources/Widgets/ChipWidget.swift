import LayoutEngine
import TerminalScreen
import TerminalText

/// A tag or a card shown as a chip: `[text]`, highlighted when active or focused.
package struct ChipWidget: Widget {
  package var text: String
  package var style: CellStyle

  package init(text: String, style: CellStyle = Theme.chip) {
    self.text = text
    self.style = style
  }

  /// The chip's width for `text`: the text and a bracket each side.
  package static func width(of text: String) -> Int {
    DisplayWidth.of(text) + 2
  }

  package func draw(in frame: Rect, clip: Rect, into screen: inout Screen) {
    guard let visible = frame.intersection(clip) else { return }
    let inner = Swift.max(0, frame.width - 2)
    let label = String(TextFitting.truncated(text, toWidth: inner))
    screen.write("[" + label + "]", at: frame.origin, style: style, clip: visible)
  }
}
