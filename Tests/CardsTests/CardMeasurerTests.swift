import LayoutEngine
import TerminalText
import TestSupport
import Testing

@testable import CardMeasuring
@testable import CardModel
@testable import CardReading
@testable import CardSearch

@Suite struct CardMeasurerTests {
  /// Metrics of the sample's first cards at three widths, as readable golden text.
  @Test func sampleMetricsAtThreeWidths() {
    let sample = BundledSample.collection()
    let measurer = CardMeasurer(store: sample.cards)
    var out = ""
    for width in [16, 30, 60] {
      for index in [0, 2, 6, 13, 22, 46] {
        let m = measurer.metrics(ofCard: index, width: width)
        out +=
          "w\(width) #\(index) \(sample.cards[index].caption): inner \(m.innerWidth) image \(m.pictureRows)"
          + " caption \(m.captionRows) comment \(m.commentRows) height \(m.height)\n"
      }
    }
    let mismatch = Snapshot.mismatch(out, named: "sample-metrics")
    #expect(mismatch == nil, "\(mismatch ?? "")")
  }

  /// Heights of runs of cards (`heights(ofCards:width:)`, what a layout's measure of runs
  /// reads) are `metrics(ofCard:width:).height` for each card counted at that width, and -1
  /// for each not (a run counts nothing): random records with pictures, long and short
  /// text, in both wrap modes, with and without caps on the comment and the picture, in any
  /// order and repeated, part of them counted first, at uneven and narrow widths.
  @Test(arguments: WrapMode.allCases)
  func heightsOfRunsAreEachCountedCardsHeight(wrap: WrapMode) {
    var cards = MeasureJobTests.randomCards(seed: 61, count: 1_200)
    cards.append(Card(caption: "x", image: CardImage(width: 10, height: 10_000)))
    cards.append(Card(caption: "y", comment: String(repeating: "word ", count: 400)))
    let store = CardStore(cards)
    var random = SeededGenerator(seed: 62)
    for style in [
      CardStyle(wrap: wrap), CardStyle(wrap: wrap, maximumCommentLines: nil, maximumPictureRows: 7),
    ] {
      let measurer = CardMeasurer(store: store, style: style)
      let alone = CardMeasurer(store: store, style: style)
      for width in [5, 26, 27, 40] {
        var order =
          Array(store.indices)
          + (0..<50).map { _ in Int.random(in: 0..<cards.count, using: &random) }
        order.shuffle(using: &random)
        // Nothing counted at this width yet: every card left to be asked alone.
        var heights = order
        heights.withUnsafeMutableBufferPointer { measurer.heights(ofCards: $0, width: width) }
        #expect(heights.allSatisfy { $0 == -1 }, "width \(width), nothing counted")
        // A third counted alone: their heights, the others still -1.
        let counted = Set(order.filter { _ in Int.random(in: 0..<3, using: &random) == 0 })
        for index in counted { _ = measurer.metrics(ofCard: index, width: width) }
        heights = order
        heights.withUnsafeMutableBufferPointer { measurer.heights(ofCards: $0, width: width) }
        let expected = order.map {
          counted.contains($0) ? alone.metrics(ofCard: $0, width: width).height : -1
        }
        #expect(heights == expected, "width \(width)")
        #expect(counted.count > 300)
      }
    }
  }

