import LayoutEngine
import TerminalCore
import TestSupport
import Testing

/// The start-up probe: the answers of each terminal measured in `pixels.md` (xterm 379,
/// kitty 0.26.5, mlterm 3.9.0, konsole 22.12.3, tmux 3.3a, a silent pty), what each
/// decides, garbage, answers cut anywhere, and keys typed in between.
@Suite struct TerminalProbeTests {
  static func answers(_ text: String) -> ProbeAnswers {
    var answers = ProbeAnswers()
    answers.read(Array(text.utf8))
    answers.finish()
    return answers
  }

  static let plainEnvironment = TerminalProbe.Environment(["TERM": "xterm-256color"])

  static func chosen(_ text: String?, _ environment: TerminalProbe.Environment = plainEnvironment)
    -> PixelProtocol?
  {
    TerminalProbe.choose(
      .auto, answers: text.map(answers), environment: environment, cellKnown: true
    ).protocol
  }

  @Test func eachTerminalsAnswersAreRead() {
    let xterm = Self.answers(ProbeAnswerSamples.xterm)
    #expect(xterm.cellPixels == Size(width: 9, height: 19))
    #expect(xterm.windowPixels == Size(width: 900, height: 760))
    #expect(xterm.sixelMaximum == Size(width: 900, height: 760) && xterm.sixelRegisters == 256)
    #expect(xterm.version == "XTerm(379)")
    #expect(xterm.deviceAttributes == [[63, 1, 2, 4, 6, 9, 15, 16, 22, 28]])
    #expect(xterm.hasSixel && !xterm.kittyGraphics && xterm.synchronizedOutput == 0)
    #expect(xterm.typed.isEmpty)

    let kitty = Self.answers(ProbeAnswerSamples.kitty)
    #expect(kitty.kittyGraphics && !kitty.hasSixel)
    #expect(kitty.cellPixels == Size(width: 9, height: 18))
    #expect(kitty.version == "kitty(0.26.5)" && kitty.synchronizedOutput == 2)
    #expect(kitty.typed.isEmpty)

    let mlterm = Self.answers(ProbeAnswerSamples.mlterm)
    // mlterm answers XTSMGRAPHICS `?2` with an error (3): no size taken.
    #expect(mlterm.hasSixel && mlterm.sixelMaximum == nil && mlterm.version == nil)
    #expect(mlterm.cellPixels == Size(width: 8, height: 19) && mlterm.typed.isEmpty)
  }

