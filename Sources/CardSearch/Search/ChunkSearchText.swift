import CardModel
import TerminalText

/// The folded text (`SearchFolding`) of a chunk's cards whose caption and comment fold
/// further than lowercasing and kana (capitals beyond ASCII, compatibility forms, `ß`):
/// folded once and kept as UTF-8. Other cards keep nothing here: printable ASCII and
/// plain CJK (`CardChunk.isFoldedOnTheFly`), and text whose fold is the cheap one, are
/// compared as stored (ASCII lowercased, hiragana read as katakana), so a million cards
/// of such text cost no memory for search. Made on any thread (a chunk never changes).
package final class ChunkSearchText: Sendable {
  /// The `k`-th card that keeps folded text has its folded caption and comment (joined by
  /// a line feed) at `bytes[starts[k]..<starts[k+1]]`. Tags keep nothing: a query folds
  /// a chunk's tag names once (`CardQuery`).
  private let starts: [UInt32]
  private let bytes: [UInt8]
  /// The cards that keep folded text, and each one's `k`: cards folded on the fly keep
  /// nothing, not even a place in `starts` (8 bytes a card of a million).
  private let kept: KeptCards
  /// The cards whose text folds no further than lowercasing and kana (`isCheapFold`)
  /// (accents that are already lowercase, Cyrillic, Japanese with Latin and punctuation):
  /// compared as stored, they keep nothing either. In the real feed, most of those that
  /// are not plain.
  private let cheap: KeptCards
  /// The chunk it was made of (a chunk never changes, so this text is that chunk's).
  private let chunk: CardChunk

  /// Folds the text of `chunk`'s cards that are not plain ASCII.
  ///
  /// - Complexity: O(text of those cards), one ICU pass each.
  package init(_ chunk: CardChunk) {
    var starts: [UInt32] = [0]
    var bytes: [UInt8] = []
    var kept = KeptCards(cards: chunk.count)
    var cheap = KeptCards(cards: chunk.count)
    for index in 0..<chunk.count {
      guard !chunk.isFoldedOnTheFly(index) else { continue }
      let (text, foldsCheaply) = chunk.withText(index) { caption, comment in
        var joined = Array(caption)
        joined.append(0x0A)
        joined.append(contentsOf: comment)
        let folded = joined.withUnsafeBufferPointer { SearchFolding.folded(utf8: $0) }
        // The fields apart: a search never spans the line feed between them. Chunk text
        // is valid UTF-8.
        let cheap = folded.withUnsafeBufferPointer { folded in
          folded.count == caption.count + 1 + comment.count && folded[caption.count] == 0x0A
            && SearchFolding.isCheapFold(
              of: caption, UnsafeBufferPointer(rebasing: folded[..<caption.count]))
            && SearchFolding.isCheapFold(
              of: comment, UnsafeBufferPointer(rebasing: folded[(caption.count + 1)...]))
        }
        return (folded, cheap)
      }
      if foldsCheaply {
        cheap.keep(index)
        continue
      }
      kept.keep(index)
      bytes += text
      starts.append(UInt32(bytes.count))
    }
    self.starts = starts.trimmed()
    self.bytes = bytes.trimmed()
    self.kept = kept
    self.cheap = cheap
    self.chunk = chunk
  }

  /// Whether this is the folded text of `chunk` (not of the chunk at the same place in
  /// cards read before a reload).
  package func isText(of chunk: CardChunk) -> Bool { self.chunk === chunk }

  /// Calls `body` with card `index`'s folded caption and comment: empty for a card folded
  /// on the fly. O(1).
  @inline(__always)
  func withFolded<Result>(ofCard index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result)
    -> Result
  {
    guard let kept = kept.place(of: index) else {
      return body(UnsafeBufferPointer(start: nil, count: 0))
    }
    let range = Int(starts[kept])..<Int(starts[kept + 1])
    return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
  }

  /// Whether card `index` (not folded on the fly by its chunk) is compared as stored,
  /// with `SearchFolding.cheaplyFoldedContains`. O(1).
  @inline(__always)
  func foldsCheaply(_ index: Int) -> Bool { cheap.place(of: index) != nil }

  /// The bytes kept.
  package var storedBytes: Int {
    bytes.count + starts.count * 4 + kept.storedBytes + cheap.storedBytes
  }
}
