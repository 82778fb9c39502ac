import TerminalText

/// Line counts made on a worker thread, so that `G` and scrolling far need no measuring on
/// the event loop: every card not counted yet, at each width the current layout uses,
/// chunk by chunk, reported as it goes and stopped when the layout changes again.
package struct MeasureJob: Sendable {
  package let generation: Int
  package let chunks: [CardChunk]
  /// The widths (inside the card border) and wrap mode the layout measures at.
  package let widths: [Int]
  package let wrap: WrapMode
  /// Shapes already made, by chunk (the worker makes the rest and hands them back).
  package let shapes: [ChunkShapes?]

  /// Counts, calling `report` once per chunk; returns early once `cancellation` says this
  /// job is no longer the current one.
  package func run(cancellation: JobCancellation, report: (MeasuredCounts) -> Void) {
    for (chunkIndex, chunk) in chunks.enumerated() {
      if cancellation.isCancelled(generation) { return }
      var shapes = chunkIndex < self.shapes.count ? self.shapes[chunkIndex] : nil
      var madeShapes: ChunkShapes?
      var counts: [[UInt32]] = []
      // Made once per chunk, when the first text that needs them is counted.
      let shapesOfChunk = {
        if let shapes { return shapes }
        let made = ChunkShapes(chunk)
        shapes = made
        madeShapes = made
        return made
      }
      for width in widths {
        var values = [UInt32](repeating: 0, count: chunk.count)
        for local in 0..<chunk.count {
          let caption = chunk.lineCount(
            ofCard: local, field: 0, width: width, wrap: wrap, shapes: shapesOfChunk)
          let comment = chunk.lineCount(
            ofCard: local, field: 1, width: width, wrap: wrap, shapes: shapesOfChunk)
          values[local] =
            UInt32(Swift.min(0xFFFE, caption)) << 16 | UInt32(Swift.min(0xFFFF, comment))
        }
        counts.append(values)
      }
      report(
        MeasuredCounts(
          generation: generation, chunk: chunkIndex, widths: widths, wrap: wrap, counts: counts,
          shapes: madeShapes))
    }
  }
}

extension MeasureJob: Hashable {
  package static func == (lhs: MeasureJob, rhs: MeasureJob) -> Bool {
    lhs.generation == rhs.generation && lhs.widths == rhs.widths && lhs.wrap == rhs.wrap
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(generation)
    hasher.combine(widths)
  }
}
