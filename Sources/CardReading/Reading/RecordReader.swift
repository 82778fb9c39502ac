import CardModel
import PictureFiles
import TerminalText

#if canImport(Glibc)
  import Glibc
#endif

/// Reads a source front to back and cuts it into batches of whole records (one card's
/// bytes each), without ever seeking: the format comes from the name, or else from the
/// first bytes, which are kept (`sniff`). A format either cuts its records as the bytes
/// arrive (`StreamedRecordFormat`: JSON Lines at newlines, a JSON document at its cards)
/// or is read whole into cards (`WholeRecordFormat`: a property list, a list of paths).
///
/// Memory stays bounded: a batch holds about the bytes asked for plus one record, and a
/// record longer than `maximumRecordBytes`, or a NUL byte, is an error at once.
package final class RecordReader {
  /// The longest line of JSON Lines, or card of a JSON document.
  package static let maximumRecordBytes = 64 << 20
  /// The largest property list read.
  package static let maximumPropertyListBytes = 64 << 20

  /// What the next piece of the source is.
  package enum Piece: Sendable {
    case records(RecordBatch)
    /// The cards of a format read whole (a property list, a list of paths).
    case cards([Card], sourceBytes: Int)

    /// The bytes of a parsed batch, emptied (their capacity kept) for the reader to read
    /// into again (`recycle`); the piece is left empty, so that they have one reference.
    mutating func takeEmptiedBytes() -> [UInt8]? {
      guard case .records(var batch) = self else { return nil }
      self = .cards([], sourceBytes: 0)
      var bytes: [UInt8] = []
      swap(&bytes, &batch.bytes)
      bytes.removeAll(keepingCapacity: true)
      return bytes
    }
  }

  private enum Mode {
    case undetermined
    case streamed(any StreamedRecordFormat)
    case whole(any WholeRecordFormat)
    case finished
  }

  package let source: ByteSource
  private let format: CardLoader.Format?
  private let mapping: FieldMapping
  /// Whether a source that cannot be cards (its first byte that is not white space starts
  /// no card source) is read as a list of paths: only for standard input and other
  /// streams (`find … | masonry`), never for a file named as a card file (nor for the
  /// bytes the fuzzers make).
  private let readsPathLists: Bool
  /// The picture headers already read, for the cards of a list of paths.
  private let headers: PictureHeaderCache?
  /// What the reader says of the source once it knows (a list of paths: how many, and
  /// what it left out); taken by `takeNotice`.
  private var notice: String?
  private var mode = Mode.undetermined
  private var pending: [UInt8] = []
  /// How far the format has scanned `pending`.
  private var scanned = 0
  private var atEnd = false
  /// Where the first NUL byte is in `pending`.
  private var nulOffset: Int?
  /// Bytes dropped without a record (white space, blank lines) since the last batch.
  private var dropped = 0
  /// The bytes the piece being read is to hold (`next(targetBytes:)`).
  private var wanted = 0
  /// Emptied buffers of batches already parsed, to read the next ones into (at most
  /// `maximumSpareBuffers`): a buffer of megabytes a batch, mapped and faulted in afresh
  /// each time, costs system time, and freed ones of varying sizes fragment the heap.
  private var spareBuffers: [[UInt8]] = []
  /// How many emptied buffers are kept. A reader whose batches are parsed ahead
  /// (`ParsePipeline`) keeps as many as batches may be in flight: a buffer is then either
  /// a batch's or spare, so no more are ever made than the most batches in flight, and
  /// none is freed to be made again when several come back at once.
  var maximumSpareBuffers = 2
  static let maximumSpareBytes = 8 << 20

  /// Takes back the bytes of batches that are parsed, to read into again.
  package func recycle(_ buffers: inout [[UInt8]]) {
    while let buffer = buffers.popLast() {
      // One that held a record of tens of megabytes is let go.
      guard spareBuffers.count < maximumSpareBuffers, buffer.isEmpty,
        buffer.capacity <= Self.maximumSpareBytes
      else { continue }
      spareBuffers.append(buffer)
    }
  }

  package init(
    source: ByteSource, format: CardLoader.Format?, mapping: FieldMapping,
    readsPathLists: Bool = false, headers: PictureHeaderCache? = nil
  ) {
    self.source = source
    self.format = format
    self.mapping = mapping
    self.readsPathLists = readsPathLists
    self.headers = headers
  }

  /// What the reader said of the source since the last call, if anything.
  package func takeNotice() -> String? {
    defer { notice = nil }
    return notice
  }

  private var path: String { source.path }

  /// The next piece: whole records of at least `targetBytes` of the source (less at its
  /// end), or `nil` once the source is read. An error ends the source; the records before
  /// it come first (the error is returned with them), so that the cards before a bad one
  /// are kept.
  package func next(targetBytes: Int) -> (piece: Piece?, error: DataError?) {
    wanted = targetBytes
    var spans: [RecordBatch.RecordSpan] = []
    do throws(DataError) {
      while true {
        let format: any StreamedRecordFormat
        switch mode {
        case .finished:
          return (nil, nil)
        case .undetermined:
          mode = try sniff()
          continue
        case .whole(let whole):
          mode = .finished
          return (try read(whole), nil)
        case .streamed(let streamed):
          format = streamed
        }
        let limit = nulOffset ?? pending.count
        var endOfInput = atEnd && nulOffset == nil
        // Held by one reference while it splits (else it is copied to be changed).
        mode = .finished
        var splitting = format
        let step = try pending.withUnsafeBufferPointer { buffer throws(DataError) in
          try splitting.split(
            buffer, from: scanned, to: limit, atEnd: endOfInput, target: targetBytes,
            into: &spans, path: path)
        }
        if let other = step.becomes {
          mode = .streamed(other)
          scanned = 0
          continue
        }
        mode = .streamed(splitting)
        scanned = step.scanned
        let keep = step.keep
        if step.cutAtTarget { endOfInput = false }
        if let nulOffset, scanned == nulOffset {
          throw nulError(at: nulOffset, format: splitting)
        }
        // The records found, with the blank lines after them cut: once as far as the
        // target, they go (blank lines after the last record do not hold it back).
        let batchBytes = spans.isEmpty ? 0 : keep
        // A stream that pauses hands over what it has: the cards show while it waits.
        let pausing = !spans.isEmpty && !source.hasDataReady()
        if endOfInput || (batchBytes >= targetBytes && !spans.isEmpty) || pausing {
          let batch = cut(spans: spans, keep: keep)
          if endOfInput { mode = .finished }
          return (batch.isEmpty && endOfInput ? nil : .records(batch), nil)
        }
        // Nothing but white space so far: it is not kept (blank lines by the million).
        if spans.isEmpty && keep >= 1 << 20 { drop(keep) }
        // Lines read but not cut yet are cut before anything more is read.
        if step.cutAtTarget && spans.isEmpty { continue }
        try readMore()
      }
    } catch {
      mode = .finished
      let batch = cut(spans: spans, keep: pending.count)
      return (batch.isEmpty ? nil : .records(batch), error)
    }
  }

  /// Takes the records found out of the buffer, keeping the bytes from `keep` on.
  private func cut(spans: [RecordBatch.RecordSpan], keep: Int) -> RecordBatch {
    let keep = Swift.min(keep, pending.count)
    guard keep > 0 else { return RecordBatch(bytes: [], records: [], sourceBytes: 0) }
    let bytes = pending
    let sourceBytes = keep + dropped
    dropped = 0
    var rest = spareBuffers.popLast() ?? []
    rest.append(contentsOf: bytes[keep...])
    pending = rest
    rebase(by: keep)
    return RecordBatch(bytes: bytes, records: spans, sourceBytes: sourceBytes)
  }

  /// Forgets the first `count` bytes of the buffer, which hold no record.
  private func drop(_ count: Int) {
    let count = Swift.min(count, pending.count)
    pending.removeFirst(count)
    dropped += count
    rebase(by: count)
  }

  /// The offsets into the buffer after its first `keep` bytes went.
  private func rebase(by keep: Int) {
    scanned -= keep
    if let nulOffset { self.nulOffset = nulOffset - keep }
    if case .streamed(var format) = mode {
      mode = .finished
      format.rebase(by: keep)
      mode = .streamed(format)
    }
  }

  private func readMore() throws(DataError) {
    if pending.capacity < pending.count + ByteSource.chunkSize {
      // Room for the piece asked for and a read more at once, rather than a doubling per
      // read (each step a block of megabytes to map and copy); a record longer than that
      // grows the buffer by doubling still, so reading it stays linear.
      pending.reserveCapacity(
        Swift.max(2 * pending.count, wanted + ByteSource.chunkSize))
    }
    let old = pending.count
    // Short of the piece asked for, as far as it and a little more, not a whole read past
    // it: the bytes read past a piece's last record are copied into the next piece's
    // buffer. Past it (blank lines by the million, a record longer than a read), whole
    // reads.
    let room =
      pending.count < wanted ? wanted + Self.readSlack - pending.count : ByteSource.chunkSize
    let count = try source.read(appendingTo: &pending, atMost: room)
    if count == 0 {
      atEnd = true
      return
    }
    if nulOffset == nil {
      pending.withUnsafeBufferPointer { buffer in
        if let found = memchr(buffer.baseAddress! + old, 0, count) {
          nulOffset = buffer.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
      }
      // The error for a NUL byte reads a little past it (`nulLookahead`): those bytes are
      // read now, so that the message never depends on where the reads ended.
      if let nulOffset {
        while pending.count < nulOffset + Self.nulLookahead {
          guard try source.read(appendingTo: &pending) > 0 else { break }
        }
      }
    }
  }

  /// How far past the piece asked for a read goes.
  static let readSlack = 64 << 10

  /// How many bytes from a NUL byte on the reader may look at to find an error before it:
  /// an escape just before the NUL looks up to six bytes ahead (a surrogate pair).
  static let nulLookahead = 16

  /// The format the source is read as: the one its name says, else the one its first
  /// bytes say, read until the first that is not white space tells — a list of paths (on
  /// a stream that cannot be cards, `pathListSeparator`), a property list (`<`,
  /// `bplist`), else JSON (a document, or JSON Lines when its first object is a card).
  private func sniff() throws(DataError) -> Mode {
    if let format { return mode(for: format) }
    while true {
      let limit = nulOffset ?? pending.count
      var first = 0
      if limit >= 3 && pending[0] == 0xEF && pending[1] == 0xBB && pending[2] == 0xBF { first = 3 }
      while first < limit && [0x20, 0x0A, 0x0D, 0x09].contains(pending[first]) { first += 1 }
      let decided = first < limit && (pending[first] != UInt8(ascii: "b") || limit - first >= 6)
      if decided || atEnd || nulOffset != nil {
        if readsPathLists, first < limit, let separator = try pathListSeparator(first: first) {
          return .whole(PathListFormat(separator: separator, headers: headers, sniffed: true))
        }
        if first < limit
          && (pending[first] == UInt8(ascii: "<")
            || pending[first...].starts(with: Array("bplist".utf8)))
        {
          return mode(for: .propertyList)
        }
        let object = first < limit && pending[first] == UInt8(ascii: "{")
        return .streamed(JSONDocumentSplitter(path: path, undecided: object))
      }
      if limit > 64 << 10 {
        // Megabytes of white space: nothing but the document splitter can say what is wrong.
        return mode(for: .json)
      }
      try readMore()
    }
  }

  /// How a source of `format` is read.
  private func mode(for format: CardLoader.Format) -> Mode {
    switch format {
    case .jsonLines: return .streamed(JSONLinesSplitter())
    case .json: return .streamed(JSONDocumentSplitter(path: path, undecided: false))
    case .propertyList: return .whole(PropertyListFormat(mapping: mapping))
    case .pathList(let separator):
      return .whole(PathListFormat(separator: separator, headers: headers, sniffed: false))
    }
  }

  /// The error for the NUL byte at `offset` — or the syntax error before it in the same
  /// record (the line, or the card of a document, it cuts short), which comes first.
  private func nulError(at offset: Int, format: any StreamedRecordFormat) -> DataError {
    let (position, record) = format.cutRecord(byNULAt: offset, in: pending)
    let nul = DataError(
      .badData, path: path, position: position, message: "a NUL byte: this is not a text file")
    guard let record, record.start < offset else { return nul }
    // The record up to the NUL and a little past it (the reader looks up to six bytes
    // ahead, for an escaped surrogate pair): it stops at the NUL (no JSON holds a raw one)
    // unless something before it is wrong, which is then the first error.
    let bytes = Array(pending[record.start..<Swift.min(pending.count, offset + Self.nulLookahead)])
    do throws(DataError) {
      try record.read(bytes)
    } catch {
      let located = RecordParser.locate(
        error, in: bytes, path: path, line: record.position.line, column: record.position.column)
      if let at = located.position, (at.line, at.column) < (position.line, position.column) {
        return located
      }
    }
    return nul
  }

  /// How a list of paths separates them (a line feed, or a NUL after the first name),
  /// when the source's first byte that is not white space (at `first`) cannot start a
  /// card source (`{`, `[`, `<`, `bplist`) and its first name is a file that is there, or
  /// could be one: text of no control character (a list made before that file went;
  /// what is not there is said, `PathListFormat`). `nil` for a card source, and for bytes
  /// that are no text (a picture or a program piped in by mistake), which the reader of
  /// card sources names.
  private func pathListSeparator(first: Int) throws(DataError) -> PathList.Separator? {
    guard first < pending.count,
      ![UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "<")].contains(pending[first]),
      !pending[first...].starts(with: Array("bplist".utf8))
    else { return nil }
    // The first name: the line `first` is on (blank lines before it are skipped as the
    // list skips them), whole, within a bound (a path is at most PATH_MAX bytes).
    let bom = pending.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    let start = pending[bom..<first].lastIndex(of: 0x0A).map { $0 + 1 } ?? bom
    var end: Int?
    while true {
      end = pending[start...].firstIndex { $0 == 0x0A || $0 == 0 }
      if end != nil || atEnd || pending.count - start > Int(PATH_MAX) { break }
      try readMore()
    }
    let stop = end ?? pending.count
    guard stop > start, stop - start <= Int(PATH_MAX) else { return nil }
    let separator: PathList.Separator = end.map { pending[$0] == 0 } == true ? .nul : .lineFeed
    let name = pending[start..<stop]
    var status = stat()
    if FileName.withCString(FileName.string(fromBytes: name), { lstat($0, &status) }) == 0 {
      return separator
    }
    let isText =
      !name.contains { $0 < 0x20 || $0 == 0x7F }
      && String(validating: name, as: UTF8.self) != nil
    return isText ? separator : nil
  }

  /// A source of a format read whole, at most its `maximumBytes`: its cards as one piece,
  /// and what the format says of how it was read.
  private func read(_ format: any WholeRecordFormat) throws(DataError) -> Piece {
    while !atEnd {
      if pending.count > format.maximumBytes {
        throw DataError(.badData, path: path, position: nil, message: format.tooLarge)
      }
      try readMore()
    }
    let bytes = pending
    pending = []
    nulOffset = nil
    let (cards, said) = try format.cards(in: bytes, path: path)
    notice = said
    return .cards(cards, sourceBytes: bytes.count)
  }
}