  @Test func imagesFollowTheirAspectWithCellsTwiceAsTallAsWide() {
    let square = Card(caption: "x", image: CardImage(width: 100, height: 100))
    let panorama = Card(caption: "x", image: CardImage(width: 10_000, height: 100))
    let needle = Card(caption: "x", image: CardImage(width: 10, height: 10_000))
    let measurer = CardMeasurer(cards: [square, panorama, needle, Card(caption: "text only")])
    // Inner width 20: a square picture is 20 cells wide and 10 rows tall.
    #expect(measurer.metrics(ofCard: 0, width: 24).pictureRows == 10)
    #expect(measurer.metrics(ofCard: 0, width: 40).pictureRows == 18, "no silent flattening")
    #expect(measurer.metrics(ofCard: 1, width: 24).pictureRows == 1, "a panorama keeps a row")
    #expect(measurer.metrics(ofCard: 2, width: 24).pictureRows == 10_000, "its true shape")
    let onScreen = CardMeasurer(
      cards: [needle],
      style: CardStyle(maximumPictureRows: CardStyle.pictureRowLimit(cardAreaHeight: 36)))
    #expect(onScreen.metrics(ofCard: 0, width: 24).pictureRows == 33, "capped to the card area")
    #expect(measurer.metrics(ofCard: 3, width: 24).pictureRows == 0)
    #expect(measurer.metrics(ofCard: 3, width: 24).height == 3)
  }

  /// The measurer keeps each picture's shape in four bytes; the rows it gives are those
  /// of the picture's own aspect ratio, for sizes small and large (past 65,535 pixels a
  /// side), unknown (0), and no picture at all, on seeded random cases.
  @Test func keptShapesGiveThePicturesOwnRows() {
    var generator = SeededGenerator(seed: 65_535)
    let sides = [0, 1, 2, 3, 7, 100, 333, 65_535, 65_536, 70_000, 1 << 24]
    let images: [CardImage?] = (0..<3_000).map { _ in
      if Int.random(in: 0..<8, using: &generator) == 0 { return nil }
      func side() -> Int {
        Bool.random(using: &generator)
          ? sides.randomElement(using: &generator)! : Int.random(in: 1...5_000, using: &generator)
      }
      return CardImage(width: side(), height: side())
    }
    let measurer = CardMeasurer(cards: images.map { Card(caption: "x", image: $0) })
    let shape = CardStyle().cellShape
    for (index, image) in images.enumerated() {
      for width in [5, 24, 61] {
        let expected =
          image.map {
            shape.rows(forAspectRatio: $0.aspectRatio, columns: width - CardStyle.horizontalChrome)
          } ?? 0
        #expect(
          measurer.metrics(ofCard: index, width: width).pictureRows == expected,
          "\(String(describing: image)) at \(width)")
      }
    }
  }

  /// Cards streamed in a chunk at a time, the first pictures only after thousands of
  /// cards of text (when the measurer starts keeping picture shapes): every card's
  /// picture rows are those of its own picture, or none, as for cards given at once.
  @Test func picturesAfterTextAloneKeepTheirShapes() {
    var generator = SeededGenerator(seed: 4_097)
    let cards = (0..<12_000).map { index -> Card in
      guard index >= 9_000, Bool.random(using: &generator) else {
        return Card(caption: "text \(index)")
      }
      return Card(
        caption: "picture \(index)",
        image: CardImage(
          width: Int.random(in: 1...3_000, using: &generator),
          height: Int.random(in: 1...3_000, using: &generator)))
    }
    let whole = CardStore(cards)
    let streamed = CardMeasurer(store: CardStore())
    for chunk in whole.chunks { streamed.append(chunk) }
    let shape = CardStyle().cellShape
    var pictures = 0
    for (index, card) in cards.enumerated() {
      let expected =
        card.image.map { shape.rows(forAspectRatio: $0.aspectRatio, columns: 20) } ?? 0
      if card.image != nil { pictures += 1 }
      let rows = streamed.metrics(ofCard: index, width: 24).pictureRows
      #expect(rows == expected, "card \(index)")
      if rows != expected { return }
    }
    #expect(pictures > 1_000)
  }

  @Test func commentIsCappedWithAnEllipsis() {
    let card = Card(caption: "c", comment: String(repeating: "word ", count: 200))
    let measurer = CardMeasurer(cards: [card], style: CardStyle(maximumCommentLines: 3))
    #expect(measurer.metrics(ofCard: 0, width: 20).commentRows == 3)
    #expect(measurer.commentLines(ofCard: 0, width: 20).last?.hasSuffix("…") == true)
  }

  @Test func measureFunctionDrivesTheLayout() {
    let sample = BundledSample.collection()
    let measurer = CardMeasurer(store: sample.cards)
    let shown = CardSelection(all: sample)
    var layout = MasonryLayout(options: .init(columns: .adaptive(minimumWidth: 24)))
    let context = LayoutContext(
      containerSize: Size(width: 100, height: 30), sections: sample.sectionSpecs(),
      measure: measurer.itemMeasure(cardIndex: shown.cardIndex(of:)))
    layout.prepare(context)
    #expect(LayoutInvariants.violations(of: layout, context: context) == [])
    let first = layout.attributes(forItem: ItemPath(section: 0, item: 0))!
    #expect(first.frame.height == measurer.metrics(ofCard: 0, width: first.frame.width).height)
  }
}

