/// The cards of a source in file order, kept compactly in immutable chunks: a
/// random-access collection of `Card` that decodes a card only when it is read.
///
/// Appending a chunk is O(1) amortised and shares the chunk (no copy), so cards that
/// stream in while the browser runs cost nothing to add.
package struct CardStore: RandomAccessCollection, Sendable {
  package private(set) var chunks: [CardChunk] = []
  /// The flat index of each chunk's first card.
  private var chunkStarts: [Int] = []
  package private(set) var count = 0

  package init() {}

  /// A store of `cards` (in one chunk per 4,096 cards).
  package init(_ cards: some Sequence<Card>, pictureBase: PictureLinks.Base? = nil) {
    var builder = CardChunkBuilder(pictureBase: pictureBase, probesPictures: false)
    for card in cards {
      builder.append(card)
      if builder.count == 4096 { append(builder.finish(sourceBytes: 0)) }
    }
    if !builder.isEmpty { append(builder.finish(sourceBytes: 0)) }
  }

  package mutating func append(_ chunk: CardChunk) {
    guard chunk.count > 0 else { return }
    chunks.append(chunk)
    chunkStarts.append(count)
    count += chunk.count
  }

  package var startIndex: Int { 0 }
  package var endIndex: Int { count }

  /// Card `index`, decoded.
  ///
  /// - Complexity: O(log *c*) in the chunks, plus the card's text.
  package subscript(index: Int) -> Card {
    let (chunk, local) = locate(index)
    return chunks[chunk].card(local)
  }

  /// The chunk holding card `index` and the card's index in it.
  ///
  /// - Complexity: O(log *c*) in the chunks.
  @inline(__always)
  package func locate(_ index: Int) -> (chunk: Int, local: Int) {
    precondition(index >= 0 && index < count, "card index out of range")
    // Chunks are usually all full: guess, then search.
    var low = 0
    var high = chunkStarts.count
    while high - low > 1 {
      let middle = (low + high) / 2
      if chunkStarts[middle] <= index { low = middle } else { high = middle }
    }
    return (low, index - chunkStarts[low])
  }

  /// Card `index`'s tags, without decoding its text.
  package func tags(ofCard index: Int) -> [String] {
    let (chunk, local) = locate(index)
    return chunks[chunk].tags(local)
  }

  /// Card `index`'s picture, without decoding its text.
  package func image(ofCard index: Int) -> CardImage? {
    let (chunk, local) = locate(index)
    return chunks[chunk].image(local)
  }

  /// The indices of the cards from `start` on that carry `tag` (as shown: sanitised).
  ///
  /// - Complexity: O(cards from `start`), no text decoded.
  package func cards(taggedWith tag: String, from start: Int = 0) -> [Int] {
    guard start < count else { return [] }
    var result: [Int] = []
    for chunk in locate(start).chunk..<chunks.count {
      let first = chunkStarts[chunk]
      for local in chunks[chunk].cards(taggedWith: tag) where first + local >= start {
        result.append(first + local)
      }
    }
    return result
  }

  /// Card `index`'s section name, without decoding its text.
  package func section(ofCard index: Int) -> String? {
    let (chunk, local) = locate(index)
    return chunks[chunk].section(local)
  }

  /// The section name of every card, as runs of consecutive cards with the same name.
  package func sectionRuns(from start: Int = 0) -> [(name: String?, count: Int)] {
    var runs: [(name: String?, count: Int)] = []
    guard start < count else { return runs }
    var (chunkIndex, local) = locate(start)
    while chunkIndex < chunks.count {
      let chunk = chunks[chunkIndex]
      var previous = UInt32.max
      for index in local..<chunk.count {
        let section = chunk.records[index].section
        if section == previous {
          runs[runs.count - 1].count += 1
          continue
        }
        previous = section
        let name = chunk.sectionNames[Int(section)]
        if let last = runs.last, last.name == name {
          runs[runs.count - 1].count += 1
        } else {
          runs.append((name, 1))
        }
      }
      chunkIndex += 1
      local = 0
    }
    return runs
  }

  /// The bytes the cards take, roughly.
  package var storedBytes: Int { chunks.reduce(0) { $0 + $1.storedBytes } }
}
