import Cards
import LayoutEngine
import TerminalScreen
import TerminalText
import Thumbnails

/// Draws what a card's image box shows: the thumbnail's cells, or the placeholder in the
/// picture's dominant colour, with the reason in its middle when the picture cannot be
/// shown (never a crash, never a blank). The placeholder takes the picture's own shape in
/// the box (letterboxed as its thumbnail will be), so nothing moves when the picture
/// comes, and the cells around it are blank as they will be.
package struct PictureBox: Widget {
  package var picture: CardPicture
  /// The card's image (its dominant colour, a problem known from the card file).
  package var image: CardImage?
  /// The cell's shape, which the placeholder's letterboxing follows.
  package var cellShape: CellShape

  package init(picture: CardPicture, image: CardImage?, cellShape: CellShape = .typical) {
    self.picture = picture
    self.image = image
    self.cellShape = cellShape
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
      if let note = thumbnail.note {
        // On the last row, where a picture cut short is transparent: seen over pixels too.
        let text = TextFitting.truncated(note, toWidth: box.width)
        screen.write(
          text, at: Point(x: box.minX + (box.width - DisplayWidth.of(text)) / 2, y: box.maxY - 1),
          style: Theme.pictureProblem, clip: shown)
      }
      return
    case .unavailable(let reason):
      problem = reason
    case .thumbnail, .placeholder:
      break
    }
    if problem == nil, let image, image.source == nil {
      // No picture file: nothing is on its way, so not the shaded placeholder either, but
      // the card's colour flat (a swatch), or a quiet "no picture".
      if let color = image.dominantColor {
        guard let drawn = letterboxed(box, image).intersection(shown) else { return }
        screen.fill(drawn, with: " ", style: Theme.swatch(color))
      } else {
        screen.fill(shown)
        let text = TextFitting.truncated("no picture", toWidth: box.width)
        let x = box.minX + (box.width - DisplayWidth.of(text)) / 2
        screen.write(
          text, at: Point(x: x, y: box.minY + (box.height - 1) / 2), style: Theme.comment,
          clip: shown)
      }
      return
    }
    if let problem {
      // The reason on an empty box: not the shaded placeholder (nothing is on its way),
      // and not the picture's own colour, which would say nothing here.
      screen.fill(shown)
      let text = TextFitting.truncated(Sanitizer.sanitize(problem), toWidth: box.width)
      let x = box.minX + (box.width - DisplayWidth.of(text)) / 2
      screen.write(
        text, at: Point(x: x, y: box.minY + (box.height - 1) / 2), style: Theme.pictureProblem,
        clip: shown)
    } else {
      guard let drawn = letterboxed(box, image).intersection(shown) else { return }
      screen.fill(drawn, with: Theme.pictureFill, style: Theme.image(image?.dominantColor))
    }
  }

  /// The cells the picture takes in `box`, letterboxed as its thumbnail will be (the
  /// whole box when its size is unknown).
  private func letterboxed(_ box: Rect, _ image: CardImage?) -> Rect {
    guard let image, image.width > 0, image.height > 0 else { return box }
    let fitted = ThumbnailRenderer.fittedBox(
      pictureWidth: image.width, pictureHeight: image.height, columns: box.width,
      rows: box.height, cellShape: cellShape)
    return Rect(
      x: box.minX + fitted.left, y: box.minY + fitted.top, width: fitted.columns,
      height: fitted.rows)
  }
}
