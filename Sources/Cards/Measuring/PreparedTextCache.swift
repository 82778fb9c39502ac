import Pictures
import TerminalText

/// What measuring and drawing cards needs from their text, made on first use and kept:
///
/// - the line counts of each card's caption and comment at each width used lately (four
///   widths: a resize back and forth measures nothing again), 4 bytes per card each;
/// - the shapes of text that needs ICU, chunk by chunk (`ChunkShapes`; simple ASCII is
///   shaped on the fly, allocating nothing);
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
  private var lineCounts: [LineCountKey: [UInt32]] = [:]
  private var recentKeys: [LineCountKey] = []

  private struct LineCountKey: Hashable {
    var width: Int
    var wrap: WrapMode
  }

  private static let unknown = UInt32.max
  private static let widthsKept = 4

  init(store: CardStore) {
    self.store = store
    shapes = Array(repeating: nil, count: store.chunks.count)
  }

  var count: Int { store.count }

  /// Adds the cards of `chunk`.
  func append(_ chunk: CardChunk) {
    store.append(chunk)
    shapes.append(nil)
  }

  /// Takes shapes made on another thread for chunk `index` (unless made here already).
  func adopt(_ chunkShapes: ChunkShapes, forChunk index: Int) {
    guard index < shapes.count, shapes[index] == nil else { return }
    shapes[index] = chunkShapes
  }

  /// The chunks whose shapes are not made yet.
  var chunksWithoutShapes: [Int] { shapes.indices.filter { shapes[$0] == nil } }

  /// The lines of card `index`'s caption and comment at `width` cells.
  ///
  /// - Complexity: O(1) when known at this width; else O(text) — no ICU call for simple
  ///   ASCII or once the chunk's shapes are made.
  func lineCounts(ofCard index: Int, width: Int, wrap: WrapMode) -> (caption: Int, comment: Int) {
    let key = LineCountKey(width: width, wrap: wrap)
    if let counts = lineCounts[key], index < counts.count, counts[index] != Self.unknown {
      let packed = counts[index]
      return (Int(packed >> 16), Int(packed & 0xFFFF))
    }
    let caption = Swift.min(0xFFFE, lines(ofCard: index, field: 0, width: width, wrap: wrap))
    let comment = Swift.min(0xFFFF, lines(ofCard: index, field: 1, width: width, wrap: wrap))
    remember(UInt32(caption) << 16 | UInt32(comment), ofCard: index, key: key)
    return (caption, comment)
  }

  private func remember(_ packed: UInt32, ofCard index: Int, key: LineCountKey) {
    if lineCounts[key] == nil {
      if recentKeys.count == Self.widthsKept { lineCounts[recentKeys.removeFirst()] = nil }
      lineCounts[key] = []
    } else if recentKeys.last != key {
      recentKeys.removeAll { $0 == key }
    }
    if recentKeys.last != key { recentKeys.append(key) }
    if lineCounts[key]!.count < store.count {
      lineCounts[key]!.append(
        contentsOf: repeatElement(Self.unknown, count: store.count - lineCounts[key]!.count))
    }
    lineCounts[key]![index] = packed
  }

  private func lines(ofCard index: Int, field: Int, width: Int, wrap: WrapMode) -> Int {
    let (chunkIndex, local) = store.locate(index)
    let chunk = store.chunks[chunkIndex]
    if chunk.isSimple(local, field: field) {
      return chunk.withText(local) { caption, comment in
        ASCIIText.lineCount(field == 0 ? caption : comment, width: width, mode: wrap)
      }
    }
    return shapes(ofChunk: chunkIndex).withShape(ofCard: local, field: field) {
      PreparedText.lineCount(of: $0, width: width, mode: wrap)
    }
  }

  /// The widest line of card `index`'s caption (a chip's width).
  func captionWidth(ofCard index: Int) -> Int {
    let (chunkIndex, local) = store.locate(index)
    return store.chunks[chunkIndex].withText(local) { caption, _ in
      if store.chunks[chunkIndex].isSimple(local, field: 0) {
        return PreparedText.naturalWidth(of: ASCIIText.Clusters(caption))
      }
      return shapes(ofChunk: chunkIndex).withShape(ofCard: local, field: 0) {
        PreparedText.naturalWidth(of: $0)
      }
    }
  }

  private func shapes(ofChunk index: Int) -> ChunkShapes {
    if let made = shapes[index] { return made }
    let made = ChunkShapes(store.chunks[index])
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
  func imageShape(_ index: Int) -> (hasImage: Bool, aspectRatio: Double) {
    let (chunk, local) = store.locate(index)
    return store.chunks[chunk].imageShape(local)
  }
}
