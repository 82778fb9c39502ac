/// How a card lays out inside a column of a given width.
public struct CardMetrics: Hashable, Sendable {
  /// The width left for image and text inside border and padding.
  public var innerWidth: Int
  public var imageRows: Int
  public var captionRows: Int
  public var commentRows: Int

  public init(innerWidth: Int, imageRows: Int, captionRows: Int, commentRows: Int) {
    self.innerWidth = innerWidth
    self.imageRows = imageRows
    self.captionRows = captionRows
    self.commentRows = commentRows
  }

  /// The card's total height, borders included.
  public var height: Int {
    CardStyle.verticalChrome + imageRows + captionRows + commentRows
  }
}
