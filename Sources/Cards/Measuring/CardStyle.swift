import TerminalText

/// The proportions of a drawn card, which measurement and drawing share.
package struct CardStyle: Hashable, Sendable {
  /// How caption and comment wrap.
  package var wrap: WrapMode
  /// The comment is cut to this many lines, the last ending in an ellipsis (`nil`: all).
  package var maximumCommentLines: Int?
  /// Image rows never exceed this (`nil`: no limit). The default, 12, keeps a placeholder
  /// from filling a terminal: a square image in a 40-cell column would take 18 rows.
  package var maximumImageRows: Int?
  /// Aspect ratios (height over width) are clamped to this range, so that a panorama still
  /// gets a row and a needle-thin image does not fill the column.
  package var aspectRange: ClosedRange<Double>

  package init(
    wrap: WrapMode = .word, maximumCommentLines: Int? = 6, maximumImageRows: Int? = 12,
    aspectRange: ClosedRange<Double> = 0.25...3
  ) {
    self.wrap = wrap
    self.maximumCommentLines = maximumCommentLines
    self.maximumImageRows = maximumImageRows
    self.aspectRange = aspectRange
  }

  /// Cells taken by the border and padding: a border cell and a padding cell each side.
  package static let horizontalChrome = 4
  /// Rows taken by the top and bottom border.
  package static let verticalChrome = 2
}
