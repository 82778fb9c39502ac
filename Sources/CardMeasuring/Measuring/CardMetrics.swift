import CardModel

/// How a card lays out inside a column of a given width.
package struct CardMetrics: Hashable, Sendable {
  /// The width left for image and text inside border and padding.
  package var innerWidth: Int
  package var pictureRows: Int
  package var captionRows: Int
  package var commentRows: Int

  package init(innerWidth: Int, pictureRows: Int, captionRows: Int, commentRows: Int) {
    self.innerWidth = innerWidth
    self.pictureRows = pictureRows
    self.captionRows = captionRows
    self.commentRows = commentRows
  }

  /// The card's total height, borders included.
  package var height: Int {
    CardStyle.verticalChrome + pictureRows + captionRows + commentRows
  }
}
