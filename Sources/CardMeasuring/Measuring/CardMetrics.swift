import CardModel

/// How a card lays out inside a column of a given width.
package struct CardMetrics: Hashable, Sendable {
  /// The width left for image and text inside border and padding.
  package var innerWidth: Int
  package var imageRows: Int
  package var captionRows: Int
  package var commentRows: Int

  package init(innerWidth: Int, imageRows: Int, captionRows: Int, commentRows: Int) {
    self.innerWidth = innerWidth
    self.imageRows = imageRows
    self.captionRows = captionRows
    self.commentRows = commentRows
  }

  /// The card's total height, borders included.
  package var height: Int {
    CardStyle.verticalChrome + imageRows + captionRows + commentRows
  }
}
