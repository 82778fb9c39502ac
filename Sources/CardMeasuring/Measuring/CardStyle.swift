import CardModel
import LayoutEngine
import TerminalText

/// The proportions of a drawn card, which measurement and drawing share.
package struct CardStyle: Hashable, Sendable {
  /// How caption and comment wrap.
  package var wrap: WrapMode
  /// The comment is cut to this many lines, the last ending in an ellipsis (`nil`: all).
  package var maximumCommentLines: Int?
  /// Image rows never exceed this (`nil`: no limit). Pictures keep their shape: the image
  /// box is as tall as the picture's aspect ratio makes it at the column's width; only a
  /// picture taller than the screen's card area is capped (and drawn letterboxed, whole),
  /// so the browser sets this from the screen.
  package var maximumPictureRows: Int?
  /// The terminal cell's shape, which an image box's rows follow (from the terminal's
  /// capabilities).
  package var cellShape: CellShape

  package init(
    wrap: WrapMode = .word, maximumCommentLines: Int? = 6, maximumPictureRows: Int? = nil,
    cellShape: CellShape = .typical
  ) {
    self.wrap = wrap
    self.maximumCommentLines = maximumCommentLines
    self.maximumPictureRows = maximumPictureRows
    self.cellShape = cellShape
  }

  /// The image-row cap for a card area `height` rows tall: the picture, the border and a
  /// caption row fit on screen.
  package static func pictureRowLimit(cardAreaHeight height: Int) -> Int {
    Swift.max(1, height - verticalChrome - 1)
  }

  /// The border's width: one cell each side, one row at the top and at the bottom.
  package static let border = 1
  /// The padding between the border and the content, left and right (none above and
  /// below: the border's rows are enough there).
  package static let padding = 1
  /// Cells taken by the border and padding across a card.
  package static let horizontalChrome = 2 * (border + padding)
  /// Rows taken by the top and bottom border.
  package static let verticalChrome = 2 * border

  /// Where the content of a box drawn at `frame` goes: inside its border and padding
  /// (cards, the open card and the help share the look).
  package static func contentArea(of frame: Rect) -> Rect {
    Rect(
      x: frame.minX + border + padding, y: frame.minY + border,
      width: Swift.max(0, frame.width - horizontalChrome),
      height: Swift.max(0, frame.height - verticalChrome))
  }
}