/// Line counts made on a worker are the ones the measurer makes itself.
@Suite struct MeasureJobTests {
  /// The cards of `count` seeded random records without faults (those the reference
  /// loader reads).
  static func randomCards(seed: UInt64, count: Int) -> [Card] {
    var random = SeededGenerator(seed: seed)
    return (0..<count).compactMap { _ in
      let record = RandomCardRecord.make(using: &random, faults: false)
      return try? ReferenceCardLoader.cards(in: record, path: "r", format: .jsonLines).first
    }
  }

  @Test func aWorkerCountsAsTheMeasurerDoes() throws {
    var cards = Self.randomCards(seed: 31, count: 3_000)
    cards += Array(BundledSample.collection().cards)
    let store = CardStore(cards)
    let measurer = CardMeasurer(store: store)
    // The first screen measures at two widths, as masonry's uneven columns do.
    for index in 0..<20 { _ = measurer.metrics(ofCard: index, width: index % 2 == 0 ? 30 : 31) }
    let job = try #require(measurer.measureJob(generation: 7))
    #expect(job.widths == [30 - CardStyle.horizontalChrome, 31 - CardStyle.horizontalChrome])
    var reports: [MeasuredCounts] = []
    let cancellation = JobCancellation()
    cancellation.start(7)
    job.run(cancellation: cancellation) { reports.append($0) }
    #expect(reports.count == store.chunks.count)
    let fresh = CardMeasurer(store: store)
    for report in reports { measurer.adopt(report) }
    // Counted ahead on every core, as `G` does.
    let ahead = CardMeasurer(store: store)
    for index in 0..<20 { _ = ahead.metrics(ofCard: index, width: index % 2 == 0 ? 30 : 31) }
    ahead.countAhead(least: 0)
    for index in store.indices {
      for width in [30, 31] {
        let expected = fresh.metrics(ofCard: index, width: width)
        #expect(measurer.metrics(ofCard: index, width: width) == expected)
        #expect(ahead.metrics(ofCard: index, width: width) == expected)
      }
    }
  }

