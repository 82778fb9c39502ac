import Cards
import LayoutEngine
import TerminalScreen
import TerminalText

/// One card over the whole screen: a larger image area, the caption, the full comment
/// wrapped to the width, and the tags; scrollable when longer than the screen.
package struct DetailView {
  package var card: Card
  package var caption: PreparedText
  package var comment: PreparedText
  package var wrap: WrapMode

  /// The view of `card`, whose caption and comment are already prepared (a measurer keeps
  /// them), so that drawing it again needs no ICU call.
  package init(card: Card, caption: PreparedText, comment: PreparedText, wrap: WrapMode = .word) {
    self.card = card
    self.caption = caption
    self.comment = comment
    self.wrap = wrap
  }

  /// The view of card `index` of `measurer`.
  package init(card: Card, index: Int, measurer: CardMeasurer) {
    self.init(
      card: card, caption: measurer.caption(ofCard: index),
      comment: measurer.comment(ofCard: index),
      wrap: measurer.style.wrap)
  }

  /// The rows of content at `width`, before scrolling: image rows, then styled lines.
  func content(width: Int, height: Int) -> (imageRows: Int, lines: [(String, CellStyle)]) {
    let inner = Swift.max(1, width - 4)
    var imageRows = 0
    if let image = card.image {
      let aspect = Swift.min(Swift.max(image.aspectRatio, 0.25), 3)
      imageRows = Swift.max(
        1, Swift.min(Int(Double(inner) * aspect / 2 + 0.5), Swift.max(3, height / 2)))
    }
    var lines: [(String, CellStyle)] = []
    for line in caption.lines(width: inner, mode: wrap) {
      lines.append((line, Theme.caption))
    }
    if !comment.isEmpty {
      lines.append(("", .plain))
      for line in comment.lines(width: inner, mode: wrap) { lines.append((line, .plain)) }
    }
    if !card.tags.isEmpty {
      lines.append(("", .plain))
      let tags = card.tags.map { "#" + Sanitizer.sanitize($0) }.joined(separator: " ")
      for line in PreparedText(tags).lines(width: inner, mode: .word) {
        lines.append((line, Theme.tags))
      }
    }
    return (imageRows, lines)
  }

  /// The number of rows the content takes (for scrolling limits).
  package func contentHeight(width: Int, height: Int) -> Int {
    let (imageRows, lines) = content(width: width, height: height)
    return imageRows + (imageRows > 0 ? 1 : 0) + lines.count + 2
  }

  /// Draws the view into `area`, scrolled down by `scroll` rows.
  package func draw(in area: Rect, scroll: Int, into screen: inout Screen) {
    screen.fill(area)
    BoxDrawing.heavy.draw(area, style: Theme.selectedBorder, into: &screen, clip: area)
    let inside = Rect(
      x: area.minX + 2, y: area.minY + 1, width: Swift.max(0, area.width - 4),
      height: Swift.max(0, area.height - 2))
    let (imageRows, lines) = content(width: area.width, height: area.height)
    var y = inside.minY - scroll
    if imageRows > 0 {
      let image = Rect(x: inside.minX, y: y, width: inside.width, height: imageRows)
      if let shown = image.intersection(inside) {
        screen.fill(shown, with: Theme.imageFill, style: Theme.image(card.image?.dominantColor))
      }
      y += imageRows + 1
    }
    for (line, style) in lines {
      if y >= inside.maxY { break }
      if y >= inside.minY {
        screen.write(line, at: Point(x: inside.minX, y: y), style: style, clip: inside)
      }
      y += 1
    }
  }
}
