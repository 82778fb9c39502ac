#if canImport(Glibc)
  import Glibc
#endif

/// A chunk's text: every card's caption, comment, id and picture path back to back, as
/// valid UTF-8, read-only once made (`ChunkTextBuffer.finish`).
///
/// Not an array: a builder appends three or four fields a card, and an array's append
/// costs a uniqueness check and a call through its general path each time (~70
/// instructions beyond the copy, a twentieth of parsing a card).
package final class ChunkText: @unchecked Sendable {
  // (Unchecked: the bytes are never written after `init`, and freed only in `deinit`.)
  private let base: UnsafeMutablePointer<UInt8>?
  /// The number of bytes.
  package let count: Int

  /// Takes over `base` (from `malloc`, `count` bytes initialized), which it frees.
  init(taking base: UnsafeMutablePointer<UInt8>?, count: Int) {
    self.base = base
    self.count = count
  }

  deinit { free(base) }

  /// Calls `body` with the bytes, without copying.
  @inline(__always)
  package func withUnsafeBufferPointer<Result>(
    _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
  ) rethrows -> Result {
    try body(UnsafeBufferPointer(start: base, count: count))
  }
}