  /// A chunk counted at once at several widths (one pass over its cards; in word mode the
  /// texts the counter from the bytes refuses shaped as they come) gives the counts card
  /// by card, and the prepared text's own: narrow widths that split long words, masonry's
  /// two neighbouring widths, a wide one, in both wrap modes, with shapes made by the job
  /// and given to it, several texts with long words in one chunk, and texts only ICU
  /// shapes (Thai, an emoji newer than ICU's data) or that the readers take as the
  /// sanitiser rewrites them (a tab, a control, an emoji joined by ZWJ) in either field or
  /// both.
  @Test(arguments: WrapMode.allCases)
  func aChunkCountedAtOnceCountsAsCardByCard(wrap: WrapMode) throws {
    var cards = Self.randomCards(seed: 43, count: 2_000)
    cards += Array(BundledSample.collection().cards)
    cards.append(
      Card(caption: "plain words only", comment: "«" + String(repeating: "ж", count: 90)))
    // Several texts with words wider than a folded word keeps whole, one chunk: each
    // count reads its own long words.
    for length in [22, 30, 41, 57] {
      cards.append(
        Card(
          caption: "ü" + String(repeating: "щ", count: length) + " x",
          comment: "é " + String(repeating: "ф", count: length + 3) + " y z"))
    }
    let refused = [
      "a tab\there and more words after it", "bell \u{7} rings", "ภาษาไทย ไม่มีช่องว่าง",
      "👩\u{200D}💻 codes all night long", "\u{1FAE8} shaking face, newer than ICU 72",
    ]
    for (index, text) in refused.enumerated() {
      cards.insert(Card(caption: text, comment: "naïve — " + text), at: 100 * index + 7)
      cards.insert(Card(caption: "naïve ascii", comment: text), at: 100 * index + 50)
      cards.insert(Card(caption: text, comment: "plain"), at: 100 * index + 90)
    }
    let store = CardStore(cards)
    let style = CardStyle(wrap: wrap, maximumCommentLines: nil)
    let measurer = CardMeasurer(store: store, style: style)
    let widths = [6, 7, 9, 13, 26, 27, 45]
    for width in widths { _ = measurer.metrics(ofCard: 0, width: width) }
    let job = try #require(measurer.measureJob(generation: 1))
    #expect(job.widths == widths.map { $0 - CardStyle.horizontalChrome })
    let given = MeasureJob(
      generation: 1, firstChunk: 0, chunks: job.chunks, widths: job.widths, wrap: wrap,
      shapes: job.chunks.map { ChunkShapes($0, wrap: wrap) })
    let fresh = CardMeasurer(store: store, style: style)
    var first = 0
    for chunkIndex in job.chunks.indices {
      for counts in [job.measure(chunkAt: chunkIndex), given.measure(chunkAt: chunkIndex)] {
        for (slot, width) in widths.enumerated() {
          for local in 0..<job.chunks[chunkIndex].count {
            let metrics = fresh.metrics(ofCard: first + local, width: width)
            let packed = counts.counts[slot][local]
            #expect(Int(packed >> 16) == metrics.captionRows)
            #expect(Int(packed & 0xFFFF) == metrics.commentRows)
            let card = store[first + local]
            let inner = width - CardStyle.horizontalChrome
            #expect(
              Int(packed >> 16) == PreparedText(card.caption).lineCount(width: inner, mode: wrap))
            #expect(
              Int(packed & 0xFFFF)
                == PreparedText(card.comment ?? "").lineCount(width: inner, mode: wrap))
          }
        }
      }
      first += job.chunks[chunkIndex].count
    }
  }

  /// Counts from the chunk's folded shapes (words in word mode, clusters in character
  /// mode; shaped again for a word wider than the line) are the prepared text's own, at
  /// every width from 3 to 40: random records, long words, runs of spaces, line feeds.
  @Test(arguments: WrapMode.allCases)
  func foldedShapesCountAsPreparedTextDoes(wrap: WrapMode) {
    var cards = Self.randomCards(seed: 41, count: 1_500)
    cards.append(Card(caption: "«" + String(repeating: "ж", count: 3_000) + "» end"))
    cards.append(Card(caption: "«a»" + String(repeating: " ", count: 40) + "b\n\nc — d"))
    cards.append(Card(caption: "naïve https://example.org/a/very/long/path—and more"))
    let store = CardStore(cards)
    let measurer = CardMeasurer(
      store: store, style: CardStyle(wrap: wrap, maximumCommentLines: nil))
    var checked = 0
    for index in store.indices {
      let caption = PreparedText(store[index].caption)
      let comment = PreparedText(store[index].comment ?? "")
      for width in 3...40 {
        let inner = width - CardStyle.horizontalChrome
        guard inner >= 1 else { continue }
        let metrics = measurer.metrics(ofCard: index, width: width)
        #expect(metrics.captionRows == caption.lineCount(width: inner, mode: wrap))
        #expect(metrics.commentRows == comment.lineCount(width: inner, mode: wrap))
        checked += 1
      }
      #expect(measurer.captionWidth(ofCard: index) == caption.naturalWidth)
    }
    #expect(checked > 40_000)
  }
}
