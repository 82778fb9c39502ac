import LayoutEngine
import TerminalScreen
import TerminalText

/// A section's name across the content width: `── mammals ─────`.
package struct SectionHeaderWidget: Widget {
  package var title: String

  package init(title: String) {
    self.title = title
  }

  package func draw(in frame: Rect, clip: Rect, into screen: inout Screen) {
    guard frame.width > 0 else { return }
    // Section names come from data: sanitised like captions (no control, no joiner on
    // which terminals disagree about widths).
    let label = TextFitting.truncated(
      Sanitizer.sanitize(title), toWidth: Swift.max(0, frame.width - 4))
    let prefix = TextFitting.truncated("── " + label + " ", toWidth: frame.width)
    let text =
      prefix + String(repeating: "─", count: Swift.max(0, frame.width - DisplayWidth.of(prefix)))
    screen.write(text, at: frame.origin, style: Theme.header, clip: clip)
  }
}
