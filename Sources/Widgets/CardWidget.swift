import Cards
import LayoutEngine
import TerminalScreen
import TerminalText

/// A card: a box with rounded corners (heavy when selected; a mark on its top border when
/// marked), an image box of the measured
/// rows (the thumbnail, or a placeholder in the picture's dominant colour), the caption in bold and the comment dimmed, each
/// wrapped exactly as the card measurement computed, with search matches highlighted.
package struct CardWidget: Widget {
  package var card: Card
  package var metrics: CardMetrics
  package var captionLines: [String]
  package var commentLines: [String]
  package var isSelected: Bool
  /// Marked (`m`): a mark on the top border, and the border in the mark's colour.
  package var isMarked = false
  /// The folded search text whose matches are highlighted (empty: none).
  package var highlight: [Character]
  package var picture: CardPicture
  /// The cell's shape (a placeholder takes the picture's shape in it).
  package var cellShape: CellShape

  package init(
    card: Card, metrics: CardMetrics, captionLines: [String], commentLines: [String],
    isSelected: Bool, highlight: [Character] = [], picture: CardPicture = .placeholder,
    cellShape: CellShape = .typical
  ) {
    self.card = card
    self.metrics = metrics
    self.captionLines = captionLines
    self.commentLines = commentLines
    self.isSelected = isSelected
    self.highlight = highlight
    self.picture = picture
    self.cellShape = cellShape
  }

  /// The widget for card `index` of `measurer` in a frame of `size` (which may be shorter
  /// than the card: its text is then cut with an ellipsis).
  package init(
    card: Card, index: Int, measurer: CardMeasurer, size: Size, isSelected: Bool,
    highlight: [Character] = [], picture: CardPicture = .placeholder
  ) {
    let drawn = measurer.drawnLines(ofCard: index, width: size.width, height: size.height)
    self.init(
      card: card, metrics: drawn.metrics, captionLines: drawn.caption,
      commentLines: drawn.comment, isSelected: isSelected, highlight: highlight,
      picture: picture, cellShape: measurer.style.cellShape)
  }

  /// Draws the card at `frame` (screen coordinates), showing exactly the part inside
  /// `clip`: a card cut by the top or bottom of the viewport shows its visible rows.
  ///
  /// - Complexity: O(visible rows × width); rows outside `clip` cost nothing.
  package func draw(in frame: Rect, clip: Rect, into screen: inout Screen) {
    guard let visible = frame.intersection(clip) else { return }
    (isSelected ? BoxDrawing.heavy : BoxDrawing.rounded).draw(
      frame,
      style: isSelected ? Theme.selectedBorder : isMarked ? Theme.markedBorder : Theme.border,
      into: &screen, clip: visible)
    if isMarked && frame.width >= 3 {
      screen.write(
        Theme.markGlyph, at: Point(x: frame.minX + 1, y: frame.minY), style: Theme.mark,
        clip: visible)
    }
    let inside = CardStyle.contentArea(of: frame)
    guard let area = inside.intersection(visible) else { return }
    var y = inside.minY
    let pictureRows = Swift.min(metrics.pictureRows, inside.height)
    if pictureRows > 0 {
      let image = Rect(x: inside.minX, y: y, width: inside.width, height: pictureRows)
      PictureBox(picture: picture, image: card.image, cellShape: cellShape).draw(
        in: image, clip: area, into: &screen)
      y += pictureRows
    }
    for (lines, style) in [(captionLines, Theme.caption), (commentLines, Theme.comment)] {
      for line in lines {
        if y >= area.maxY { return }
        if y >= area.minY {
          HighlightedText.write(
            line, at: Point(x: inside.minX, y: y), style: style, highlight: highlight,
            clip: area, into: &screen)
        }
        y += 1
      }
    }
  }
}