  @Test func eachTerminalGetsTheProtocolItDraws() {
    #expect(Self.chosen(ProbeAnswerSamples.xterm) == .sixel)
    #expect(Self.chosen(ProbeAnswerSamples.kitty) == .kitty)
    #expect(Self.chosen(ProbeAnswerSamples.mlterm) == .sixel)
    #expect(Self.chosen(ProbeAnswerSamples.konsole) == .kitty)
    // konsole without its kitty answer: its sixels stay under text, so symbols.
    #expect(
      Self.chosen(ProbeAnswerSamples.konsole.replacingOccurrences(of: "OK", with: "ENOENT")) == nil)
    #expect(Self.chosen(ProbeAnswerSamples.tmux) == nil)
    #expect(Self.chosen("") == nil)
    #expect(Self.chosen(nil) == nil)
    let inTmux = TerminalProbe.Environment(["TERM": "tmux-256color", "TMUX": "/tmp/t,1,0"])
    #expect(Self.chosen(ProbeAnswerSamples.tmux + ProbeAnswerSamples.kitty, inTmux) == nil)
    let wezterm = TerminalProbe.Environment(["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"])
    #expect(Self.chosen(ProbeAnswerSamples.xterm, wezterm) == .iterm)
    let noColor = TerminalProbe.Environment(["TERM": "xterm-kitty", "NO_COLOR": "1"])
    #expect(Self.chosen(ProbeAnswerSamples.kitty, noColor) == nil)
    // Without the cell's size pictures cannot be sized: symbols.
    let unsized = TerminalProbe.choose(
      .auto, answers: Self.answers(ProbeAnswerSamples.kitty), environment: Self.plainEnvironment,
      cellKnown: false)
    #expect(unsized.protocol == nil)
    // An explicit choice wins, and says so.
    let forced = TerminalProbe.choose(
      .sixel, answers: nil, environment: Self.plainEnvironment, cellKnown: false)
    #expect(forced.protocol == .sixel && forced.reason == "--images sixel")
  }

  @Test func tmuxWrapsTheQueriesAndExpectsTwoAnswers() {
    let plain = TerminalProbe.request(insideTmux: false)
    #expect(plain.answersExpected == 1 && plain.bytes.last == UInt8(ascii: "c"))
    let wrapped = TerminalProbe.request(insideTmux: true)
    #expect(wrapped.answersExpected == 2)
    let text = String(decoding: wrapped.bytes, as: UTF8.self)
    #expect(
      text.hasPrefix(
        "\(ProbeAnswerSamples.esc)Ptmux;\(ProbeAnswerSamples.esc)\(ProbeAnswerSamples.esc)_Gi=31"))
    #expect(
      text.hasSuffix(
        "\(ProbeAnswerSamples.esc)\(ProbeAnswerSamples.esc)[c\(ProbeAnswerSamples.esc)\\\(ProbeAnswerSamples.esc)[c"
      ))
    // Inside the wrapper every escape is doubled, so tmux ends it only at the last ST.
    let inner = wrapped.bytes.dropFirst(6).dropLast(5)
    var index = inner.startIndex
    while index < inner.endIndex {
      if inner[index] == 0x1B {
        #expect(inner[index + 1] == 0x1B)
        index += 2
      } else {
        index += 1
      }
    }
    // tmux's own answer first, the outer terminal's after it.
    let both = Self.answers(ProbeAnswerSamples.tmux + ProbeAnswerSamples.kitty)
    #expect(both.deviceAttributes.count == 2 && both.kittyGraphics)
  }

  @Test func keysTypedDuringTheProbeAreKeptAndAnswersAreNot() {
    // A terminal writes each answer whole, so keys come between answers.
    let typed =
      "j\(ProbeAnswerSamples.esc)[B" + ProbeAnswerSamples.kitty.prefix(12) + "q"
      + ProbeAnswerSamples.kitty.dropFirst(12)
      + "\u{03}\(ProbeAnswerSamples.esc)OA\(ProbeAnswerSamples.esc)"
    let answers = Self.answers(typed)
    #expect(answers.kittyGraphics)
    #expect(
      answers.typed
        == Array(
          "j\(ProbeAnswerSamples.esc)[Bq\u{03}\(ProbeAnswerSamples.esc)OA\(ProbeAnswerSamples.esc)"
            .utf8))
    // An answer no one asked for, or one not understood, never turns into keys.
    let unknown = Self.answers(
      "\(ProbeAnswerSamples.esc)[?1;2;3x\(ProbeAnswerSamples.esc)[8;40;100t\(ProbeAnswerSamples.esc)]11;rgb:0/0/0\u{07}\(ProbeAnswerSamples.esc)P1$r0m\(ProbeAnswerSamples.esc)\\"
    )
    #expect(unknown.typed.isEmpty)
  }

  @Test func answersCutAnywhereReadTheSame() {
    let whole = Self.answers(ProbeAnswerSamples.kitty + ProbeAnswerSamples.xterm)
    for cut in 0...(ProbeAnswerSamples.kitty + ProbeAnswerSamples.xterm).utf8.count {
      var pieces = ProbeAnswers()
      let bytes = Array((ProbeAnswerSamples.kitty + ProbeAnswerSamples.xterm).utf8)
      pieces.read(bytes[..<cut])
      pieces.read(bytes[cut...])
      pieces.finish()
      #expect(pieces == whole, "cut at \(cut)")
    }
  }

  @Test func garbageIsBoundedAndNeverEchoed() {
    var generator = SeededGenerator(seed: 0x9E0B)
    for _ in 0..<2_000 {
      var answers = ProbeAnswers()
      let count = Int.random(in: 0...3_000, using: &generator)
      let bytes = (0..<count).map { _ -> UInt8 in
        // Mostly the bytes answers are made of, so sequences open and close often.
        let pick = Int.random(in: 0..<10, using: &generator)
        return pick < 3
          ? [0x1B, 0x5B, 0x5C, 0x50, 0x5F, 0x3F, 0x3B, 0x63, 0x74][pick * 3 % 9]
          : UInt8.random(in: 0...255, using: &generator)
      }
      answers.read(bytes)
      answers.finish()
      #expect(answers.typed.count <= ProbeAnswers.typedLimit)
      #expect(answers.deviceAttributes.count <= 8)
      #expect(answers.deviceAttributes.allSatisfy { $0.count <= 32 })
      if let version = answers.version {
        #expect(version.utf8.allSatisfy { (0x20...0x7E).contains($0) } && version.utf8.count <= 64)
      }
    }
    // An endless sequence is cut off: what follows it is read again.
    let endless =
      "\(ProbeAnswerSamples.esc)[" + String(repeating: "1;", count: 10_000) + "c"
      + ProbeAnswerSamples.kitty
    let answers = Self.answers(endless)
    #expect(answers.kittyGraphics && answers.deviceAttributes == [[62, 0]])
  }
}
