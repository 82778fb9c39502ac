import CardModel
import Dispatch
import Synchronization

/// The rest of a regular file after its first piece, read and parsed ahead of whoever
/// takes the cards: one thread reads batches, one thread a core parses whichever batch
/// comes next, and the chunks are taken in source order. No core waits for another at
/// the end of a piece (a batch of long translated messages takes twice as long as one of
/// package names), nor for a helper thread to start, nor for the read: reading piece by
/// piece with a barrier after each left a quarter of two cores idle.
///
/// At most `capacity` batches are read and not yet taken (queued, being parsed, or parsed
/// and waiting for an earlier one), so memory stays bounded however slowly the cards are
/// taken. The threads run at the loading niceness (`LoadingThreads`) and end when the
/// source ends, when a batch fails, or when `cancel` is called.
///
/// The record reader is touched by the reading thread alone once the pipeline starts,
/// each parser by its worker alone: hence `@unchecked Sendable`.
final class ParsePipeline: @unchecked Sendable {
  /// What `take` hands over: chunks in source order, the error that ended the source (if
  /// any), whether it ended, and the bytes read by the time the last chunk's batch was.
  struct Taken {
    var chunks: [CardChunk] = []
    var error: DataError?
    var finished = false
    var bytesRead: Int?
  }

  private struct Parsed: Sendable {
    var chunk: CardChunk
    var error: DataError?
    var bytesRead: Int
  }

  private struct Queued: Sendable {
    var sequence: Int
    var piece: RecordReader.Piece
    var bytesRead: Int
  }

  private struct State: Sendable {
    /// Batches read, not yet taken by a worker, oldest first (from `head` on).
    var queue: [Queued] = []
    var head = 0
    /// Parsed batches not yet handed over, by sequence number.
    var parsed: [Int: Parsed] = [:]
    var nextRead = 0
    var nextTaken = 0
    /// How many batches there are, once the reading ended, and the error that ended it.
    var total: Int?
    var readError: DataError?
    var cancelled = false
    /// Emptied buffers of parsed batches, for the reader to read into again.
    var spent: [[UInt8]] = []
  }

  private let state = Mutex(State())
  /// Signalled once per batch queued, and once per worker when the reading ends or the
  /// pipeline is cancelled.
  private let batchQueued = DispatchSemaphore(value: 0)
  /// Signalled once per batch parsed, and when the reading ends.
  private let batchParsed = DispatchSemaphore(value: 0)
  /// One per batch that may be read before an earlier one is taken. (Made empty and
  /// signalled: libdispatch stops a program that frees a semaphore below its first value,
  /// as this one is when batches read are dropped.)
  private let slots = DispatchSemaphore(value: 0)
  private let reader: RecordReader
  private let workers: Int

  /// Batches in flight: two a worker (one parsing, one waiting) and the one being read.
  static func capacity(workers: Int) -> Int { 2 * workers + 1 }

  /// Starts reading the rest of `reader`'s source in batches of `batchBytes`, parsed on
  /// `workers` threads, each with a parser of its own from `makeParser`.
  init(
    reader: RecordReader, workers: Int, batchBytes: Int,
    makeParser: @escaping @Sendable () -> RecordParser
  ) {
    self.reader = reader
    self.workers = workers
    reader.maximumSpareBuffers = Self.capacity(workers: workers)
    for _ in 0..<Self.capacity(workers: workers) { slots.signal() }
    LoadingThreads.start { [self] in read(batchBytes: batchBytes) }
    for _ in 0..<workers {
      LoadingThreads.start { [self] in
        var parser = makeParser()
        work(&parser)
      }
    }
  }

  /// The chunks parsed next in source order (waiting for the first of them), with the end
  /// of the source or the error that stopped it. After the end, an empty `Taken` that says
  /// it is finished.
  func take() -> Taken {
    while true {
      let (taken, handed) = state.withLock { state -> (Taken?, Int) in
        var taken = Taken()
        var handed = 0
        while let parsed = state.parsed.removeValue(forKey: state.nextTaken) {
          state.nextTaken += 1
          handed += 1
          taken.chunks.append(parsed.chunk)
          taken.bytesRead = parsed.bytesRead
          if let error = parsed.error {
            // A bad record ends the source: nothing after it is read or handed over.
            state.cancelled = true
            taken.error = error
            taken.finished = true
            return (taken, handed)
          }
        }
        if let total = state.total, state.nextTaken >= total {
          taken.error = state.readError
          taken.finished = true
          state.readError = nil
          return (taken, handed)
        }
        return (taken.chunks.isEmpty ? nil : taken, handed)
      }
      for _ in 0..<handed { slots.signal() }
      if let taken {
        if taken.finished { wake() }
        return taken
      }
      batchParsed.wait()
    }
  }

  /// Stops the reading and the parsing at the next batch; what was read is dropped.
  func cancel() {
    state.withLock { $0.cancelled = true }
    wake()
  }

  /// Wakes every thread that may wait, to see that the pipeline is cancelled or ended.
  private func wake() {
    slots.signal()
    for _ in 0..<workers { batchQueued.signal() }
  }

  /// The reading thread: a batch whenever a slot is free, to the end of the source.
  private func read(batchBytes: Int) {
    while true {
      slots.wait()
      var spent: [[UInt8]] = []
      let cancelled = state.withLock { state in
        swap(&spent, &state.spent)
        return state.cancelled
      }
      if cancelled { return }
      reader.recycle(&spent)
      let (piece, error) = reader.next(targetBytes: batchBytes)
      let bytesRead = reader.source.bytesRead
      let ended = piece == nil || error != nil
      state.withLock { state in
        if let piece {
          state.queue.append(Queued(sequence: state.nextRead, piece: piece, bytesRead: bytesRead))
          state.nextRead += 1
        }
        if ended {
          state.total = state.nextRead
          state.readError = error
        }
      }
      if piece != nil { batchQueued.signal() }
      if ended {
        for _ in 0..<workers { batchQueued.signal() }
        batchParsed.signal()
        return
      }
    }
  }

  /// A parsing thread: the oldest batch queued, until none is left and the reading ended,
  /// or the pipeline is cancelled.
  private func work(_ parser: inout RecordParser) {
    while true {
      batchQueued.wait()
      let next = state.withLock { state -> (Queued?, stop: Bool) in
        if state.cancelled { return (nil, true) }
        guard state.head < state.queue.count else { return (nil, state.total != nil) }
        // Taken out, so that the batch's bytes have one reference once parsed.
        let queued = state.queue[state.head]
        state.queue[state.head].piece = .cards([], sourceBytes: 0)
        state.head += 1
        if state.head == state.queue.count {
          state.queue.removeAll(keepingCapacity: true)
          state.head = 0
        }
        return (queued, false)
      }
      if next.stop { return }
      guard var queued = next.0 else { continue }
      let (chunk, error) = parser.chunk(of: queued.piece)
      let bytes = queued.piece.takeEmptiedBytes()
      state.withLock { state in
        state.parsed[queued.sequence] = Parsed(
          chunk: chunk, error: error, bytesRead: queued.bytesRead)
        if let bytes { state.spent.append(bytes) }
      }
      batchParsed.signal()
    }
  }
}
