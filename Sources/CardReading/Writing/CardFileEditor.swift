import CardModel
import PictureFiles
import TerminalText

#if canImport(Glibc)
  import Glibc
#endif

/// A card's new caption or tags, for the card file it was read from.
package struct CardEdit: Hashable, Sendable {
  /// The card's place among the file's records.
  package var card: Int
  /// The card as it was read: the record must still say so, or nothing is written.
  package var expected: Card
  package var caption: String?
  package var tags: [String]?

  package init(card: Int, expected: Card, caption: String? = nil, tags: [String]? = nil) {
    self.card = card
    self.expected = expected
    self.caption = caption
    self.tags = tags
  }
}

/// Bytes of a file to replace: `old` at `offset` becomes `new`.
package struct CardFileSplice: Hashable, Sendable {
  package var offset: Int
  package var old: [UInt8]
  package var new: [UInt8]
}

/// Where card edits go in a JSON Lines or JSON card file: the records are cut as the reader
/// cuts them, each edited card's record read again (it must be the card as it was read),
/// and only the edited values' bytes are replaced — a member that is not there is added
/// before the record's closing brace. Every other byte of the file stays as it was.
package enum CardFileEditor {
  /// Files larger than this are not edited (each is read whole to find its records).
  package static let maximumBytes = 256 << 20

  /// The splices that make `edits` in the file at `path` (read with `mapping`), in the
  /// file's order.
  ///
  /// - Throws: `DataError` with what is wrong: the file is too big, not JSON, a field is
  ///   nested (`--caption body.text`), or a record no longer holds the card it held.
  package static func splices(
    _ edits: [CardEdit], path: String, mapping: FieldMapping
  ) throws(DataError) -> [CardFileSplice] {
    for field in [FieldMapping.Field.caption, .tags] where mapping.path(of: field).count != 1 {
      throw DataError(
        .badData, path: path, position: nil,
        message: "'\(mapping.name(of: field))' is nested: masonry edits top-level fields only")
    }
    let bytes = try read(path)
    let spans = try records(of: bytes, path: path)
    var splices: [CardFileSplice] = []
    for edit in edits.sorted(by: { $0.card < $1.card }) {
      guard edit.card < spans.count else {
        throw changed(path, "it holds fewer cards than were read")
      }
      let span = spans[edit.card]
      var reader = JSONReader(
        bytes: bytes, range: span.start..<span.end, line: span.line, depth: span.depth)
      let record = try reader.readValueOnly()
      // The card the person saw: its text the same (its picture's path is resolved on
      // reading, and not edited here).
      let found = try? CardDecoder.card(from: record, mapping: mapping)
      guard let found, found.id == edit.expected.id, found.caption == edit.expected.caption,
        found.comment == edit.expected.comment, found.tags == edit.expected.tags,
        found.image?.path == edit.expected.image?.path
      else {
        throw changed(path, "card \(edit.card + 1) is not the one read")
      }
      guard case .object(let members) = record.kind else { continue }
      var inserted: [String] = []
      var values: [(FieldMapping.Field, String)] = []
      if let caption = edit.caption { values.append((.caption, JSONText.quoted(caption))) }
      if let tags = edit.tags {
        let list = tags.map { JSONText.quoted($0) }.joined(separator: ", ")
        values.append((.tags, "[" + list + "]"))
      }
      for (field, value) in values {
        let key = mapping.path(of: field)[0]
        if let existing = members.last(where: { $0.key == key })?.value {
          let start = existing.location.offset
          var valueReader = JSONReader(
            bytes: bytes, range: start..<span.end, line: span.line, depth: span.depth + 1)
          _ = try valueReader.readValueOnly()
          let end = start + valueReader.consumed
          splices.append(
            CardFileSplice(offset: start, old: Array(bytes[start..<end]), new: Array(value.utf8)))
        } else {
          inserted.append(JSONText.quoted(key) + ": " + value)
        }
      }
      if !inserted.isEmpty {
        // Before the closing brace, after the last member.
        var close = span.end - 1
        while close > span.start, bytes[close] != UInt8(ascii: "}") { close -= 1 }
        let text = (members.isEmpty ? "" : ", ") + inserted.joined(separator: ", ")
        splices.append(CardFileSplice(offset: close, old: [], new: Array(text.utf8)))
      }
    }
    return splices.sorted { $0.offset < $1.offset }
  }

  private static func changed(_ path: String, _ why: String) -> DataError {
    DataError(
      .badData, path: path, position: nil,
      message: "the card file changed since it was read (\(why)); r reads it again")
  }

  /// The file's bytes, whole.
  private static func read(_ path: String) throws(DataError) -> [UInt8] {
    let read: (stamp: PictureStamp, bytes: [UInt8])
    do throws(PictureFailure) {
      read = try PictureFile.readWhole(path, atMost: maximumBytes)
    } catch {
      throw DataError(.missingInput, path: path, position: nil, message: error.description)
    }
    guard read.stamp.bytes <= maximumBytes else {
      throw DataError(
        .badData, path: path, position: nil, message: "over 256 MB: too big to edit here")
    }
    guard read.bytes.count == read.stamp.bytes else { throw changed(path, "it shrank while read") }
    return read.bytes
  }

  /// The records of a JSON Lines or JSON card file, cut as the reader cuts them.
  static func records(of bytes: [UInt8], path: String) throws(DataError) -> [RecordBatch
    .RecordSpan]
  {
    var first = 0
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { first = 3 }
    while first < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[first]) { first += 1 }
    guard first < bytes.count,
      bytes[first] == UInt8(ascii: "{") || bytes[first] == UInt8(ascii: "[")
    else {
      throw DataError(
        .badData, path: path, position: nil,
        message: "only JSON and JSON Lines card files are edited (a property list is not)")
    }
    var spans: [RecordBatch.RecordSpan] = []
    var splitter: any StreamedRecordFormat =
      CardLoader.format(forPath: path) == .jsonLines
      ? JSONLinesSplitter()
      : JSONDocumentSplitter(path: path, undecided: bytes[first] == UInt8(ascii: "{"))
    try bytes.withUnsafeBufferPointer { buffer throws(DataError) in
      var scanned = 0
      while true {
        let step = try splitter.split(
          buffer, from: scanned, to: buffer.count, atEnd: true, target: Int.max, into: &spans,
          path: path)
        if step.scanned <= scanned || step.scanned >= buffer.count { break }
        scanned = step.scanned
      }
    }
    return spans
  }
}
