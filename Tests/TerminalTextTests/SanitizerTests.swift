import TerminalText
import TestSupport
import Testing

@Suite struct SanitizerTests {
  @Test func controlsBecomeVisibleReplacements() {
    #expect(Sanitizer.sanitize("\u{1B}[2J") == "\u{FFFD}[2J")
    #expect(Sanitizer.sanitize("a\u{9B}b\u{07}c\u{7F}") == "a\u{FFFD}b\u{FFFD}c\u{FFFD}")
    #expect(Sanitizer.sanitize("\u{202E}x\u{2066}y") == "\u{FFFD}x\u{FFFD}y")
  }

  @Test func joinersAreDroppedAndLineEndsNormalised() {
    #expect(Sanitizer.sanitize("🏳️‍🌈") == "🏳🌈")
    // Skin tones too (kitty draws an emoji and its tone in two cells, ncurses counts four).
    #expect(Sanitizer.sanitize("👍\u{1F3FB}👍\u{1F3FF} \u{1F3FD}") == "👍👍 ")
    #expect(Sanitizer.sanitize("\u{1F3FA}\u{1F400}") == "\u{1F3FA}\u{1F400}")
    #expect(Sanitizer.sanitize("a\r\nb\rc\nd") == "a\nb\nc\nd")
    #expect(Sanitizer.sanitize("a\tb") == "a    b")
  }

  @Test func invalidUTF8DecodesToReplacement() {
    #expect(Sanitizer.sanitize(utf8: [0x61, 0xFF, 0x62, 0xC3]) == "a\u{FFFD}b\u{FFFD}")
  }

  @Test func sanitisedTextHasNoControlScalars() {
    var random = SeededGenerator(seed: 7)
    for _ in 0..<2_000 {
      let scalars = (0..<20).compactMap { _ in
        Unicode.Scalar(UInt32.random(in: 0...0x2FFFF, using: &random))
      }
      let clean = Sanitizer.sanitize(String(String.UnicodeScalarView(scalars)))
      for scalar in clean.unicodeScalars where scalar != "\n" {
        #expect(scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value))
        #expect(DisplayWidth.of(scalar) >= 0)
      }
    }
  }

  @Test func widthsFollowTheTerminalRule() {
    #expect(DisplayWidth.of("abc") == 3)
    #expect(DisplayWidth.of("日本語") == 6)
    #expect(DisplayWidth.of("ＡＢ") == 4)
    #expect(DisplayWidth.of("e\u{301}") == 1)
    #expect(DisplayWidth.of("🐼") == 2)
    #expect(DisplayWidth.of("🇯🇵") == 2)
    #expect(DisplayWidth.of("…") == 1)
  }
}
