import TerminalText
import TestSupport
import Testing

/// Every line fits, for seeded random strings built from the hardest pieces.
@Suite struct WrappingPropertyTests {
  static let pieces: [String] = [
    "a", "word", " ", "  ", "日本", "語", "、", "。", "ー", "ょ", "「", "」", "🐼", "🇯🇵", "e\u{301}",
    "\u{1B}", "\t", "\n", "https://example.org/x?y=z", "Ａ", "1,000", "(x)", "\u{202E}", "—", "🏳️‍🌈",
  ]

  @Test(arguments: WrapMode.allCases)
  func everyLineFitsItsWidth(mode: WrapMode) {
    var random = SeededGenerator(seed: mode == .word ? 1 : 2)
    for _ in 0..<3_000 {
      let text = (0..<Int.random(in: 0...40, using: &random)).map { _ in
        Self.pieces.randomElement(using: &random)!
      }.joined()
      let prepared = PreparedText(text)
      let width = Int.random(in: 1...200, using: &random)
      let maxLines: Int? = Bool.random(using: &random) ? Int.random(in: 1...4, using: &random) : nil
      let lines = prepared.lines(width: width, mode: mode, maxLines: maxLines)
      for line in lines {
        #expect(DisplayWidth.of(line) <= width, "\(text.debugDescription) at \(width): \(line)")
      }
      if let maxLines { #expect(lines.count <= maxLines) }
      #expect(prepared.lineCount(width: width, mode: mode) >= lines.count)
      // Nothing is lost when nothing is truncated: the lines hold every visible cluster.
      if maxLines == nil && width >= 2 {
        let joined = lines.joined().filter { $0 != " " }
        let expected = prepared.string.filter { $0 != " " && $0 != "\n" }
        #expect(joined == expected, "\(text.debugDescription) at \(width)")
      }
    }
  }

  @Test func rewrappingNeedsNoNewPreparation() {
    let prepared = PreparedText(WrappingGoldenTests.samples[0].text)
    let counts = (1...60).map { prepared.lineCount(width: $0, mode: .word) }
    #expect(counts == counts.sorted(by: >), "narrower never takes fewer lines")
  }
}
