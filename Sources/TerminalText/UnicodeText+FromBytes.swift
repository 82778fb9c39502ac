#if canImport(Glibc)
  import Glibc
#endif

extension UnicodeText {
  /// The widest line of `bytes` (UTF-8, untrusted), as `PreparedText.naturalWidth` measures
  /// its shape, or `nil` when the text needs the sanitiser or ICU (invalid UTF-8, a
  /// scalar of class `unsupported`).
  ///
  /// - Complexity: O(*n*).
  package static func naturalWidth(_ bytes: UnsafeBufferPointer<UInt8>, scratch: inout Scratch)
    -> Int?
  {
    guard let base = bytes.baseAddress else { return 0 }
    let end = trimmedEnd(base, count: bytes.count)
    guard end > 0 else { return 0 }
    let text = UnsafeBufferPointer(start: base, count: end)
    if isPrintableASCII(text) { return end }
    scratch.reserve(forBytes: end)
    guard let clusters = readScalars(text, scratch: &scratch) else { return nil }
    return scratch.withBuffers {
      PreparedText.naturalWidth(of: UnsafeBufferPointer(start: $0.shape, count: clusters.count))
    }
  }

  /// Whether `bytes` is printable ASCII and line feeds (or nothing), or would be with its
  /// other scalars replaced by their stand-ins (`writeStandIns`): the text
  /// `LineCounter` counts in word mode in a few steps a line, however often; other text is
  /// folded once into its words (`WordSegments`) and counted from them.
  ///
  /// - Complexity: O(*n*), eight bytes a step but at line feeds and other scalars.
  package static func isCountedFromBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard bytes.baseAddress != nil else { return true }
    guard hasNonASCII(bytes, from: 0) else { return hasNoControlButLineFeed(bytes, from: 0) }
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { standIns in
      guard let written = writeStandIns(bytes, from: 0, into: standIns.baseAddress!) else {
        return false
      }
      return hasNoControlButLineFeed(
        UnsafeBufferPointer(start: standIns.baseAddress, count: written), from: 0)
    }
  }
}
