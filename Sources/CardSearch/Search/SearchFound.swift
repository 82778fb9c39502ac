import CardModel

/// Matches a search worker found, in order, and how far it has scanned.
package struct SearchFound: Hashable, Sendable {
  package var generation: Int
  /// Card indices, ascending.
  package var matches: [Int]
  /// The cards before this index are scanned.
  package var scannedThrough: Int
  /// Folded text the worker made, by chunk, to keep.
  package var texts: [(Int, ChunkSearchText)] = []
  /// Whether the scan reached the last card it was given.
  package var isDone = false

  package init(generation: Int, matches: [Int], scannedThrough: Int) {
    self.generation = generation
    self.matches = matches
    self.scannedThrough = scannedThrough
  }

  package static func == (lhs: SearchFound, rhs: SearchFound) -> Bool {
    lhs.generation == rhs.generation && lhs.matches == rhs.matches
      && lhs.scannedThrough == rhs.scannedThrough && lhs.isDone == rhs.isDone
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(generation)
    hasher.combine(scannedThrough)
    hasher.combine(matches.count)
  }
}
