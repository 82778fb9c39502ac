import Cards
import LayoutEngine
import TerminalScreen
import TerminalText

/// One card over the whole screen: a larger image area, the caption, the full comment
/// wrapped to the width, the tags, and the picture's path; scrollable when longer than the
/// screen.
package struct DetailView: Widget {
  package var card: Card
  package var caption: PreparedText
  package var comment: PreparedText
  /// How the text wraps and the cell's shape (the image box's rows follow it).
  package var style: CardStyle
  package var picture: CardPicture
  /// How far the view is scrolled down.
  package var scroll: Int
  /// Marked (`m`): said on the top border.
  package var isMarked = false

  /// The view of `card`, whose caption and comment are already prepared (a measurer keeps
  /// them), so that drawing it again needs no ICU call.
  package init(
    card: Card, caption: PreparedText, comment: PreparedText, style: CardStyle = CardStyle(),
    picture: CardPicture = .placeholder, scroll: Int = 0
  ) {
    self.card = card
    self.caption = caption
    self.comment = comment
    self.style = style
    self.picture = picture
    self.scroll = scroll
  }

  /// The image box of a view drawn in `area` (the overlay): as wide as the view inside its
  /// border, as tall as the picture's shape makes it, at most two thirds of the view.
  package func pictureBox(in area: Rect) -> Size {
    guard let image = card.image else { return .zero }
    let inner = Swift.max(1, CardStyle.contentArea(of: area).width)
    let limit = Swift.max(3, CardStyle.contentArea(of: area).height * 2 / 3)
    let rows = Swift.min(
      style.cellShape.rows(forAspectRatio: image.aspectRatio, columns: inner), limit)
    return Size(width: inner, height: rows)
  }

  /// The rows of content in `area`, before scrolling: image rows, then styled lines.
  func content(in area: Rect) -> (pictureRows: Int, lines: [(String, CellStyle)]) {
    let inner = Swift.max(1, CardStyle.contentArea(of: area).width)
    let pictureRows = pictureBox(in: area).height
    var lines: [(String, CellStyle)] = []
    for line in caption.lines(width: inner, mode: style.wrap) {
      lines.append((line, Theme.caption))
    }
    if !comment.isEmpty {
      lines.append(("", .plain))
      for line in comment.lines(width: inner, mode: style.wrap) { lines.append((line, .plain)) }
    }
    if !card.tags.isEmpty {
      lines.append(("", .plain))
      let tags = card.tags.map { "#" + Sanitizer.sanitize($0) }.joined(separator: " ")
      for line in PreparedText(tags).lines(width: inner, mode: .word) {
        lines.append((line, Theme.tags))
      }
    }
    let places = [Self.path(of: card), card.url.map { Sanitizer.sanitize($0) }].compactMap { $0 }
    if !places.isEmpty { lines.append(("", .plain)) }
    for place in places {
      for line in PreparedText(place).lines(width: inner, mode: .char) {
        lines.append((line, Theme.comment))
      }
    }
    return (pictureRows, lines)
  }

  /// Where the card's picture is: the file it was read from (resolved against the card
  /// file's folder), else the path as the card file wrote it; sanitised like card text.
  static func path(of card: Card) -> String? {
    if case .file(let path) = card.image?.source { return Sanitizer.sanitize(path) }
    return card.image?.path.map { Sanitizer.sanitize($0) }
  }

  /// The number of rows the content takes in `area` (for scrolling limits).
  package func contentHeight(in area: Rect) -> Int {
    let (pictureRows, lines) = content(in: area)
    return pictureRows + (pictureRows > 0 ? 1 : 0) + lines.count + CardStyle.verticalChrome
  }

  /// Draws the view into `area`, scrolled down by `scroll` rows.
  package func draw(in area: Rect, clip: Rect, into screen: inout Screen) {
    guard let shownArea = area.intersection(clip) else { return }
    screen.fill(shownArea)
    BoxDrawing.heavy.draw(area, style: Theme.selectedBorder, into: &screen, clip: shownArea)
    if isMarked && area.width >= 12 {
      screen.write(
        " \(Theme.markGlyph) marked ", at: Point(x: area.minX + 2, y: area.minY),
        style: Theme.mark, clip: shownArea)
    }
    let inside = CardStyle.contentArea(of: area)
    guard let visible = inside.intersection(shownArea) else { return }
    let (pictureRows, lines) = content(in: area)
    var y = inside.minY - scroll
    if pictureRows > 0 {
      let image = Rect(x: inside.minX, y: y, width: inside.width, height: pictureRows)
      PictureBox(picture: picture, image: card.image, cellShape: style.cellShape).draw(
        in: image, clip: visible, into: &screen)
      y += pictureRows + 1
    }
    for (line, style) in lines {
      if y >= visible.maxY { break }
      if y >= visible.minY {
        screen.write(line, at: Point(x: inside.minX, y: y), style: style, clip: visible)
      }
      y += 1
    }
  }
}
