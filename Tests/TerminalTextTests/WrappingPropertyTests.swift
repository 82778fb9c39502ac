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

  /// A cluster wider than the 7 cells a cluster byte holds (a run of spacing marks, or of
  /// Hangul leading jamo: each adds width) is shown shortened to 7 cells, so no line is
  /// wider than asked. FuzzText found "森" and four U+302E (each two cells wide) on a line
  /// of 10 cells at width 7.
  @Test func aClusterWiderThanSevenCellsIsShortenedToThem() {
    let marks = "森" + String(repeating: "\u{302E}", count: 4)
    let jamo = String(repeating: "\u{1100}", count: 6)
    #expect(marks.count == 1 && jamo.count == 1, "one cluster each")
    #expect(DisplayWidth.of(marks) == 10 && DisplayWidth.of(jamo) == 12)
    for text in [marks, jamo, "ab " + jamo + " cd " + marks + "x"] {
      let prepared = PreparedText(text)
      for width in 1...24 {
        for mode in WrapMode.allCases {
          let lines = prepared.lines(width: width, mode: mode)
          #expect(lines.count == prepared.lineCount(width: width, mode: mode))
          for line in lines {
            #expect(DisplayWidth.of(line) <= width, "\(text.debugDescription) at \(width)")
          }
        }
      }
    }
    // From 7 cells on, the cluster keeps what fits before an ellipsis, padded to 7 cells.
    #expect(PreparedText(marks).lines(width: 7, mode: .word) == ["森\u{302E}\u{302E}…"])
    #expect(PreparedText(jamo).lines(width: 30, mode: .word) == ["\u{1100}\u{1100}\u{1100}…"])
    // "a" and four marks (9 cells) keep 5 cells, the ellipsis and a space.
    let narrowBase = "a" + String(repeating: "\u{302E}", count: 4)
    #expect(PreparedText(narrowBase).lines(width: 9, mode: .char) == ["a\u{302E}\u{302E}… "])
    #expect(PreparedText(marks).naturalWidth == 7)
  }

  @Test func rewrappingNeedsNoNewPreparation() {
    let prepared = PreparedText(TextSamples.wrapped[0].text)
    let counts = (1...60).map { prepared.lineCount(width: $0, mode: .word) }
    #expect(counts == counts.sorted(by: >), "narrower never takes fewer lines")
  }
}
