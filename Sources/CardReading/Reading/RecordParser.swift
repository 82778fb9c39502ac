import CardModel

/// Turns batches of records into chunks of cards: each record by the fast parser, or,
/// when it gives up, by `JSONReader` and `CardDecoder`, which say exactly what is wrong
/// and where. One parser per thread: batches are parsed side by side.
///
/// A followed file (`skipsBadRecords`) skips a bad record and goes on, as `tail -F` goes on
/// past a line a crashed writer cut: the first skipped record's error and how many were
/// skipped are kept for the caller to say (`takeSkipped`).
struct RecordParser {
  private var fast: FastCardParser
  private let mapping: FieldMapping
  private let path: String
  private let pictureBase: PictureLinks.Base?
  private let skipsBadRecords: Bool
  private var skipped: SkippedRecords?

  init(
    mapping: FieldMapping, path: String, pictureBase: PictureLinks.Base?,
    skipsBadRecords: Bool = false
  ) {
    fast = FastCardParser(mapping: mapping)
    self.mapping = mapping
    self.path = path
    self.pictureBase = pictureBase
    self.skipsBadRecords = skipsBadRecords
  }

  /// The records skipped since the last call, if any.
  mutating func takeSkipped() -> SkippedRecords? {
    defer { skipped = nil }
    return skipped
  }

  /// The chunk of `piece` — its records parsed, or its cards (a property list, read
  /// whole) with their pictures found — and the error that stopped it.
  mutating func chunk(of piece: RecordReader.Piece) -> (chunk: CardChunk, error: DataError?) {
    switch piece {
    case .records(let batch):
      return chunk(of: batch)
    case .cards(var cards, let sourceBytes):
      if let pictureBase { PictureLinks.resolve(&cards, base: pictureBase) }
      var builder = CardChunkBuilder(pictureBase: pictureBase, probesPictures: false)
      for card in cards { builder.append(card) }
      return (builder.finish(sourceBytes: sourceBytes), nil)
    }
  }

  /// The cards of `batch`, and the error that stopped it (the cards before the bad record
  /// are kept).
  mutating func chunk(of batch: RecordBatch) -> (chunk: CardChunk, error: DataError?) {
    var builder = CardChunkBuilder(pictureBase: pictureBase)
    // A card's text is a part of its record's bytes (more only where invalid UTF-8 is
    // replaced, which grows the text as usual).
    builder.reserve(cards: batch.records.count, textBytes: batch.bytes.count)
    var failure: DataError?
    batch.bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      for span in batch.records {
        var first = span.start
        while first < span.end
          && (base[first] == 0x20 || base[first] == 0x09 || base[first] == 0x0D
            || base[first] == 0x0A)
        {
          first += 1
        }
        if first == span.end { continue }  // a blank line
        if fast.parse(base, start: first, end: span.end, into: &builder) { continue }
        let bytes = Array(buffer[span.start..<span.end])
        var reader = JSONReader(bytes: bytes, line: span.line, depth: span.depth)
        do throws(DataError) {
          var cards = [try CardDecoder.card(from: try reader.readDocument(), mapping: mapping)]
          if let pictureBase { PictureLinks.resolve(&cards, base: pictureBase) }
          builder.append(cards[0])
        } catch {
          let located = Self.locate(
            error, in: bytes, path: path, line: span.line, column: span.column)
          if skipsBadRecords {
            skipped = skipped.map { $0.adding(1) } ?? SkippedRecords(first: located, count: 1)
            continue
          }
          failure = located
          return
        }
      }
    }
    return (builder.finish(sourceBytes: batch.sourceBytes), failure)
  }

  /// `error`, found reading `bytes` (a record that starts at `line`, `column` of the
  /// source), with its position in the source.
  static func locate(
    _ error: DataError, in bytes: [UInt8], path: String, line: Int, column: Int
  ) -> DataError {
    var located = error.located(in: bytes, path: path)
    if var position = located.position, position.line == line {
      position.column += column - 1
      located.position = position
    }
    return located
  }
}
