import LayoutEngine
import TerminalScreen
import TerminalText

/// A section's name and card count across the content width: `── mammals · 2,986 ───`.
/// The name gives way before the count when the width is short.
package struct SectionHeaderWidget: Widget {
  package var title: String
  /// How many cards the section shows (none drawn when `nil`).
  package var count: Int?

  package init(title: String, count: Int? = nil) {
    self.title = title
    self.count = count
  }

  package func draw(in frame: Rect, clip: Rect, into screen: inout Screen) {
    guard frame.width > 0 else { return }
    // Section names come from data: sanitised like captions (no control, no joiner on
    // which terminals disagree about widths).
    let counted = count.map { " · " + Counted.digits($0) } ?? ""
    let label = TextFitting.truncated(
      Sanitizer.sanitize(title),
      toWidth: Swift.max(1, frame.width - 4 - DisplayWidth.of(counted)))
    let prefix = TextFitting.truncated("── " + label + counted + " ", toWidth: frame.width)
    let text =
      prefix + String(repeating: "─", count: Swift.max(0, frame.width - DisplayWidth.of(prefix)))
    screen.write(text, at: frame.origin, style: Theme.header, clip: clip)
  }
}
