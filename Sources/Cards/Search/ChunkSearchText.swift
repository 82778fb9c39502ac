import TerminalText

/// The folded text (`SearchFolding`) of a chunk's cards whose text is not plain: each
/// card's caption and comment, and its tags, folded once and kept as UTF-8. Cards of printable
/// ASCII or plain CJK text (`CardChunk.isFoldedOnTheFly`) keep nothing here: they are
/// compared as stored (ASCII lowercased, hiragana read as katakana), so a million cards of
/// such text cost no memory for search. Made on any thread (a chunk never changes).
package final class ChunkSearchText: Sendable {
  /// Card `i`'s folded caption and comment (joined by a line feed) are
  /// `bytes[starts[2i]..<starts[2i+1]]`, its folded tags (joined by line feeds)
  /// `bytes[starts[2i+1]..<starts[2i+2]]`; both empty for a plain ASCII card.
  private let starts: [UInt32]
  private let bytes: [UInt8]
  /// The chunk it was made of (a chunk never changes, so this text is that chunk's).
  private let chunk: CardChunk

  /// Folds the text of `chunk`'s cards that are not plain ASCII.
  ///
  /// - Complexity: O(text of those cards), one ICU pass each.
  package init(_ chunk: CardChunk) {
    var starts: [UInt32] = [0]
    var bytes: [UInt8] = []
    starts.reserveCapacity(chunk.count * 2 + 1)
    for index in 0..<chunk.count {
      if !chunk.isFoldedOnTheFly(index) {
        chunk.withText(index) { caption, comment in
          var joined = Array(caption)
          joined.append(0x0A)
          joined.append(contentsOf: comment)
          joined.withUnsafeBufferPointer { bytes += SearchFolding.folded(utf8: $0) }
        }
        starts.append(UInt32(bytes.count))
        var tags = Array(chunk.tags(index).joined(separator: "\n").utf8)
        tags.withUnsafeBufferPointer { bytes += SearchFolding.folded(utf8: $0) }
        tags = []
      } else {
        starts.append(UInt32(bytes.count))
      }
      starts.append(UInt32(bytes.count))
    }
    self.starts = starts
    self.bytes = bytes.trimmed()
    self.chunk = chunk
  }

  /// Whether this is the folded text of `chunk` (not of the chunk at the same place in
  /// cards read before a reload).
  package func isText(of chunk: CardChunk) -> Bool { self.chunk === chunk }

  /// Calls `body` with card `index`'s folded text (`field` 0) or tags (1).
  @inline(__always)
  func withFolded<Result>(
    ofCard index: Int, field: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    let start = Int(starts[2 * index + field])
    let end = Int(starts[2 * index + field + 1])
    return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
  }

  /// The bytes kept.
  package var storedBytes: Int { bytes.count + starts.count * 4 }
}
