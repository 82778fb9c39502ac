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
  package var picture: CardPicture

  /// The view of `card`, whose caption and comment are already prepared (a measurer keeps
  /// them), so that drawing it again needs no ICU call.
  package init(
    card: Card, caption: PreparedText, comment: PreparedText, wrap: WrapMode = .word,
    picture: CardPicture = .placeholder
  ) {
    self.card = card
    self.caption = caption
    self.comment = comment
    self.wrap = wrap
    self.picture = picture
  }

  /// The view of card `index` of `measurer`.
  package init(card: Card, index: Int, measurer: CardMeasurer, picture: CardPicture = .placeholder)
  {
    self.init(
      card: card, caption: measurer.caption(ofCard: index),
      comment: measurer.comment(ofCard: index),
      wrap: measurer.style.wrap, picture: picture)
  }

  /// The image box of a view `size` (the overlay) shows: as wide as the view inside its
  /// border, as tall as the picture's shape makes it, at most two thirds of the view.
  package func imageBox(size: Size) -> Size {
    guard let image = card.image else { return .zero }
    let inner = Swift.max(1, size.width - 4)
    let limit = Swift.max(3, (size.height - 2) * 2 / 3)
    let rows = Swift.min(
      CardMeasurer.imageRows(aspectRatio: image.aspectRatio, innerWidth: inner), limit)
    return Size(width: inner, height: rows)
  }

  /// The rows of content at `width`, before scrolling: image rows, then styled lines.
  func content(width: Int, height: Int) -> (imageRows: Int, lines: [(String, CellStyle)]) {
    let inner = Swift.max(1, width - 4)
    let imageRows = imageBox(size: Size(width: width, height: height)).height
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
      PictureBox.draw(picture, of: card.image, in: image, clip: inside, into: &screen)
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
