import LayoutEngine
import TerminalScreen
import TerminalText

/// The wall as a screen reader reads it (`--accessible`): the selected card in words at
/// the top, wrapped over as many lines as it needs (up to `selectionLimit`), a blank line,
/// then one card a line in reading order, the selected one marked `>` and a marked one
/// `*`. No box drawing, no picture: plain lines a reader speaks as they are.
package struct AccessibleList: Widget {
  /// At most this many lines say the selected card.
  package static let selectionLimit = 4

  /// The selected card in words (`card 12 of 640: …`), or why none is.
  package var selection: String
  /// The cards' lines, from the first shown on screen.
  package var items: [String]
  /// Which of `items` is the selected card.
  package var selectedItem: Int?

  package init(selection: String, items: [String], selectedItem: Int?) {
    self.selection = selection
    self.items = items
    self.selectedItem = selectedItem
  }

  /// The rows the selection takes at `width`.
  package static func selectionLines(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    // Words as they fit; a word wider than the line (a run of CJK text, a long path) is
    // cut between its characters.
    var words: [String] = []
    for word in Sanitizer.sanitize(text).split(separator: " ") {
      var piece = ""
      for character in word {
        if !piece.isEmpty && DisplayWidth.of(piece + String(character)) > Swift.max(1, width) {
          words.append(piece)
          piece = ""
        }
        piece.append(character)
      }
      words.append(piece)
    }
    for word in words {
      let candidate = line.isEmpty ? word : line + " " + word
      if DisplayWidth.of(candidate) <= width || line.isEmpty {
        line = candidate
      } else {
        lines.append(line)
        line = word
      }
    }
    if !line.isEmpty { lines.append(line) }
    guard lines.count > selectionLimit else { return lines }
    var kept = Array(lines.prefix(selectionLimit))
    kept[selectionLimit - 1] = TextFitting.truncated(
      kept[selectionLimit - 1] + " " + lines[selectionLimit...].joined(separator: " "),
      toWidth: width)
    return kept
  }

  package func draw(in area: Rect, clip: Rect, into screen: inout Screen) {
    var y = area.minY
    for line in Self.selectionLines(selection, width: area.width) where y < area.maxY {
      let fitted = TextFitting.truncated(line, toWidth: area.width)
      _ = screen.write(fitted, at: Point(x: area.minX, y: y), style: Theme.caption, clip: clip)
      y += 1
    }
    y += 1
    for (index, item) in items.enumerated() where y < area.maxY {
      let line = TextFitting.truncated(Sanitizer.sanitize(item), toWidth: area.width)
      let style = index == selectedItem ? Theme.activeChip : CellStyle.plain
      _ = screen.write(line, at: Point(x: area.minX, y: y), style: style, clip: clip)
      y += 1
    }
  }
}
