import Cards
import LayoutEngine
import TerminalScreen
import TerminalText

/// The viewer: a picture over the whole area, the card's text in one line below it, and
/// when asked its facts in a panel at the right. The areas are given (the browser's
/// queries place them, the same ones its thumbnail requests are made for).
package struct PictureViewerView: Widget {
  package var picture: CardPicture
  package var image: CardImage?
  package var cellShape: CellShape
  package var pictureArea: Rect
  /// The card's text (caption · comment · tags), already sanitised, and its row.
  package var text: String
  package var textArea: Rect?
  /// The facts panel's lines (a label and its value) and its area.
  package var facts: [(String, String)]
  package var factsArea: Rect?
  package var isMarked = false

  package init(
    picture: CardPicture, image: CardImage?, cellShape: CellShape, pictureArea: Rect,
    text: String, textArea: Rect?, facts: [(String, String)], factsArea: Rect?
  ) {
    self.picture = picture
    self.image = image
    self.cellShape = cellShape
    self.pictureArea = pictureArea
    self.text = text
    self.textArea = textArea
    self.facts = facts
    self.factsArea = factsArea
  }

  package func draw(in area: Rect, clip: Rect, into screen: inout Screen) {
    guard let shown = area.intersection(clip) else { return }
    screen.fill(shown)
    if image != nil {
      PictureBox(picture: picture, image: image, cellShape: cellShape).draw(
        in: pictureArea, clip: shown, into: &screen)
    } else if let inside = pictureArea.intersection(shown) {
      CenteredMessage("no picture").draw(in: pictureArea, clip: inside, into: &screen)
    }
    if let textArea, let row = textArea.intersection(shown) {
      var line = TextFitting.truncated(text, toWidth: textArea.width)
      if isMarked {
        line = TextFitting.truncated(Theme.markGlyph + " " + text, toWidth: textArea.width)
      }
      screen.write(
        line, at: Point(x: textArea.minX, y: textArea.minY), style: Theme.caption, clip: row)
    }
    if let factsArea, let panel = factsArea.intersection(shown) {
      screen.fill(panel)
      BoxDrawing.rounded.draw(factsArea, style: Theme.border, into: &screen, clip: panel)
      let inside = CardStyle.contentArea(of: factsArea)
      let labelWidth = Swift.min(11, inside.width / 3)
      var y = inside.minY
      for (label, value) in facts {
        guard y < inside.maxY else { break }
        screen.write(
          TextFitting.truncated(label, toWidth: labelWidth), at: Point(x: inside.minX, y: y),
          style: Theme.comment, clip: panel)
        // A long value (a path) wraps under its label.
        let lines = PreparedText(value).lines(
          width: Swift.max(1, inside.width - labelWidth - 1), mode: .char)
        for line in lines {
          guard y < inside.maxY else { break }
          screen.write(
            line, at: Point(x: inside.minX + labelWidth + 1, y: y), style: .plain, clip: panel)
          y += 1
        }
        if lines.isEmpty { y += 1 }
      }
    }
  }
}
