extension Array where Element: BitwiseCopyable {
  /// This array in storage of its own size: an array grown by appending holds up to twice
  /// what it uses, and what a chunk keeps (its records and text, its shapes, its folded
  /// search text) lives as long as the cards (a million cards' text is hundreds of
  /// megabytes). Itself when the spare room is small.
  ///
  /// - Complexity: O(count) when it copies.
  package func trimmed() -> [Element] {
    guard capacity > count + count / 32 + 16 else { return self }
    return [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
      withUnsafeBufferPointer { source in
        if let base = source.baseAddress, !source.isEmpty {
          buffer.baseAddress!.initialize(from: base, count: source.count)
        }
      }
      initialized = count
    }
  }
}
