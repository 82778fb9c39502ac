import TerminalText
import TestSupport
import Testing

@Suite struct SearchFoldingTests {
  static func finds(_ haystack: String, _ needle: String) -> Bool {
    var folded = SearchFolding.folded(haystack)
    let wanted = Array(SearchFolding.folded(needle).utf8)
    return folded.withUTF8 { SearchFolding.contains($0, wanted) }
  }

  @Test func kanaWidthCaseAndCompatibilityFoldAway() {
    #expect(Self.finds("野良ネコの昼寝", "ねこ"))
    #expect(Self.finds("ねこ", "ネコ"))
    #expect(Self.finds("ｶﾀｶﾅ", "カタカナ"))
    #expect(Self.finds("ﾊﾟﾝﾀﾞ", "パンダ"))
    #expect(Self.finds("ＡＢＣ", "abc"))
    #expect(Self.finds("Straße", "STRASSE"))
    #expect(Self.finds("ﬁsh", "fish"))
    #expect(!Self.finds("イヌ", "ねこ"))
  }

  /// Printable ASCII folds to its lowercase: the reason plain ASCII text is compared as it
  /// is, without a folded copy.
  @Test func printableASCIIFoldsToItsLowercase() {
    var random = SeededGenerator(seed: 5)
    for _ in 0..<500 {
      let bytes = (0..<Int.random(in: 0...60, using: &random)).map { _ in
        UInt8.random(in: 0x20...0x7E, using: &random)
      }
      let text = String(decoding: bytes, as: UTF8.self)
      #expect(SearchFolding.folded(text) == text.lowercased())
      let needle = Array(text.lowercased().utf8.prefix(5))
      let found = bytes.withUnsafeBufferPointer { SearchFolding.asciiContains($0, needle) }
      #expect(found)
    }
  }
}

extension SearchFoldingTests {
  /// Plain CJK text compared as stored finds exactly what its folded copy finds.
  @Test func kanaOnTheFlyEqualsTheFoldedCopy() {
    var random = SeededGenerator(seed: 12)
    let pieces = ["きつね", "キツネ", "ねこ", "ネコ", "森", "の", "ー", "、", "。", "「", "」", "ゃ", "毸"]
    let needles = ["きつね", "ツネ", "ねこの", "森の", "fox", "ー、", "「ね", "毸", "ゃ", "a", "ネコ"]
    for _ in 0..<1_000 {
      var text = ""
      for _ in 0..<Int.random(in: 1...12, using: &random) {
        text += pieces[Int.random(in: 0..<pieces.count, using: &random)]
      }
      let bytes = Array(text.utf8)
      for needle in needles {
        let folded = Array(SearchFolding.folded(needle).utf8)
        let onTheFly = bytes.withUnsafeBufferPointer { SearchFolding.kanaContains($0, folded) }
        #expect(onTheFly == Self.finds(text, needle), "\(text) / \(needle)")
      }
    }
  }
}

extension SearchFoldingTests {
  /// Text compared as stored the cheap way (ASCII lowercased, hiragana as katakana, the
  /// rest as it is) finds exactly what its cheaply folded copy finds, at every needle cut
  /// from it or from other text; and text whose full fold is the cheap one (the cards
  /// that keep no folded copy) finds what the full fold finds.
  @Test func cheapFoldOnTheFlyEqualsItsCopy() throws {
    var random = SeededGenerator(seed: 13)
    let pieces = [
      "きつね", "キツネ", "ゝ", "ゞ", "ヽ", "ー", "、", "Fox", "fox", "É", "é", "Ё", "ё", "😀", "(", "”",
      "ß", "Ｆ", "ﾈ", "\u{301}", " ", "毸", "Ω",
    ]
    var cheapAndFull = 0
    for _ in 0..<1_500 {
      var text = ""
      for _ in 0..<Int.random(in: 0...10, using: &random) {
        text += pieces[Int.random(in: 0..<pieces.count, using: &random)]
      }
      let bytes = Array(text.utf8)
      let cheap = Self.cheaplyFolded(text)
      let full = bytes.withUnsafeBufferPointer { SearchFolding.folded(utf8: $0) }
      let isCheap = bytes.withUnsafeBufferPointer { bytes in
        full.withUnsafeBufferPointer { SearchFolding.isCheapFold(of: bytes, $0) }
      }
      // Needles are folded text: whole scalars, cut anywhere between them.
      let scalars = Array(String(decoding: cheap, as: UTF8.self).unicodeScalars)
      var needles = (0..<3).map { _ in
        let start = Int.random(in: 0...scalars.count, using: &random)
        let end = Swift.min(scalars.count, start + Int.random(in: 1...4, using: &random))
        return Array(String(String.UnicodeScalarView(scalars[start..<end])).utf8)
      }
      needles += ["きつね", "ゝ", "fox", "é", "ё", "(", "a"].map {
        Array(SearchFolding.folded($0).utf8)
      }
      for needle in needles {
        let onTheFly = bytes.withUnsafeBufferPointer {
          SearchFolding.cheaplyFoldedContains($0, needle)
        }
        let copy = cheap.withUnsafeBufferPointer { SearchFolding.contains($0, needle) }
        #expect(onTheFly == copy, "\(text.debugDescription) / \(needle)")
        if isCheap {
          #expect(onTheFly == full.withUnsafeBufferPointer { SearchFolding.contains($0, needle) })
        }
      }
      #expect(isCheap == (cheap == full))
      if isCheap { cheapAndFull += 1 }
    }
    #expect(cheapAndFull > 100 && cheapAndFull < 1_400, "\(cheapAndFull) fold only cheaply")
  }

  /// The cheap fold, the plain way: what `isCheapFold` and `cheaplyFoldedContains` mean.
  static func cheaplyFolded(_ text: String) -> [UInt8] {
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x41...0x5A: scalars.append(Unicode.Scalar(scalar.value + 0x20)!)
      case 0x3041...0x3096, 0x309D, 0x309E: scalars.append(Unicode.Scalar(scalar.value + 0x60)!)
      default: scalars.append(scalar)
      }
    }
    return Array(String(scalars).utf8)
  }
}
