import TerminalText

/// The folded text (`SearchFolding`) of a chunk's cards whose text is not plain: each
/// card's caption and comment, and its tags, folded once and kept as UTF-8. Cards of printable
/// ASCII or plain CJK text (`CardChunk.isFoldedOnTheFly`) keep nothing here: they are
/// compared as stored (ASCII lowercased, hiragana read as katakana), so a million cards of
/// such text cost no memory for search. Made on any thread (a chunk never changes).
package final class ChunkSearchText: Sendable {
  /// The `k`-th card that keeps folded text has its folded caption and comment (joined by
  /// a line feed) at `bytes[starts[2k]..<starts[2k+1]]`, its folded tags (joined by line
  /// feeds) at `bytes[starts[2k+1]..<starts[2k+2]]`.
  private let starts: [UInt32]
  private let bytes: [UInt8]
  /// The cards that keep folded text, and each one's `k`: cards folded on the fly keep
  /// nothing, not even a place in `starts` (8 bytes a card of a million).
  private let kept: KeptCards
  /// The chunk it was made of (a chunk never changes, so this text is that chunk's).
  private let chunk: CardChunk

  /// Folds the text of `chunk`'s cards that are not plain ASCII.
  ///
  /// - Complexity: O(text of those cards), one ICU pass each.
  package init(_ chunk: CardChunk) {
    var starts: [UInt32] = [0]
    var bytes: [UInt8] = []
    var kept = KeptCards(cards: chunk.count)
    for index in 0..<chunk.count {
      guard !chunk.isFoldedOnTheFly(index) else { continue }
      kept.keep(index)
      chunk.withText(index) { caption, comment in
        var joined = Array(caption)
        joined.append(0x0A)
        joined.append(contentsOf: comment)
        joined.withUnsafeBufferPointer { bytes += SearchFolding.folded(utf8: $0) }
      }
      starts.append(UInt32(bytes.count))
      let tags = Array(chunk.tags(index).joined(separator: "\n").utf8)
      tags.withUnsafeBufferPointer { bytes += SearchFolding.folded(utf8: $0) }
      starts.append(UInt32(bytes.count))
    }
    self.starts = starts.trimmed()
    self.bytes = bytes.trimmed()
    self.kept = kept
    self.chunk = chunk
  }

  /// Whether this is the folded text of `chunk` (not of the chunk at the same place in
  /// cards read before a reload).
  package func isText(of chunk: CardChunk) -> Bool { self.chunk === chunk }

  /// Calls `body` with card `index`'s folded text (`field` 0) or tags (1): empty for a card
  /// folded on the fly. O(1).
  @inline(__always)
  func withFolded<Result>(
    ofCard index: Int, field: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    guard let kept = kept.place(of: index) else {
      return body(UnsafeBufferPointer(start: nil, count: 0))
    }
    let start = Int(starts[2 * kept + field])
    let end = Int(starts[2 * kept + field + 1])
    return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
  }

  /// The bytes kept.
  package var storedBytes: Int {
    bytes.count + starts.count * 4 + kept.storedBytes
  }
}
