import LayoutEngine
import TerminalText

/// Measures cards at any column width: the measure function the layouts receive.
///
/// Captions and comments are prepared on first use and kept (sanitised, line-break
/// opportunities found), so measuring at a new width after a resize needs no new ICU call,
/// and the first frame of a long feed prepares only the cards it shows.
package struct CardMeasurer {
  package let style: CardStyle
  private let cache: PreparedTextCache
  private let images: [CardImage?]
  /// For a filtered view, the index in `cache` of each of its cards.
  private let indices: [Int]?

  package init(cards: [Card], style: CardStyle = CardStyle()) {
    self.style = style
    cache = PreparedTextCache(cards: cards)
    images = cards.map(\.image)
    indices = nil
  }

  private init(style: CardStyle, cache: PreparedTextCache, images: [CardImage?], indices: [Int]?) {
    self.style = style
    self.cache = cache
    self.images = images
    self.indices = indices
  }

  /// The number of cards measured.
  package var count: Int { indices?.count ?? cache.count }

  private func base(_ index: Int) -> Int { indices?[index] ?? index }

  /// Card `index`'s prepared caption.
  package func caption(ofCard index: Int) -> PreparedText { cache.caption(base(index)) }

  /// Card `index`'s prepared comment (empty when it has none).
  package func comment(ofCard index: Int) -> PreparedText { cache.comment(base(index)) }

  /// Prepares every card's text now (for benchmarks, and before measuring them all).
  package func prepareAll() {
    for index in 0..<count {
      _ = caption(ofCard: index)
      _ = comment(ofCard: index)
    }
  }

  /// A measurer of the cards at `indices` (in that order) that shares this one's
  /// prepared text: filtering needs no new ICU call for cards already prepared.
  package func subset(_ indices: [Int]) -> CardMeasurer {
    CardMeasurer(
      style: style, cache: cache, images: indices.map { images[$0] },
      indices: indices.map { base($0) })
  }

  /// The same prepared text under another style (another wrap mode).
  package func restyled(_ style: CardStyle) -> CardMeasurer {
    CardMeasurer(style: style, cache: cache, images: images, indices: indices)
  }

  /// The layout of card `index` in a column `width` cells wide.
  ///
  /// - Complexity: O(text length) of the card, no ICU call.
  package func metrics(ofCard index: Int, width: Int) -> CardMetrics {
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
    var commentRows = comment(ofCard: index).lineCount(width: inner, mode: style.wrap)
    if let limit = style.maximumCommentLines {
      commentRows = Swift.min(commentRows, Swift.max(0, limit))
    }
    return CardMetrics(
      innerWidth: inner, imageRows: imageRows,
      captionRows: caption(ofCard: index).lineCount(width: inner, mode: style.wrap),
      commentRows: commentRows)
  }

  /// The measure function for a layout over `collection`'s sections.
  package func itemMeasure(sectionStarts: [Int]) -> ItemMeasure {
    .heights { path, width in
      metrics(ofCard: sectionStarts[path.section] + path.item, width: width).height
    }
  }

  /// The caption lines of card `index` as drawn at `width`.
  package func captionLines(ofCard index: Int, width: Int) -> [String] {
    caption(ofCard: index).lines(
      width: Swift.max(1, width - CardStyle.horizontalChrome), mode: style.wrap)
  }

  /// The comment lines of card `index` as drawn at `width`, cut as `style` says.
  package func commentLines(ofCard index: Int, width: Int) -> [String] {
    comment(ofCard: index).lines(
      width: Swift.max(1, width - CardStyle.horizontalChrome), mode: style.wrap,
      maxLines: style.maximumCommentLines)
  }
}
