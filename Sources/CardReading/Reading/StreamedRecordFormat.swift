import CardModel

/// A format whose records are cut from the source as its bytes arrive, never held whole
/// (JSON Lines, a JSON document): `RecordReader` hands the records over in batches, parsed
/// into chunks on every core. The other shape of format is `WholeRecordFormat`; adding a
/// format is a type of one of the two and its place in `RecordReader.sniff`.
protocol StreamedRecordFormat {
  /// Cuts the records whose bytes lie in `buffer[scanned..<limit]` (`atEnd`: the source
  /// ends at `limit`) into `spans`: with no record cut yet, about `target` bytes of them;
  /// then as many as reach `target` bytes of the buffer.
  ///
  /// - Throws: `DataError` at the first byte the format does not allow.
  mutating func split(
    _ buffer: UnsafeBufferPointer<UInt8>, from scanned: Int, to limit: Int, atEnd: Bool,
    target: Int, into spans: inout [RecordBatch.RecordSpan], path: String
  ) throws(DataError) -> SplitStep

  /// Where the bytes still needed start (those before may be dropped once their records
  /// are taken), the buffer read up to `limit`.
  func keepFrom(limit: Int) -> Int

  /// The offsets moved down by `cut` bytes (the bytes before were dropped).
  mutating func rebase(by cut: Int)

  /// Where a NUL byte at `offset` is reported, and the record it cuts short, if any (its
  /// bytes are read again to find an error before the NUL, which comes first).
  func cutRecord(byNULAt offset: Int, in buffer: [UInt8]) -> (
    position: SourcePosition, record: CutRecord?
  )
}

/// What one `StreamedRecordFormat.split` did.
struct SplitStep {
  /// How far the buffer is scanned: the next split starts there.
  var scanned: Int
  /// Where the bytes still needed start.
  var keep: Int
  /// The records were cut at the target with bytes read still to cut: the source does
  /// not end here even if nothing more is read.
  var cutAtTarget = false
  /// The source is of this format instead, to be read again from its first byte (a JSON
  /// object that turned out to be the first line of JSON Lines).
  var becomes: (any StreamedRecordFormat)?
}

/// The record a NUL byte cuts short: where it starts in the buffer and in the source, and
/// how its bytes are read (a whole document, or a value inside a container).
struct CutRecord {
  var start: Int
  var position: SourcePosition
  var depth: Int
  var shape: Shape

  enum Shape {
    /// A line of JSON Lines: a whole document.
    case document
    /// An element of a container closed by `closer`.
    case element(closer: UInt8)
    /// A key of the top-level object.
    case key
  }

  /// Reads the record's `bytes` as its shape says: the error before the NUL, if any.
  func read(_ bytes: [UInt8]) throws(DataError) {
    var reader = JSONReader(bytes: bytes, line: position.line, depth: depth)
    switch shape {
    case .document: _ = try reader.readDocument()
    case .element(let closer): _ = try reader.readElement(closer: closer)
    case .key: _ = try reader.readValueOnly()
    }
  }
}
