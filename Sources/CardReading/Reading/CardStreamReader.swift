import CardModel
import Dispatch
import PictureFiles

#if canImport(Glibc)
  import Glibc
#endif

/// Reads the cards of a source piece by piece, as they can be shown: a small first piece
/// (the first screen needs a few cards), then batches of a few megabytes parsed on every
/// core side by side — a regular file's read and parsed ahead (`ParsePipeline`), a
/// stream's as they are read. `CardLoader` reads a whole source with it; the browser
/// reads one on a thread of its own and shows the cards as they come.
///
/// Used by one thread at a time (it may be handed from the thread that opened it to the
/// one that reads on): hence `@unchecked Sendable`.
package final class CardStreamReader: @unchecked Sendable {
  package let path: String
  private let reader: RecordReader
  private var parsers: [RecordParser]
  private var pieces = 0
  private var finished = false

  /// The bytes of the first piece: enough for a screen of cards.
  static let firstPieceBytes = 64 << 10
  /// The bytes of each later batch (a piece of a stream holds one a core).
  static let pieceBytes = 2 << 20

  /// Opens `path` (`-`: standard input; a FIFO waits here for a writer) to read as
  /// `format` (else as its name or content says); `follow` follows a regular file as it
  /// grows, from byte `offset` on (see `ByteSource.follows`). A list of paths reads the
  /// picture headers already in `headers`.
  package convenience init(
    path: String, options: CardReadOptions, format: CardLoader.Format? = nil,
    follow: Bool = false, offset: Int = 0, headers: PictureHeaderCache? = nil
  ) throws(DataError) {
    let source = try ByteSource(path: path, follow: follow, offset: offset)
    self.init(
      source: source, options: options, pictureBase: PictureLinks.base(forCardFile: path),
      format: format, readsPathLists: !follow && (path == "-" || ByteSource.isStream(path)),
      headers: headers)
  }

  /// What the reader said of the source since the last call (read as a list of paths,
  /// and what that list left out), if anything.
  package func takeNotice() -> String? {
    defer { notice = nil }
    return notice
  }
  private var notice: String?

  /// The records skipped since the last call (a followed file goes on past a bad one).
  package func takeSkipped() -> SkippedRecords? {
    var total: SkippedRecords?
    for index in parsers.indices {
      guard let skipped = parsers[index].takeSkipped() else { continue }
      total = total.map { $0.adding(skipped.count) } ?? skipped
    }
    return total
  }

  /// Reads `bytes` as the source `path` (`format`, or what the name or content says);
  /// `readsPathLists`: a stream that cannot be cards is read as a list of paths
  /// (`RecordReader`).
  package init(
    source: ByteSource, options: CardReadOptions, pictureBase: PictureLinks.Base?,
    format: CardLoader.Format? = nil, readsPathLists: Bool = false,
    headers: PictureHeaderCache? = nil
  ) {
    path = source.path
    reader = RecordReader(
      source: source, format: format ?? CardLoader.format(forPath: source.path),
      mapping: options.mapping, readsPathLists: readsPathLists, headers: headers)
    let workers = Swift.max(1, Swift.min(4, Cores.online))
    // A followed file goes on past a bad record (it is skipped and said).
    parsers = (0..<workers).map { _ in
      RecordParser(
        mapping: options.mapping, path: source.path, pictureBase: pictureBase,
        skipsBadRecords: source.follows)
    }
    self.pictureBase = pictureBase
    mapping = options.mapping
  }

  private let pictureBase: PictureLinks.Base?
  private let mapping: FieldMapping

  /// The source's size, when known (a regular file).
  package var size: Int? { reader.source.size }
  /// The bytes of the source read by the time the batch of the last cards returned was
  /// (what is read ahead of them not counted).
  package private(set) var bytesRead = 0

  /// The next cards, in source order, with the error that ended the source (if any) and
  /// whether the source is read to its end. After an error or the end, it returns nothing.
  ///
  /// A regular file is read ahead after its first piece (`ParsePipeline`): batches are
  /// read on one thread and parsed on one thread a core while the caller shows the cards,
  /// and each call hands over the chunks parsed next, waiting for the first of them. A
  /// stream is never read ahead: a read may wait for its writer, and the cards already
  /// parsed must not wait with it; its pieces are parsed on every core as they are read.
  package func next() -> (chunks: [CardChunk], error: DataError?, finished: Bool) {
    guard !finished else { return ([], nil, true) }
    if let pipeline {
      let taken = pipeline.take()
      if let read = taken.bytesRead { bytesRead = Swift.max(bytesRead, read) }
      if taken.finished { finished = true }
      return (taken.chunks, taken.error, taken.finished)
    }
    reader.recycle(&spentBuffers)
    var read = readPieces(first: pieces == 0)
    pieces += 1
    // Said while reading the first piece, before any thread of the pipeline reads.
    if let said = reader.takeNotice() { notice = said }
    bytesRead = read.bytesRead
    if read.ended { finished = true }
    if !finished && readsAhead {
      // From here on only the pipeline's reading thread touches `reader`.
      let (mapping, path, pictureBase) = (mapping, path, pictureBase)
      pipeline = ParsePipeline(
        reader: reader, workers: parsers.count, batchBytes: Self.pieceBytes
      ) {
        RecordParser(mapping: mapping, path: path, pictureBase: pictureBase)
      }
    }
    var batches = read.batches
    read.batches = []
    let readError = read.error
    var results = [(chunk: CardChunk?, error: DataError?)](
      repeating: (nil, nil), count: batches.count)
    parsers.withUnsafeMutableBufferPointer { parsers in
      results.withUnsafeMutableBufferPointer { results in
        // Each index touches only its own parser and result.
        nonisolated(unsafe) let parsers = parsers
        nonisolated(unsafe) let results = results
        let batches = batches
        LoadingThreads.perform(iterations: batches.count) { index in
          let (chunk, error) = parsers[index].chunk(of: batches[index])
          results[index] = (chunk, error)
        }
      }
    }
    // The batches' bytes, emptied, are read into again, unless the pipeline reads now.
    for index in batches.indices {
      if let bytes = batches[index].takeEmptiedBytes(), pipeline == nil {
        spentBuffers.append(bytes)
      }
    }
    var chunks: [CardChunk] = []
    for result in results {
      if let chunk = result.chunk { chunks.append(chunk) }
      if let error = result.error {
        finished = true
        pipeline?.cancel()
        return (chunks, error, true)
      }
    }
    return (chunks, readError, finished)
  }

  deinit {
    pipeline?.cancel()
  }

  /// Pieces read from the source, not parsed yet.
  private struct Read {
    var batches: [RecordReader.Piece] = []
    var error: DataError?
    /// Whether the source ended (its end, or an error).
    var ended = false
    /// The bytes read from the source up to the end of these pieces.
    var bytesRead = 0
  }

  /// The emptied bytes of the batches parsed last, handed back to the reader before it
  /// reads again.
  private var spentBuffers: [[UInt8]] = []
  /// The rest of a regular file, read and parsed ahead, once its first piece is read.
  private var pipeline: ParsePipeline?
  /// Whether the source is read ahead: a regular file, not followed.
  private var readsAhead: Bool { reader.source.size != nil && !reader.source.follows }

  /// The batches of one piece: one small one first (the first screen needs a few cards),
  /// then one a core.
  private func readPieces(first: Bool) -> Read {
    let count = first ? 1 : parsers.count
    let target = first ? Self.firstPieceBytes : Self.pieceBytes
    var read = Read()
    for _ in 0..<count {
      // A stream that has paused hands over what it has rather than wait for more.
      if !read.batches.isEmpty && !reader.source.hasDataReady() { break }
      let (piece, error) = reader.next(targetBytes: target)
      if let piece { read.batches.append(piece) }
      if let error { read.error = error }
      if piece == nil || error != nil {
        read.ended = true
        break
      }
    }
    read.bytesRead = reader.source.bytesRead
    return read
  }
}
