import BoundedCaches
import CardModel
import TerminalText

/// What measuring and drawing cards needs from their text, made on first use and kept:
///
/// - the line counts of each card's caption and comment at each width used lately (four
///   widths: a resize back and forth measures nothing again), 4 bytes per card each;
/// - the shapes of the other text, chunk by chunk, folded for the wrap mode
///   (`ChunkShapes`; simple ASCII and plain CJK are counted from their bytes);
/// - whole prepared texts for the cards drawn, in a bounded cache.
///
/// Before the first frame only the cards on screen are measured, however long the feed;
/// filtered views share it; cards that stream in are added.
///
/// Not thread-safe: a measurer and the views made from it are used from one thread (shapes
/// made elsewhere are handed over with `adopt`).
final class PreparedTextCache {
  private(set) var store: CardStore
  private var shapes: [ChunkShapes?] = []
  private var drawn = LRUCache<Int, (caption: PreparedText, comment: PreparedText)>(
    budget: 8 << 20)
  /// Line counts by width (at most `widthsKept`, the least recently used replaced).
  private var tables: [LineCountTable] = [] {
    didSet { tableKeys = tables.map { TableKey(width: $0.width, wrap: $0.wrap, count: $0.count) } }
  }
  /// Each table's width, wrap mode and size, in `tables`' order.
  private var tableKeys: [TableKey] = []

  private struct TableKey {
    let width: Int
    let wrap: WrapMode
    let count: Int
  }
  /// The widths measured at since `beginLayout` (the current layout's columns).
  private(set) var widthsInUse: [Int] = []
  private(set) var wrapInUse = WrapMode.word

  private static let widthsKept = 4

  /// Each card's picture shape, four bytes a card read in the measuring loop (the layouts
  /// of grouped sections visit cards out of order, and reading the chunk's records there
  /// costs a miss of memory per card): `width << 16 | height` for a picture of at most
  /// 65,535 pixels a side, else one of `Aspect`'s marks. The ratio is computed from the
  /// size as `CardImage.aspectRatio` computes it, so it is the same to the last bit.
  ///
  /// Empty until a card with a picture comes (then every card's): a feed of text alone
  /// keeps no array and reads none per card placed, where that read, out of order, was a
  /// miss of memory too.
  private var aspects: [UInt32] = []
  /// The cards appended while `aspects` is empty (none of them has a picture).
  private var cardsWithoutPictures = 0

  private enum Aspect {
    static let noPicture: UInt32 = 0
    /// A picture of unknown size: a square.
    static let unknownSize: UInt32 = 1
    /// A side over 65,535 pixels: the chunk is asked.
    static let large: UInt32 = 2
  }

  init(store: CardStore) {
    self.store = store
    shapes = Array(repeating: nil, count: store.chunks.count)
    textsShapedAlone = Array(repeating: 0, count: store.chunks.count)
    for chunk in store.chunks { appendAspects(of: chunk) }
  }

  var count: Int { store.count }

  /// Adds the cards of `chunk`.
  func append(_ chunk: CardChunk) {
    store.append(chunk)
    shapes.append(nil)
    textsShapedAlone.append(0)
    appendAspects(of: chunk)
  }

  private func appendAspects(of chunk: CardChunk) {
    // No `reserveCapacity` here: reserving the exact size a chunk at a time would copy
    // the whole array for every chunk (it does not grow geometrically).
    for local in 0..<chunk.count {
      let aspect: UInt32
      if let size = chunk.pictureSize(local) {
        if size.width <= 0 || size.height <= 0 {
          aspect = Aspect.unknownSize
        } else if size.width > 0xFFFF || size.height > 0xFFFF {
          aspect = Aspect.large
        } else {
          aspect = UInt32(size.width) << 16 | UInt32(size.height)
        }
      } else {
        aspect = Aspect.noPicture
      }
      if aspects.isEmpty {
        guard aspect != Aspect.noPicture else {
          cardsWithoutPictures += 1
          continue
        }
        aspects = Array(repeating: Aspect.noPicture, count: cardsWithoutPictures)
      }
      aspects.append(aspect)
    }
  }

  /// Takes shapes made on another thread for chunk `index` (unless made here already for
  /// the wrap mode in use).
  func adopt(_ chunkShapes: ChunkShapes, forChunk index: Int) {
    guard index < shapes.count, shapes[index]?.wrap != wrapInUse,
      chunkShapes.wrap == wrapInUse
    else { return }
    shapes[index] = chunkShapes
  }

  /// The shapes made so far, by chunk.
  var allShapes: [ChunkShapes?] { shapes }

  /// The chunks whose shapes are not made yet.
  var chunksWithoutShapes: [Int] { shapes.indices.filter { shapes[$0] == nil } }

