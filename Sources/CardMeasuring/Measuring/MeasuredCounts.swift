import CardModel
import TerminalText

/// The line counts of one chunk's cards at some widths, from a worker.
package struct MeasuredCounts: Hashable, Sendable {
  package let generation: Int
  package let chunk: Int
  /// The chunk measured: counts for a chunk of another collection (one read again) are
  /// not taken.
  package let chunkID: ObjectIdentifier
  package let widths: [Int]
  package let wrap: WrapMode
  /// For each width, each card's caption and comment lines, packed as the table keeps them.
  package let counts: [[UInt32]]
  package let shapes: ChunkShapes?

  package static func == (lhs: MeasuredCounts, rhs: MeasuredCounts) -> Bool {
    lhs.generation == rhs.generation && lhs.chunk == rhs.chunk && lhs.widths == rhs.widths
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(generation)
    hasher.combine(chunk)
  }
}
