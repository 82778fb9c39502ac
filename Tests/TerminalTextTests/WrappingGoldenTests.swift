import TerminalText
import TestSupport
import Testing

/// Golden wraps of the kinds of text cards carry, each line drawn between bars so that its
/// width is visible.
@Suite struct WrappingGoldenTests {
  static func render(width: Int, mode: WrapMode, maxLines: Int? = nil) -> String {
    var out = ""
    for (name, text) in TextSamples.wrapped {
      let prepared = PreparedText(text)
      out += "== \(name) width \(width) \(mode)\(maxLines.map { " max \($0)" } ?? "")\n"
      for line in prepared.lines(width: width, mode: mode, maxLines: maxLines) {
        out +=
          "|\(line)\(String(repeating: " ", count: Swift.max(0, width - DisplayWidth.of(line))))|\n"
      }
    }
    return out
  }

  @Test(arguments: [(24, WrapMode.word), (24, .char), (11, .word), (40, .word)])
  func goldenWraps(width: Int, mode: WrapMode) {
    let mismatch = Snapshot.mismatch(
      Self.render(width: width, mode: mode), named: "wrap-\(width)-\(mode)")
    #expect(mismatch == nil, "\(mismatch ?? "")")
  }

  @Test func goldenTruncation() {
    let mismatch = Snapshot.mismatch(
      Self.render(width: 20, mode: .word, maxLines: 2), named: "wrap-20-word-max2")
    #expect(mismatch == nil, "\(mismatch ?? "")")
  }

  @Test func strictJapaneseKeepsSmallKanaAndClosingPunctuationOffLineStarts() {
    let forbidden: Set<Character> = ["ょ", "っ", "ャ", "ー", "、", "。", "」", "）", "！"]
    // From 10 cells on: the longest run that must stay together, ニャー！, is 8 wide.
    for width in 10...40 {
      for mode in WrapMode.allCases {
        let lines = PreparedText(TextSamples.wrapped[1].text).lines(width: width, mode: mode)
        for line in lines.dropFirst() {
          #expect(!forbidden.contains(line.first ?? " "), "width \(width) \(mode): \(line)")
        }
      }
    }
  }
}
