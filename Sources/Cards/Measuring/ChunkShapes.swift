import TerminalText

/// The shapes (a byte per grapheme cluster: width and break flags) of the captions and
/// comments of one chunk that are neither simple ASCII nor plain CJK (which are shaped on
/// the fly: `ASCIIText`, `CJKText`): by the table-driven `UnicodeText`, or the sanitiser
/// and ICU for the rare text it leaves to them. Made once per chunk, on any thread (a chunk never changes), so a
/// worker can make them while the browser runs; wrapping at any width is then a pass over
/// these bytes.
package final class ChunkShapes: Sendable {
  /// Card `i`'s caption shape is `bytes[starts[2i]..<starts[2i+1]]`, its comment's
  /// `bytes[starts[2i+1]..<starts[2i+2]]` (empty for simple ASCII, shaped on the fly).
  private let starts: [UInt32]
  private let bytes: [UInt8]

  /// Shapes the texts of `chunk` that need ICU.
  ///
  /// - Complexity: O(text of the chunk); an ICU pass only for text `UnicodeText` leaves.
  package init(_ chunk: CardChunk) {
    var starts: [UInt32] = [0]
    var bytes: [UInt8] = []
    starts.reserveCapacity(chunk.count * 2 + 1)
    var scratch = UnicodeText.Scratch()
    var shape: [UInt8] = []
    for index in 0..<chunk.count {
      chunk.withText(index) { caption, comment in
        for (field, text) in [caption, comment].enumerated() {
          if chunk.textKind(index, field: field) == .other {
            if UnicodeText.shape(text, into: &shape, scratch: &scratch) {
              bytes.append(contentsOf: shape)
            } else {
              bytes.append(
                contentsOf: PreparedText.shape(of: String(decoding: text, as: UTF8.self)))
            }
          }
          starts.append(UInt32(bytes.count))
        }
      }
    }
    self.starts = starts
    self.bytes = bytes
  }

  /// Calls `body` with the shape of card `index`'s caption (`field` 0) or comment (1),
  /// which must not be simple ASCII.
  func withShape<Result>(
    ofCard index: Int, field: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    let start = Int(starts[2 * index + field])
    let end = Int(starts[2 * index + field + 1])
    return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
  }

  /// The bytes kept.
  package var storedBytes: Int { bytes.count + starts.count * 4 }
}
