import LayoutEngine
import TerminalText

/// Measures cards at any column width: the measure function the layouts receive.
///
/// Captions and comments are prepared once (sanitised, line-break opportunities found),
/// so measuring at a new width after a resize needs no new ICU call.
public struct CardMeasurer: Sendable {
  public let style: CardStyle
  /// Prepared caption and comment of each card, by flat index.
  public let captions: [PreparedText]
  public let comments: [PreparedText]
  private let images: [CardImage?]

  /// - Complexity: O(total text length), with one ICU pass per text.
  public init(cards: [Card], style: CardStyle = CardStyle()) {
    self.style = style
    captions = cards.map { PreparedText($0.caption) }
    comments = cards.map { PreparedText($0.comment ?? "") }
    images = cards.map(\.image)
  }

  private init(
    style: CardStyle, captions: [PreparedText], comments: [PreparedText], images: [CardImage?]
  ) {
    self.style = style
    self.captions = captions
    self.comments = comments
    self.images = images
  }

  /// A measurer of the cards at `indices` (in that order) that shares this one's prepared
  /// text: filtering needs no new ICU call.
  public func subset(_ indices: [Int]) -> CardMeasurer {
    CardMeasurer(
      style: style, captions: indices.map { captions[$0] }, comments: indices.map { comments[$0] },
      images: indices.map { images[$0] })
  }

  /// The same prepared text under another style (another wrap mode).
  public func restyled(_ style: CardStyle) -> CardMeasurer {
    CardMeasurer(style: style, captions: captions, comments: comments, images: images)
  }

  /// The layout of card `index` in a column `width` cells wide.
  ///
  /// - Complexity: O(text length) of the card, no ICU call.
  public func metrics(ofCard index: Int, width: Int) -> CardMetrics {
    let inner = Swift.max(1, width - CardStyle.horizontalChrome)
    var imageRows = 0
    if let image = images[index] {
      let aspect = Swift.min(
        Swift.max(image.aspectRatio, style.aspectRange.lowerBound), style.aspectRange.upperBound)
      // Terminal cells are about twice as tall as wide.
      imageRows = Swift.max(1, Int(Double(inner) * aspect / 2 + 0.5))
      if let limit = style.maximumImageRows {
        imageRows = Swift.min(imageRows, Swift.max(1, limit))
      }
    }
    var commentRows = comments[index].lineCount(width: inner, mode: style.wrap)
    if let limit = style.maximumCommentLines {
      commentRows = Swift.min(commentRows, Swift.max(0, limit))
    }
    return CardMetrics(
      innerWidth: inner, imageRows: imageRows,
      captionRows: captions[index].lineCount(width: inner, mode: style.wrap),
      commentRows: commentRows)
  }

  /// The measure function for a layout over `collection`'s sections.
  public func itemMeasure(sectionStarts: [Int]) -> ItemMeasure {
    .heights { path, width in
      metrics(ofCard: sectionStarts[path.section] + path.item, width: width).height
    }
  }

  /// The caption lines of card `index` as drawn at `width`.
  public func captionLines(ofCard index: Int, width: Int) -> [String] {
    captions[index].lines(width: Swift.max(1, width - CardStyle.horizontalChrome), mode: style.wrap)
  }

  /// The comment lines of card `index` as drawn at `width`, cut as `style` says.
  public func commentLines(ofCard index: Int, width: Int) -> [String] {
    comments[index].lines(
      width: Swift.max(1, width - CardStyle.horizontalChrome), mode: style.wrap,
      maxLines: style.maximumCommentLines)
  }
}
