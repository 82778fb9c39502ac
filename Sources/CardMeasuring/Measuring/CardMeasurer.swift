import CardModel
import LayoutEngine
import TerminalText

/// Measures cards at any column width: the measure function the layouts receive. Cards
/// are named by their index in the collection.
///
/// Captions and comments are prepared on first use and kept (sanitised, line-break
/// opportunities found), so measuring at a new width after a resize needs no new ICU call,
/// and the first frame of a long feed prepares only the cards it shows. A cache: what it
/// answers depends only on the cards and the style, so it can be dropped at any time.
package struct CardMeasurer {
  package let style: CardStyle
  private let cache: PreparedTextCache

  package init(cards: [Card], style: CardStyle = CardStyle()) {
    self.init(store: CardStore(cards), style: style)
  }

  package init(store: CardStore, style: CardStyle = CardStyle()) {
    self.style = style
    cache = PreparedTextCache(store: store)
  }

  private init(style: CardStyle, cache: PreparedTextCache) {
    self.style = style
    self.cache = cache
  }

  /// Adds the cards of `chunk` to the cards measured (to this measurer and every one
  /// restyled from it, which share them).
  package func append(_ chunk: CardChunk) {
    cache.append(chunk)
  }

  /// The number of cards measured.
  package var count: Int { cache.count }

  /// The chunks of the cards measured (the same objects as the store's).
  package var chunkCount: Int { cache.store.chunks.count }

  /// Card `index`'s prepared caption.
  package func caption(ofCard index: Int) -> PreparedText { cache.caption(index) }

  /// Card `index`'s prepared comment (empty when it has none).
  package func comment(ofCard index: Int) -> PreparedText { cache.comment(index) }

  /// The width of card `index`'s caption on one line (a chip's width, less padding).
  package func captionWidth(ofCard index: Int) -> Int { cache.captionWidth(ofCard: index) }

  /// Shapes made on another thread for chunk `index` of the cards (see `ChunkShapes`).
  package func adopt(_ shapes: ChunkShapes, forChunk index: Int) {
    cache.adopt(shapes, forChunk: index)
  }

  /// The chunks whose text is not shaped yet (measuring them needs ICU, here or on a
  /// worker).
  package var chunksWithoutShapes: [Int] { cache.chunksWithoutShapes }

  /// The chunks of the cards measured.
  package var chunks: [CardChunk] { cache.store.chunks }

  /// A new layout starts measuring (a width change, another layout): the widths it
  /// measures at from here on are noted, for `measureJob`.
  package func beginLayout() { cache.beginLayout() }

  /// The measuring to do on a worker, as job `generation`: the cards of the chunks from
  /// `firstChunk` on, at the widths the current layout has measured at so far (`nil`
  /// before it has measured, or when there is no chunk from there).
  package func measureJob(generation: Int, fromChunk firstChunk: Int = 0) -> MeasureJob? {
    let chunks = cache.store.chunks
    guard !cache.widthsInUse.isEmpty, firstChunk < chunks.count else { return nil }
    return MeasureJob(
      generation: generation, firstChunk: firstChunk, chunks: Array(chunks[firstChunk...]),
      widths: cache.widthsInUse, wrap: cache.wrapInUse,
      shapes: Array(cache.allShapes[firstChunk...]))
  }

  /// Counts on every core the cards not counted yet at the current layout's widths, when
  /// at least `least` of them are (see `PreparedTextCache.countAhead`).
  package func countAhead(least: Int) { cache.countAhead(least: least) }

  /// Whether the current layout has measured a card (so its widths are known).
  package var hasMeasured: Bool { !cache.widthsInUse.isEmpty }

  /// Takes line counts made on a worker (counts already made here are kept). Counts from
  /// a job for an earlier layout are as true as any: line counts depend on text and width.
  package func adopt(_ measured: MeasuredCounts) { cache.adopt(measured) }

  /// The same prepared text under another style (another wrap mode).
  package func restyled(_ style: CardStyle) -> CardMeasurer {
    CardMeasurer(style: style, cache: cache)
  }

  /// The layout of card `index` in a column `width` cells wide.
  ///
  /// - Complexity: O(text length) of the card, no ICU call.
  package func metrics(ofCard index: Int, width: Int) -> CardMetrics {
    let inner = Swift.max(1, width - CardStyle.horizontalChrome)
    return metrics(
      ofCard: index, inner: inner,
      lines: cache.lineCounts(ofCard: index, width: inner, wrap: style.wrap))
  }

  /// The layout of card `index` with `inner` cells inside its border, its caption and
  /// comment taking `lines` there.
  @inline(__always)
  private func metrics(ofCard index: Int, inner: Int, lines: (caption: Int, comment: Int))
    -> CardMetrics
  {
    var pictureRows = 0
    let image = cache.pictureShape(index)
    if image.hasImage {
      pictureRows = style.cellShape.rows(forAspectRatio: image.aspectRatio, columns: inner)
      if let limit = style.maximumPictureRows {
        pictureRows = Swift.min(pictureRows, Swift.max(1, limit))
      }
    }
    var commentRows = lines.comment
    if let limit = style.maximumCommentLines {
      commentRows = Swift.min(commentRows, Swift.max(0, limit))
    }
    return CardMetrics(
      innerWidth: inner, pictureRows: pictureRows, captionRows: lines.caption,
      commentRows: commentRows)
  }

  /// The card as drawn in a frame `height` rows tall, which may be shorter than the card
  /// (tiles and the zigzag set their items' heights): the image gives up rows first, down
  /// to half of the space inside the border, then the comment, then the caption. Equal to
  /// `metrics(ofCard:width:)` when the card fits.
  ///
  /// - Complexity: O(text length) of the card, no ICU call.
  package func metrics(ofCard index: Int, width: Int, height: Int) -> CardMetrics {
    let natural = metrics(ofCard: index, width: width)
    guard natural.height > height else { return natural }
    let inner = Swift.max(0, height - CardStyle.verticalChrome)
    let textRows = natural.captionRows + natural.commentRows
    let pictureRows = Swift.min(natural.pictureRows, Swift.max(inner / 2, inner - textRows))
    let captionRows = Swift.min(natural.captionRows, inner - pictureRows)
    return CardMetrics(
      innerWidth: natural.innerWidth, pictureRows: pictureRows, captionRows: captionRows,
      commentRows: Swift.min(natural.commentRows, inner - pictureRows - captionRows))
  }

  /// The caption and comment lines of card `index` as drawn in a frame `width` × `height`
  /// (with `metrics(ofCard:width:height:)`): when text is cut, the last line shown ends in
  /// an ellipsis, so no card ever stops mid-word without a mark.
  package func drawnLines(ofCard index: Int, width: Int, height: Int) -> (
    metrics: CardMetrics, caption: [String], comment: [String]
  ) {
    let natural = metrics(ofCard: index, width: width)
    let fitted = metrics(ofCard: index, width: width, height: height)
    let inner = Swift.max(1, width - CardStyle.horizontalChrome)
    let caption = caption(ofCard: index).lines(
      width: inner, mode: style.wrap, maxLines: fitted.captionRows)
    var comment = comment(ofCard: index).lines(
      width: inner, mode: style.wrap,
      maxLines: Swift.min(fitted.commentRows, style.maximumCommentLines ?? .max))
    var captionLines = caption
    // Text hidden below the last line shown (the whole comment, say): mark that line.
    let hidesMore =
      fitted.captionRows < natural.captionRows || fitted.commentRows < natural.commentRows
    if hidesMore {
      if !comment.isEmpty {
        comment[comment.count - 1] = TextFitting.endingInEllipsis(
          comment[comment.count - 1], width: inner)
      } else if !captionLines.isEmpty {
        captionLines[captionLines.count - 1] = TextFitting.endingInEllipsis(
          captionLines[captionLines.count - 1], width: inner)
      }
    }
    return (fitted, captionLines, comment)
  }

  /// The measure function for a layout whose item at a path is the card `cardIndex` gives.
  package func itemMeasure(cardIndex: @escaping (ItemPath) -> Int) -> ItemMeasure {
    .heights { path, width in
      metrics(ofCard: cardIndex(path), width: width).height
    }
  }

  /// `itemMeasure(cardIndex:)`, measuring runs of a section's items too: `cardIndices`
  /// writes the cards of items `items` of section `section` into its buffer, as
  /// `cardIndex` gives them one by one.
  package func itemMeasure(
    cardIndex: @escaping (ItemPath) -> Int,
    cardIndices:
      @escaping (_ section: Int, _ items: Range<Int>, UnsafeMutableBufferPointer<Int>)
      -> Void
  ) -> ItemMeasure {
    .heights(
      { path, width in metrics(ofCard: cardIndex(path), width: width).height },
      many: { section, items, width, heights in
        cardIndices(section, items, heights)
        self.heights(ofCards: heights, width: width)
      })
  }

  /// Replaces each card index of `cards` with that card's height in a column `width`
  /// cells wide (`metrics(ofCard:width:).height`) when its lines are counted at that width,
  /// with -1 when not: a layout asks for runs at every column width, and a card counted
  /// at a width no column of it takes would be counted for nothing (`metrics` counts it
  /// when asked alone).
  ///
  /// - Complexity: O(1) a card.
  package func heights(ofCards cards: UnsafeMutableBufferPointer<Int>, width: Int) {
    let inner = Swift.max(1, width - CardStyle.horizontalChrome)
    cache.forEachKnownLineCounts(
      ofCards: UnsafeBufferPointer(cards), width: inner, wrap: style.wrap
    ) { slot, index, lines in
      guard let lines else {
        cards[slot] = -1
        return
      }
      cards[slot] = metrics(ofCard: index, inner: inner, lines: lines).height
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
