import Cards
import LayoutEngine
import TerminalScreen
import TerminalText

/// Draws what a card's image box shows: the thumbnail's cells, or the placeholder in the
/// picture's dominant colour, with the reason in its middle when the picture cannot be
/// shown (never a crash, never a blank).
package struct PictureBox: Widget {
  package var picture: CardPicture
  /// The card's image (its dominant colour, a problem known from the card file).
  package var image: CardImage?

  package init(picture: CardPicture, image: CardImage?) {
    self.picture = picture
    self.image = image
  }

  package func draw(in box: Rect, clip: Rect, into screen: inout Screen) {
    guard let shown = box.intersection(clip) else { return }
    var problem = image?.problem
    switch picture {
    case .thumbnail(let thumbnail)
    where thumbnail.columns == box.width
      && thumbnail.rows == box.height:
      for y in shown.minY..<shown.maxY {
        var row = ""
        var style = CellStyle.plain
        var start = shown.minX
        for x in shown.minX..<shown.maxX {
          let cell = thumbnail[x - box.minX, y - box.minY]
          let cellStyle = CellStyle(foreground: cell.foreground, background: cell.background)
          if cellStyle != style && !row.isEmpty {
            screen.write(row, at: Point(x: start, y: y), style: style, clip: shown)
            row = ""
            start = x
          }
          style = cellStyle
          row.unicodeScalars.append(cell.symbol)
        }
        screen.write(row, at: Point(x: start, y: y), style: style, clip: shown)
      }
      return
    case .unavailable(let reason):
      problem = reason
    case .thumbnail, .placeholder:
      break
    }
    if let problem {
      // The reason on a neutral box: the picture's own colour would say nothing here.
      screen.fill(shown, with: Theme.imageFill, style: Theme.image(nil))
      let text = TextFitting.truncated(Sanitizer.sanitize(problem), toWidth: box.width)
      let x = box.minX + (box.width - DisplayWidth.of(text)) / 2
      screen.write(
        text, at: Point(x: x, y: box.minY + (box.height - 1) / 2), style: Theme.pictureProblem,
        clip: shown)
    } else {
      screen.fill(shown, with: Theme.imageFill, style: Theme.image(image?.dominantColor))
    }
  }
}
