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
  package var maximumImageRows: Int?

  package init(wrap: WrapMode = .word, maximumCommentLines: Int? = 6, maximumImageRows: Int? = nil)
  {
    self.wrap = wrap
    self.maximumCommentLines = maximumCommentLines
    self.maximumImageRows = maximumImageRows
  }

  /// The image-row cap for a card area `height` rows tall: the picture, the border and a
  /// caption row fit on screen.
  package static func imageRowLimit(cardAreaHeight height: Int) -> Int {
    Swift.max(1, height - verticalChrome - 1)
  }

  /// Cells taken by the border and padding: a border cell and a padding cell each side.
  package static let horizontalChrome = 4
  /// Rows taken by the top and bottom border.
  package static let verticalChrome = 2
}
