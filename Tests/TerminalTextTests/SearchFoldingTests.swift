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