  /// The lines of card `index`'s caption and comment at `width` cells.
  ///
  /// - Complexity: O(1) when known at this width; else O(text) — no ICU call for simple
  ///   text or once the chunk's shapes are made.
  @inline(__always)
  func lineCounts(ofCard index: Int, width: Int, wrap: WrapMode) -> (caption: Int, comment: Int) {
    let table = self.table(width: width, wrap: wrap, count: store.count)
    if let known = table.value(index) { return known }
    let caption = Swift.min(0xFFFE, lines(ofCard: index, field: 0, width: width, wrap: wrap))
    let comment = Swift.min(0xFFFF, lines(ofCard: index, field: 1, width: width, wrap: wrap))
    table.set(index, caption: caption, comment: comment)
    return (caption, comment)
  }

  /// Calls `body` with each card of `cards` (its slot, its index) and the lines of its
  /// caption and comment at `width` when they are counted (`nil` when not): what
  /// `lineCounts(ofCard:width:wrap:)` knows of each, in order, the width's table found
  /// once. Counts nothing.
  ///
  /// - Complexity: O(1) a card.
  @inline(__always)
  func forEachKnownLineCounts(
    ofCards cards: UnsafeBufferPointer<Int>, width: Int, wrap: WrapMode,
    _ body: (_ slot: Int, _ index: Int, _ lines: (caption: Int, comment: Int)?) -> Void
  ) {
    let table = self.table(width: width, wrap: wrap, count: store.count)
    for slot in cards.indices {
      let index = cards[slot]
      body(slot, index, table.value(index))
    }
  }

  /// A new layout starts measuring: the widths it uses are noted from here on.
  func beginLayout() {
    widthsInUse = []
  }

  /// Takes line counts made on a worker (those already counted here are kept).
  func adopt(_ measured: MeasuredCounts) {
    guard measured.chunk < store.chunks.count,
      ObjectIdentifier(store.chunks[measured.chunk]) == measured.chunkID
    else { return }
    if let shapes = measured.shapes { adopt(shapes, forChunk: measured.chunk) }
    var first = 0
    for index in 0..<measured.chunk { first += store.chunks[index].count }
    for (width, counts) in zip(measured.widths, measured.counts) {
      let table = self.table(width: width, wrap: measured.wrap, count: store.count)
      for (local, packed) in counts.enumerated() where table.value(first + local) == nil {
        table.set(first + local, caption: Int(packed >> 16), comment: Int(packed & 0xFFFF))
      }
    }
  }

  /// Counts, on every core, the cards of the chunks not counted yet at the widths in use
  /// (a chunk whose first or last card is not counted at one of them): before the layout
  /// is placed far at once (`G`, a resize at the end of a long feed), when otherwise each
  /// card would be counted in turn, in the layout's order, on this thread. Does nothing
  /// before the layout has measured a card (its widths are not known), or when fewer
  /// than `least` cards would be counted.
  ///
  /// - Complexity: O(chunks) when everything is counted; else O(text of the chunks
  ///   counted) spread over the cores.
  func countAhead(least: Int) {
    guard !widthsInUse.isEmpty else { return }
    let wrap = wrapInUse
    let widths = widthsInUse
    let tables = widths.map { table(width: $0, wrap: wrap, count: store.count) }
    var pending: [Int] = []
    var cards = 0
    var first = 0
    for (index, chunk) in store.chunks.enumerated() {
      let last = first + chunk.count - 1
      if chunk.count > 0,
        tables.contains(where: { $0.value(first) == nil || $0.value(last) == nil })
      {
        pending.append(index)
        cards += chunk.count
      }
      first += chunk.count
    }
    guard cards >= least else { return }
    let job = MeasureJob(
      generation: 0, firstChunk: 0, chunks: store.chunks, widths: widths, wrap: wrap,
      shapes: shapes)
    for measured in job.measure(chunksAt: pending) { adopt(measured) }
  }

  /// The table of line counts at `width`, holding at least `count` cards.
  ///
  /// Found by a scan of the few kept, without reordering them: masonry's uneven columns
  /// alternate between two widths card by card.
  @inline(__always)
  private func table(width: Int, wrap: WrapMode, count: Int) -> LineCountTable {
    // Matched on the keys apart: the measuring loop (a call per card placed) then touches
    // no table but its own.
    for index in tableKeys.indices {
      let key = tableKeys[index]
      if key.width == width && key.wrap == wrap && key.count >= count {
        let table = tables[index]
        if table.lastUse != useCount { useCount &+= 1; table.lastUse = useCount }
        return table
      }
    }
    return newTable(width: width, wrap: wrap, count: count)
  }

