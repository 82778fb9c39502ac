#if canImport(Glibc)
  import Glibc
#endif

/// The text of a chunk being built: appended to in place, grown by doubling (`realloc`,
/// which moves a block of the mmap threshold or more by remapping it, not copying), then
/// handed to the chunk as it is (`finish`).
final class ChunkTextBuffer {
  private var base: UnsafeMutablePointer<UInt8>?
  /// The bytes written.
  private(set) var count = 0
  private var capacity = 0

  deinit { free(base) }

  /// Makes room for `more` bytes past the end.
  func reserve(_ more: Int) {
    guard count + more > capacity else { return }
    resize(to: count + more)
  }

  /// Appends `bytes`.
  ///
  /// - Complexity: O(`bytes.count`), amortized.
  @inline(__always)
  func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    let length = bytes.count
    guard length > 0, let source = bytes.baseAddress else { return }
    if count + length > capacity { resize(to: Swift.max(count + length, capacity * 2)) }
    (base! + count).initialize(from: source, count: length)
    count += length
  }

  /// Appends `bytes`.
  func append(contentsOf bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { append($0) }
  }

  /// Calls `body` with the bytes written so far.
  func withUnsafeBufferPointer<Result>(
    _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    body(UnsafeBufferPointer(start: base, count: count))
  }

  /// The text as a chunk keeps it; the buffer starts over empty. A block of the mmap
  /// threshold or more is kept as it is: a mapping of its own, whose pages past the end
  /// were never touched and so are not resident. A smaller one is cut to its bytes.
  func finish() -> ChunkText {
    if count == 0 {
      free(base)
      base = nil
    } else if capacity < AllocationPolicy.mmapThreshold && capacity > count + count / 32 + 16 {
      resize(to: count)
    }
    let text = ChunkText(taking: base, count: count)
    base = nil
    count = 0
    capacity = 0
    return text
  }

  private func resize(to newCapacity: Int) {
    guard let grown = realloc(base, newCapacity) else {
      fatalError("out of memory: \(newCapacity) bytes of card text")
    }
    base = grown.assumingMemoryBound(to: UInt8.self)
    capacity = newCapacity
  }
}
