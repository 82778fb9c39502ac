/// Which cards of a chunk keep something in a side table (folded search text, shapes of
/// text that is not plain), and each one's place there: a bit per card and a count per 64
/// cards, so cards that keep nothing cost an eighth of a byte rather than a place.
package struct KeptCards: Sendable {
  private var bits: [UInt64]
  /// How many cards before each 64 keep something.
  private var keptBefore: [UInt32]
  /// How many cards keep something.
  package private(set) var count = 0
  /// The last 64 whose `keptBefore` is set (those after it hold no marked card yet).
  private var countedThrough = 0

  /// None of `cards` cards, to be marked in ascending order.
  package init(cards: Int) {
    bits = [UInt64](repeating: 0, count: (cards + 63) / 64)
    keptBefore = [UInt32](repeating: 0, count: bits.count)
  }

  /// Marks card `index`, after every card marked so far; returns its place (the cards
  /// marked before it). Amortised O(1).
  @discardableResult
  package mutating func keep(_ index: Int) -> Int {
    let word = index >> 6
    // The 64s up to this one start with the count so far (each is set once).
    while countedThrough < word {
      countedThrough += 1
      keptBefore[countedThrough] = UInt32(count)
    }
    bits[word] |= 1 << UInt64(index & 63)
    count += 1
    return count - 1
  }

  /// Card `index`'s place among the marked cards, `nil` when it is not marked. O(1).
  @inline(__always)
  package func place(of index: Int) -> Int? {
    let word = bits[index >> 6]
    let bit = UInt64(1) << UInt64(index & 63)
    guard word & bit != 0 else { return nil }
    return Int(keptBefore[index >> 6]) + (word & (bit - 1)).nonzeroBitCount
  }

  /// The bytes it takes.
  package var storedBytes: Int { bits.count * 8 + keptBefore.count * 4 }
}