  /// A table not kept yet (or too small): grown from the one of that width, or new in
  /// place of the least recently used.
  private func newTable(width: Int, wrap: WrapMode, count: Int) -> LineCountTable {
    if !widthsInUse.contains(width) || wrapInUse != wrap {
      if wrapInUse != wrap { widthsInUse = [] }
      widthsInUse.append(width)
      wrapInUse = wrap
    }
    useCount &+= 1
    if let found = tables.firstIndex(where: { $0.width == width && $0.wrap == wrap }) {
      let grown = tables[found].grown(to: count)
      grown.lastUse = useCount
      tables[found] = grown
      return grown
    }
    let table = LineCountTable(width: width, wrap: wrap, count: count)
    table.lastUse = useCount
    if tables.count == Self.widthsKept,
      let oldest = tables.indices.min(by: { tables[$0].lastUse < tables[$1].lastUse })
    {
      tables[oldest] = table
    } else {
      tables.append(table)
    }
    return table
  }

  /// Ticks of table use, for the least recently used.
  private var useCount = 0

  private func lines(ofCard index: Int, field: Int, width: Int, wrap: WrapMode) -> Int {
    let (chunkIndex, local) = store.locate(index)
    return store.chunks[chunkIndex].lineCount(
      ofCard: local, field: field, width: width, wrap: wrap, scratch: &scratch
    ) { () -> ChunkShapes? in
      if let made = shapes[chunkIndex], made.wrap == wrap { return made }
      // A chunk's first texts counted here are shaped alone: the first screens of a feed
      // that streams in (a few cards of each new chunk land on them) would otherwise
      // shape whole chunks on the event loop, which the worker shapes anyway.
      if textsShapedAlone[chunkIndex] < Self.textsShapedAloneLimit {
        textsShapedAlone[chunkIndex] += 1
        return nil
      }
      return shapes(ofChunk: chunkIndex, wrap: wrap)
    }
  }

  /// The buffers counting other text from its bytes reuses.
  private var scratch = UnicodeText.Scratch()

  /// Texts of each chunk counted without the chunk's shapes.
  private var textsShapedAlone: [UInt16] = []
  /// The texts of a chunk counted alone before its shapes are made.
  private static let textsShapedAloneLimit: UInt16 = 512

  /// The widest line of card `index`'s caption (a chip's width).
  func captionWidth(ofCard index: Int) -> Int {
    let (chunkIndex, local) = store.locate(index)
    return store.chunks[chunkIndex].withText(local) { caption, _ in
      switch store.chunks[chunkIndex].textKind(local, field: 0) {
      case .simpleASCII: return PreparedText.naturalWidth(of: ASCIIText.Clusters(caption))
      case .cjk: return PreparedText.naturalWidth(of: CJKText.Clusters(caption))
      case .printableASCII, .other: break
      }
      return shapes(ofChunk: chunkIndex, wrap: wrapInUse).naturalWidth(
        ofCard: local, field: 0, text: caption)
    }
  }

  private func shapes(ofChunk index: Int, wrap: WrapMode) -> ChunkShapes {
    if let made = shapes[index], made.wrap == wrap { return made }
    let made = ChunkShapes(store.chunks[index], wrap: wrap)
    shapes[index] = made
    return made
  }

  /// Card `index`'s caption and comment, prepared whole (for drawing).
  ///
  /// - Complexity: O(text length) the first time (one ICU pass), O(1) after, while kept.
  func prepared(_ index: Int) -> (caption: PreparedText, comment: PreparedText) {
    if let kept = drawn.value(for: index) { return kept }
    let (chunk, local) = store.locate(index)
    let texts = store.chunks[chunk].withText(local) { caption, comment in
      (
        PreparedText(String(decoding: caption, as: UTF8.self)),
        PreparedText(String(decoding: comment, as: UTF8.self))
      )
    }
    let cost = 64 + 2 * (texts.0.string.utf8.count + texts.1.string.utf8.count)
    drawn.insert(texts, for: index, cost: cost)
    return texts
  }

  func caption(_ index: Int) -> PreparedText { prepared(index).caption }
  func comment(_ index: Int) -> PreparedText { prepared(index).comment }

  /// Whether card `index` has a picture, and its shape.
  @inline(__always)
  func pictureShape(_ index: Int) -> (hasImage: Bool, aspectRatio: Double) {
    guard !aspects.isEmpty else { return (false, 1) }
    let aspect = aspects[index]
    switch aspect {
    case Aspect.noPicture: return (false, 1)
    case Aspect.unknownSize: return (true, 1)
    case Aspect.large:
      let (chunk, local) = store.locate(index)
      return store.chunks[chunk].pictureShape(local)
    default: return (true, Double(aspect & 0xFFFF) / Double(aspect >> 16))
    }
  }
}
