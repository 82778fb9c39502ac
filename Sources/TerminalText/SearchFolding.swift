/// Folding text for search: case-insensitive and width-insensitive, so that fullwidth and
/// halfwidth forms match (ＡＢＣ finds abc, ｶﾀｶﾅ finds カタカナ).
package enum SearchFolding {
  /// `text` folded: lowercased, fullwidth ASCII to ASCII, the ideographic space to a
  /// space, halfwidth katakana to fullwidth (with their voiced marks composed), as
  /// Characters, whose equality is canonical equivalence.
  package static func fold(_ text: String) -> [Character] {
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      let value = scalar.value
      switch value {
      case 0xFF01...0xFF5E:
        scalars.append(Unicode.Scalar(value - 0xFEE0)!)
      case 0x3000:
        scalars.append(" ")
      case 0xFF66...0xFF9D:
        scalars.append(halfwidthKatakana[Int(value - 0xFF66)])
      case 0xFF9E:
        scalars.append("\u{3099}")
      case 0xFF9F:
        scalars.append("\u{309A}")
      default:
        scalars.append(scalar)
      }
    }
    return Array(String(scalars).lowercased())
  }

  /// U+FF66…U+FF9D in fullwidth.
  private static let halfwidthKatakana: [Unicode.Scalar] = Array(
    "ヲァィゥェォャュョッーアイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワン"
      .unicodeScalars)

  /// Whether `haystack` contains `needle` (both folded).
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
    for (index, cluster) in line.enumerated() {
      for character in fold(String(cluster)) {
        folded.append(character)
        origin.append(index)
      }
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
