import CardModel
import Dispatch
import TerminalText

/// Line counts made on a worker thread, so that `G` and scrolling far need no measuring on
/// the event loop: the cards of some chunks (all of them after a layout change, the new
/// ones as a source streams in), at each width the current layout uses, chunk by chunk,
/// reported as it goes and stopped when the layout changes again.
package struct MeasureJob: Sendable {
  package let generation: Int
  /// The index of `chunks[0]` among the collection's chunks.
  package let firstChunk: Int
  package let chunks: [CardChunk]
  /// The widths (inside the card border) and wrap mode the layout measures at.
  package let widths: [Int]
  package let wrap: WrapMode
  /// Shapes already made, by chunk of `chunks` (the worker makes the rest and hands them
  /// back).
  package let shapes: [ChunkShapes?]

  /// A job counting `chunks` (the collection's from `firstChunk` on) at `widths`, with the
  /// shapes already made for them (`nil` or missing: none).
  package init(
    generation: Int, firstChunk: Int, chunks: [CardChunk], widths: [Int], wrap: WrapMode,
    shapes: [ChunkShapes?]
  ) {
    self.generation = generation
    self.firstChunk = firstChunk
    self.chunks = chunks
    self.widths = widths
    self.wrap = wrap
    self.shapes = shapes
  }

  /// Counts on every core, a chunk per core at a time, calling `report` once per chunk on
  /// the calling thread; returns early once `cancellation` says this job is no longer the
  /// current one. The worker threads it borrows run below the event loop's priority.
  package func run(cancellation: JobCancellation, report: (MeasuredCounts) -> Void) {
    let width = Swift.max(1, Cores.online)
    var start = 0
    while start < chunks.count {
      if cancellation.isCancelled(generation) { return }
      let batch = start..<Swift.min(chunks.count, start + width)
      for counts in measure(chunksAt: Array(batch)) { report(counts) }
      start = batch.upperBound
    }
  }

  /// Counts the chunks at `indices` (of `chunks`) spread over the cores, on threads
  /// below the event loop's priority (the calling thread takes a share); the counts come
  /// back in the order of `indices`.
  package func measure(chunksAt indices: [Int]) -> [MeasuredCounts] {
    if indices.count == 1 { return [measure(chunkAt: indices[0])] }
    let results = UnsafeMutableBufferPointer<MeasuredCounts?>.allocate(capacity: indices.count)
    results.initialize(repeating: nil)
    defer {
      results.deinitialize()
      results.deallocate()
    }
    // Each iteration writes its own slot only.
    nonisolated(unsafe) let slots = results
    DispatchQueue.concurrentPerform(iterations: indices.count) { slot in
      BackgroundPriority.lowerCallingThread()
      slots[slot] = measure(chunkAt: indices[slot])
    }
    return results.compactMap { $0 }
  }

  /// Counts the cards of `chunks[chunkIndex]` at every width (making its shapes if they
  /// are not given). Reads only immutable data: any number of threads may call it.
  ///
  /// - Complexity: O(text of the chunk) for the shapes, then O(words) per card and width.
  package func measure(chunkAt chunkIndex: Int) -> MeasuredCounts {
    let chunk = chunks[chunkIndex]
    var shapes = chunkIndex < self.shapes.count ? self.shapes[chunkIndex] : nil
    if shapes?.wrap != wrap { shapes = nil }
    var madeShapes: ChunkShapes?
    // In word mode the count makes the shapes it needs (of the texts it does not count from
    // their bytes: all but ASCII text) as it goes; in character mode every other text
    // needs its shape first.
    if shapes == nil && wrap == .char && chunk.hasTextToShape {
      let made = ChunkShapes(chunk, wrap: wrap)
      shapes = made
      madeShapes = made
    }
    let (counts, made) = chunk.lineCounts(atWidths: widths, wrap: wrap, shapes: shapes)
    if let made { madeShapes = made }
    return MeasuredCounts(
      generation: generation, chunk: firstChunk + chunkIndex, chunkID: ObjectIdentifier(chunk),
      widths: widths, wrap: wrap, counts: counts, shapes: madeShapes)
  }
}

extension MeasureJob: Hashable {
  package static func == (lhs: MeasureJob, rhs: MeasureJob) -> Bool {
    lhs.generation == rhs.generation && lhs.firstChunk == rhs.firstChunk
      && lhs.chunks.count == rhs.chunks.count && lhs.widths == rhs.widths && lhs.wrap == rhs.wrap
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(generation)
    hasher.combine(firstChunk)
    hasher.combine(widths)
  }
}
