import TerminalText
import TestSupport
import Testing

/// Golden wraps of the kinds of text cards carry, each line drawn between bars so that its
/// width is visible.
@Suite struct WrappingGoldenTests {
  static let samples: [(name: String, text: String)] = [
    ("japanese", "レッサーパンダは中国南部やヒマラヤの森林に住む動物で、竹の葉を主に食べます。「赤い熊」とも呼ばれ、長い尻尾でバランスをとります。"),
    ("japanese-kinsoku", "ちょっと待ってください、ニャー！ショートケーキ、ラーメン、コーヒー。（括弧）「かぎ」"),
    (
      "english",
      "The red panda is a small mammal native to the eastern Himalayas and south-western China. It eats mostly bamboo."
    ),
    ("mixed", "Pandaは1日に12時間以上も竹(bamboo)を食べる。Ailuropoda melanoleucaという学名を持つ。"),
    ("emoji", "🐼 panda 🐧 penguin 🇯🇵 flag 👍🏽 thumbs 🏳️‍🌈 rainbow ❤️ heart"),
    (
      "long-url",
      "See https://example.org/animals/mammals/ailuridae/ailurus-fulgens/observations?year=2026&region=himalaya for sightings."
    ),
    (
      "combining",
      "Cafe\u{301} na\u{308}ive re\u{301}sume\u{301} — ア\u{3099}イウ\u{309A} Z\u{335}\u{321}a\u{337}lgo"
    ),
    (
      "hostile",
      "\u{1B}[31mred\u{1B}[0m \u{9B}2J bell\u{07} \u{202E}override\u{202C} tab\there\r\nnext\u{7F}line \u{FFFF}"
    ),
    ("paragraphs", "First line.\nSecond line is longer than the width.\n\nAfter an empty line."),
  ]

  static func render(width: Int, mode: WrapMode, maxLines: Int? = nil) -> String {
    var out = ""
    for (name, text) in samples {
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
        let lines = PreparedText(Self.samples[1].text).lines(width: width, mode: mode)
        for line in lines.dropFirst() {
          #expect(!forbidden.contains(line.first ?? " "), "width \(width) \(mode): \(line)")
        }
      }
    }
  }
}
