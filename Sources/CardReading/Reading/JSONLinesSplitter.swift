import CardModel

#if canImport(Glibc)
  import Glibc
#endif

/// Cuts JSON Lines into records, a line each, in one linear pass: each byte is looked at
/// once (`memchr`), however the lines fall across reads. Blank lines are counted, never
/// made records.
struct JSONLinesSplitter {
  /// The line number of the first line not yet cut.
  private(set) var nextLine = 1
  /// Where the first line not yet cut starts in the buffer.
  private var lineStart = 0
  /// How far the search for the next newline has got, from the first byte not yet cut.
  private var searched = 0

  /// Cuts the whole lines of `buffer[start..<limit]` (`start` is where the first line
  /// not yet cut begins) into `spans`; returns where the remaining, unfinished line
  /// starts. At the end of the input (`atEnd`), the last line counts even without a
  /// newline.
  ///
  /// - Throws: when a line is longer than `RecordReader.maximumRecordBytes`.
  private mutating func cutLines(
    _ buffer: UnsafeBufferPointer<UInt8>, from start: Int, to limit: Int, atEnd: Bool,
    into spans: inout [RecordBatch.RecordSpan], path: String
  ) throws(DataError) -> Int {
    var lineStart = start
    var searchFrom = start + searched
    let base = buffer.baseAddress!
    while searchFrom < limit {
      if searchFrom == lineStart {
        // Blank lines (white space alone) are passed over at the speed of a byte scan,
        // counted but never made records: a file that ends in millions of them costs
        // what reading it costs.
        var index = lineStart
        while index < limit {
          let byte = buffer[index]
          if byte == 0x0A {
            nextLine += 1
            lineStart = index + 1
          } else if byte != 0x20 && byte != 0x09 && byte != 0x0D {
            break
          }
          index += 1
        }
        searchFrom = index
        if index == limit { break }
      }
      guard let found = memchr(base + searchFrom, 0x0A, limit - searchFrom) else { break }
      let end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
      try check(length: end - lineStart, path: path)
      spans.append(.init(start: lineStart, end: end, line: nextLine, column: 1, depth: 0))
      nextLine += 1
      lineStart = end + 1
      searchFrom = lineStart
    }
    try check(length: limit - lineStart, path: path)
    if atEnd && lineStart < limit
      && buffer[lineStart..<limit].contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D })
    {
      spans.append(.init(start: lineStart, end: limit, line: nextLine, column: 1, depth: 0))
      nextLine += 1
      lineStart = limit
    } else if atEnd {
      lineStart = limit
    }
    searched = limit - lineStart
    return lineStart
  }

  private func check(length: Int, path: String) throws(DataError) {
    guard length > RecordReader.maximumRecordBytes else { return }
    throw DataError(
      .badData, path: path, position: SourcePosition(line: nextLine, column: 1),
      message: "line is longer than \(RecordReader.maximumRecordBytes >> 20) MB")
  }
}

extension JSONLinesSplitter: StreamedRecordFormat {
  /// Cuts lines enough for the target, not the whole buffer: the first piece is small so
  /// that the first screen shows at once (a read brings a megabyte). Before any record,
  /// the target counts from the first line not cut: blank lines by the million are passed
  /// a target's worth at a time, not a line per read.
  mutating func split(
    _ buffer: UnsafeBufferPointer<UInt8>, from scanned: Int, to limit: Int, atEnd: Bool,
    target: Int, into spans: inout [RecordBatch.RecordSpan], path: String
  ) throws(DataError) -> SplitStep {
    var limit = limit
    var atEnd = atEnd
    var cutAtTarget = false
    let wanted = spans.isEmpty ? lineStart + target : Swift.max(lineStart + 1, target)
    if wanted < limit, let base = buffer.baseAddress,
      let found = memchr(base + wanted, 0x0A, limit - wanted)
    {
      limit = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
      atEnd = false
      cutAtTarget = true
    }
    lineStart = try cutLines(
      buffer, from: lineStart, to: limit, atEnd: atEnd, into: &spans, path: path)
    return SplitStep(scanned: limit, keep: lineStart, cutAtTarget: cutAtTarget)
  }

  func keepFrom(limit: Int) -> Int { lineStart }

  mutating func rebase(by cut: Int) { lineStart = Swift.max(0, lineStart - cut) }

  /// A NUL byte cuts its line short: reported at its column of that line.
  func cutRecord(byNULAt offset: Int, in buffer: [UInt8]) -> (
    position: SourcePosition, record: CutRecord?
  ) {
    var column = 1
    for index in lineStart..<offset where buffer[index] & 0xC0 != 0x80 { column += 1 }
    return (
      SourcePosition(line: nextLine, column: column),
      CutRecord(
        start: lineStart, position: SourcePosition(line: nextLine, column: 1), depth: 0,
        shape: .document)
    )
  }
}
