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

  /// Whether `folded` is valid UTF-8 `original` folded the cheap way — printable ASCII
  /// lowercased, hiragana read as katakana, every other scalar as it is — so that
  /// `cheaplyFoldedContains` can compare the original as it is stored. Most accented
  /// Latin, Cyrillic and Japanese mixed with Latin fold no further.
  ///
  /// - Complexity: O(*n*); allocates nothing.
  package static func isCheapFold(
    of original: UnsafeBufferPointer<UInt8>, _ folded: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    guard original.count == folded.count else { return false }
    var position = 0
    while position < original.count {
      let length = scalarLength(original[position])
      guard position + length <= original.count else { return false }
      switch length {
      case 1:
        guard lowercase(original[position]) == folded[position] else { return false }
      case 3:
        let kana = foldedKana(original, position)
        guard original[position] == folded[position],
          UInt8(truncatingIfNeeded: kana >> 8) == folded[position + 1],
          UInt8(truncatingIfNeeded: kana) == folded[position + 2]
        else { return false }
      default:
        for byte in position..<position + length where original[byte] != folded[byte] {
          return false
        }
      }
      position += length
    }
    return true
  }

  /// Whether valid UTF-8 `haystack`, folded the cheap way (`isCheapFold`), contains
  /// folded `needle`, without making the folded copy. The fold keeps every scalar's
  /// length and lead byte, so a match starts at a scalar whose lead byte, folded, is the
  /// needle's first.
  ///
  /// - Complexity: O(*n* · *m*) at worst, O(*n*) as text goes.
  package static func cheaplyFoldedContains(
    _ haystack: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]
  ) -> Bool {
    guard let first = needle.first else { return true }
    guard needle.count <= haystack.count else { return false }
    // An ASCII needle matches ASCII bytes only, which the fold lowercases and nothing else.
    if needle.allSatisfy({ $0 < 0x80 }) { return asciiContains(haystack, needle) }
    let last = haystack.count - needle.count
    var start = 0
    while start <= last {
      let lead = haystack[start]
      let length = scalarLength(lead)
      if lowercase(lead) == first {
        var position = start
        var offset = 0
        matching: while offset < needle.count {
          let scalar = scalarLength(haystack[position])
          guard offset + scalar <= needle.count, position + scalar <= haystack.count else {
            break
          }
          if scalar == 1 {
            guard lowercase(haystack[position]) == needle[offset] else { break }
          } else if scalar == 3 {
            let folded = foldedKana(haystack, position)
            guard haystack[position] == needle[offset],
              UInt8(truncatingIfNeeded: folded >> 8) == needle[offset + 1],
              UInt8(truncatingIfNeeded: folded) == needle[offset + 2]
            else { break }
          } else {
            for byte in 0..<scalar where haystack[position + byte] != needle[offset + byte] {
              break matching
            }
          }
          position += scalar
          offset += scalar
        }
        if offset == needle.count { return true }
      }
      start += length
    }
    return false
  }

  /// The length of the UTF-8 scalar whose lead byte is `lead` (1 for a stray byte, which
  /// valid text has none of).
  @inline(__always)
  private static func scalarLength(_ lead: UInt8) -> Int {
    lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
  }

  @inline(__always)
  private static func lowercase(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
  }

  /// The last two bytes of the three-byte scalar at `position` of `bytes`, hiragana read
  /// as katakana, packed.
  @inline(__always)
  private static func foldedKana<Bytes: RandomAccessCollection<UInt8>>(
    _ bytes: Bytes, _ position: Bytes.Index
  ) -> UInt16 where Bytes.Index == Int {
    let second = bytes[position + 1]
    let third = bytes[position + 2]
    var scalar =
      UInt32(bytes[position] & 0x0F) << 12 | UInt32(second & 0x3F) << 6 | UInt32(third & 0x3F)
    guard (0x3041...0x3096).contains(scalar) || scalar == 0x309D || scalar == 0x309E else {
      return UInt16(second) << 8 | UInt16(third)
    }
    scalar += 0x60
    return UInt16(0x80 | (scalar >> 6) & 0x3F) << 8 | UInt16(0x80 | scalar & 0x3F)
  }

  /// Whether plain CJK `haystack` (`CJKText`: three-byte scalars that fold to themselves,
  /// but for hiragana, which fold to katakana), folded, contains folded `needle`, without
  /// making the folded copy.
  @inline(__always)
  package static func kanaContains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: [UInt8])
    -> Bool
  {
    guard !needle.isEmpty else { return true }
    guard needle.count <= haystack.count, needle.count % 3 == 0 else { return false }
    // Only a needle of three-byte scalars can be found in such text.
    for offset in stride(from: 0, to: needle.count, by: 3)
    where needle[offset] & 0xF0 != 0xE0 || needle[offset + 1] & 0xC0 != 0x80
      || needle[offset + 2] & 0xC0 != 0x80
    {
      return false
    }
    /// The scalar at `offset`, hiragana read as katakana, as its three bytes packed.
    @inline(__always) func folded(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int) -> UInt32 {
      var scalar =
        UInt32(bytes[offset] & 0x0F) << 12 | UInt32(bytes[offset + 1] & 0x3F) << 6
        | UInt32(bytes[offset + 2] & 0x3F)
      if (0x3041...0x3096).contains(scalar) || scalar == 0x309D || scalar == 0x309E {
        scalar += 0x60
      }
      return scalar
    }
    let wanted = needle.withUnsafeBufferPointer { needle in
      stride(from: 0, to: needle.count, by: 3).map { folded(needle, $0) }
    }
    let last = haystack.count - needle.count
    var start = 0
    while start <= last {
      var offset = 0
      while offset < wanted.count && folded(haystack, start + offset * 3) == wanted[offset] {
        offset += 1
      }
      if offset == wanted.count { return true }
      start += 3
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
