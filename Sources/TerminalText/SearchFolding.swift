import CTextSupport

/// Folding text for search, so that a query finds what a person means: case, width and
/// compatibility forms fold away (ICU's NFKC case folding: `ＡＢＣ` finds `abc`, `ｶﾀｶﾅ`
/// finds `カタカナ`, `ß` finds `ss`), and hiragana fold to katakana (`ねこ` finds `ネコ`).
/// Matching compares folded UTF-8 bytes; printable ASCII folds to its lowercase, so ASCII
/// text is compared on the fly without keeping a folded copy.
package enum SearchFolding {
  /// `bytes` (UTF-8; invalid sequences count as U+FFFD) folded.
  ///
  /// - Complexity: O(*n*), one ICU pass; ASCII needs none.
  package static func folded(utf8 bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    if let ascii = lowercasedIfPrintableASCII(bytes) { return ascii }
    var result = [UInt8](repeating: 0, count: bytes.count * 3 + 16)
    var length = fold(bytes, into: &result)
    if length > result.count {
      result = [UInt8](repeating: 0, count: length)
      length = fold(bytes, into: &result)
    }
    guard length >= 0 else { return Array(bytes) }
    result.removeLast(result.count - length)
    return result
  }

  private static func fold(_ bytes: UnsafeBufferPointer<UInt8>, into result: inout [UInt8]) -> Int {
    let capacity = result.count
    return Int(
      result.withUnsafeMutableBufferPointer {
        masonry_fold_for_search(
          bytes.baseAddress, Int32(bytes.count), $0.baseAddress, Int32(capacity))
      })
  }

  /// `text` folded.
  package static func folded(_ text: String) -> String {
    var text = text
    return text.withUTF8 { String(decoding: folded(utf8: $0), as: UTF8.self) }
  }

  /// `text` folded, as characters (for highlighting matches where they are drawn).
  package static func fold(_ text: String) -> [Character] { Array(folded(text)) }

  private static func lowercasedIfPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
    var result = [UInt8]()
    result.reserveCapacity(bytes.count)
    for byte in bytes {
      guard byte >= 0x20 && byte < 0x7F || byte == 0x0A else { return nil }
      result.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
    }
    return result
  }

  /// Whether folded `haystack` contains folded `needle` (empty: always).
  ///
  /// - Complexity: O(*n* · *m*) at worst, O(*n*) as text goes (a scan for the first byte).
  @inline(__always)
  package static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
    guard let first = needle.first else { return true }
    guard needle.count <= haystack.count else { return false }
    let last = haystack.count - needle.count
    var start = 0
    while start <= last {
      if haystack[start] == first {
        var offset = 1
        while offset < needle.count && haystack[start + offset] == needle[offset] { offset += 1 }
        if offset == needle.count { return true }
      }
      start += 1
    }
    return false
  }

  /// Whether printable ASCII `haystack`, folded (lowercased), contains folded `needle`,
  /// without making the folded copy.
  @inline(__always)
  package static func asciiContains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: [UInt8])
    -> Bool
  {
    guard let first = needle.first else { return true }
    guard needle.count <= haystack.count, first < 0x80 else { return false }
    @inline(__always) func lower(_ byte: UInt8) -> UInt8 {
      byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }
    let last = haystack.count - needle.count
    var start = 0
    while start <= last {
      if lower(haystack[start]) == first {
        var offset = 1
        while offset < needle.count && lower(haystack[start + offset]) == needle[offset] {
          offset += 1
        }
        if offset == needle.count { return true }
      }
      start += 1
    }
    return false
  }

  /// Whether `haystack` contains `needle` (both folded, as characters).
  package static func contains(_ haystack: [Character], _ needle: [Character]) -> Bool {
    guard !needle.isEmpty else { return true }
    guard needle.count <= haystack.count else { return false }
    for start in 0...(haystack.count - needle.count)
    where haystack[start] == needle[0]
      && haystack[start..<start + needle.count].elementsEqual(needle)
    {
      return true
    }
    return false
  }
}

extension SearchFolding {
  /// Where `needle` (folded) occurs in `line`, as ranges of the line's grapheme clusters,
  /// so that a match can be highlighted where it is drawn although folding changed its
  /// length (ﾊﾟ is two clusters, パ one).
  ///
  /// - Complexity: O(*n* · *m*) for a line of *n* clusters and a needle of *m*.
  package static func matchedClusters(in line: String, needle: [Character]) -> [Range<Int>] {
    guard !needle.isEmpty else { return [] }
    var folded: [Character] = []
    var origin: [Int] = []
    var index = 0
    for cluster in line {
      for character in fold(String(cluster)) {
        folded.append(character)
        origin.append(index)
      }
      index += 1
    }
    var ranges: [Range<Int>] = []
    var start = 0
    while start + needle.count <= folded.count {
      if folded[start] == needle[0] && folded[start..<start + needle.count].elementsEqual(needle) {
        let range = origin[start]..<(origin[start + needle.count - 1] + 1)
        if let last = ranges.last, last.upperBound >= range.lowerBound {
          ranges[ranges.count - 1] = last.lowerBound..<Swift.max(last.upperBound, range.upperBound)
        } else {
          ranges.append(range)
        }
        start += needle.count
      } else {
        start += 1
      }
    }
    return ranges
  }
}
