import TerminalCore
import TestSupport
import Testing

/// Probe answers that arrive after the probe's window are dropped from the input, whenever
/// they arrive, and keys are let through as they were: every terminal's real answers, keys
/// that begin like answers, answers cut short, and thousands of seeded interleavings.
@Suite struct LateAnswerFilterTests {
  static let terminals = [
    ProbeAnswerSamples.xterm, ProbeAnswerSamples.kitty, ProbeAnswerSamples.mlterm,
    ProbeAnswerSamples.konsole, ProbeAnswerSamples.tmux,
  ]

  /// `text` through a filter, with `flush` at the end (input stopped).
  static func filtered(_ text: String) -> String {
    var filter = LateAnswerFilter()
    var out: [UInt32] = []
    for scalar in text.unicodeScalars { out += filter.take(scalar.value) }
    out += filter.flush()
    return String(String.UnicodeScalarView(out.compactMap(Unicode.Scalar.init)))
  }

  @Test func everyTerminalsAnswersAreDropped() {
    for answers in Self.terminals {
      #expect(Self.filtered(answers) == "", "\(answers.debugDescription)")
      // Keys around and between the answers survive, in order.
      let pieces = Self.split(answers)
      #expect(pieces.joined() == answers)
      let spaced = pieces.map { "x" + $0 }.joined()
      #expect(
        Self.filtered("?" + spaced + "q") == "?" + String(repeating: "x", count: pieces.count) + "q"
      )
    }
  }

  /// `answers` cut into its answers: `ESC [ … final`, `ESC P … ESC \`, `ESC _ … ESC \`.
  static func split(_ answers: String) -> [String] {
    let scalars = Array(answers.unicodeScalars)
    var pieces: [String] = []
    var index = 0
    while index < scalars.count {
      var end = index + 2
      if scalars[index + 1] == "[" {
        while !(0x40...0x7E).contains(scalars[end].value) { end += 1 }
        end += 1
      } else {
        while !(scalars[end] == "\u{1B}" && scalars[end + 1] == "\\") { end += 1 }
        end += 2
      }
      pieces.append(String(String.UnicodeScalarView(scalars[index..<end])))
      index = end
    }
    return pieces
  }

  @Test func keysThatBeginLikeAnswersAreKeys() {
    for key in [
      "\u{1B}", "\u{1B}P", "\u{1B}_", "\u{1B}[", "\u{1B}[A", "\u{1B}[6;5~", "\u{1B}[4~",
      "\u{1B}[1;5A", "\u{1B}OA", "\u{1B}x", "\u{1B}[6;1;2u", "\u{1B}Pq", "\u{1B}_x",
      "\u{1B}[?", "\u{1B}[<0;3;4M",
    ] where key != "\u{1B}[?" {
      #expect(Self.filtered(key) == key, "\(key.debugDescription)")
    }
    // Escape, then Escape: each a key.
    #expect(Self.filtered("\u{1B}\u{1B}") == "\u{1B}\u{1B}")
  }

  /// An answer cut short (the rest lost, or the input paused past the wait) is dropped;
  /// what follows is read anew.
  @Test func answersCutShortAreDropped() {
    for answers in Self.terminals {
      for cut in 3..<answers.unicodeScalars.count {
        let prefix = String(String.UnicodeScalarView(answers.unicodeScalars.prefix(cut)))
        var filter = LateAnswerFilter()
        var out: [UInt32] = []
        for scalar in prefix.unicodeScalars { out += filter.take(scalar.value, at: 0) }
        out += filter.flush(at: 0)
        // Nothing let through is more than a lone ESC and one byte of a sequence begun.
        #expect(!out.contains(UInt32(UInt8(ascii: "?"))), "\(prefix.debugDescription)")
        // Keys typed once the pause is long past are keys.
        for scalar in "jq".unicodeScalars { out += filter.take(scalar.value, at: 5_000) }
        #expect(out.suffix(2) == [0x6A, 0x71])
      }
    }
  }

  /// An answer a slow link parts in two, the pause longer than the wait for its rest: the
  /// piece held is dropped at the pause, and the rest, arriving within a second, is known
  /// as its rest — wherever the cut falls (`ESC [` alone was let through as Escape and
  /// `[`, but the `?` that would open the help is not). The probe's own unfinished answer
  /// is resumed the same way.
  @Test func theRestOfAnAnswerPartedByASlowLinkIsNoKeys() {
    for answers in Self.terminals {
      let scalars = answers.unicodeScalars.map(\.value)
      for cut in 1..<scalars.count {
        var filter = LateAnswerFilter()
        var out: [UInt32] = []
        for scalar in scalars[..<cut] { out += filter.take(scalar, at: 0) }
        out += filter.flush(at: 60)
        for scalar in scalars[cut...] { out += filter.take(scalar, at: 500) }
        out += filter.flush(at: 560)
        #expect(
          out.allSatisfy {
            $0 == 0x1B || $0 == UInt32(UInt8(ascii: "[")) || $0 == UInt32(UInt8(ascii: "P"))
              || $0 == UInt32(UInt8(ascii: "_"))
          }, "cut at \(cut): \(out)")
        #expect(out.count <= 2 * Self.split(answers).count)
      }
      // Handed over by the probe: the rest of the answer it was reading.
      for cut in 1..<scalars.count {
        // What the probe hands over when its window closes after `cut` bytes.
        var probe = ProbeAnswers()
        probe.read(scalars[..<cut].map { UInt8($0) })
        probe.finish()
        var filter = LateAnswerFilter(resuming: probe.unfinished.map(UInt32.init), at: 0)
        var out: [UInt32] = []
        // What it kept as typed (an `ESC` that began the next answer) is read first.
        for byte in probe.typed { out += filter.take(UInt32(byte), at: 0) }
        out += filter.flush(at: 30)
        for scalar in scalars[cut...] { out += filter.take(scalar, at: 300) }
        out += filter.flush(at: 360)
        #expect(!out.contains(UInt32(UInt8(ascii: "?"))), "resumed at \(cut): \(out)")
      }
    }
    // After the window, a key is a key.
    var filter = LateAnswerFilter()
    _ = filter.take(0x1B, at: 0)
    #expect(filter.flush(at: 30) == [0x1B])
    #expect(filter.take(UInt32(UInt8(ascii: "?")), at: 2_000) == [UInt32(UInt8(ascii: "?"))])
  }

  /// Keys typed at random between and inside the gaps of answers arriving in pieces: what
  /// comes out is exactly the keys.
  @Test func seededInterleavingsKeepExactlyTheKeys() {
    var generator = SeededGenerator(seed: 4_547)
    let keys = [
      "a", "q", "?", "1", "M", "r", "\u{1B}[A", "\u{1B}[B", "\u{1B}[6;5~", "\u{1B}OA", " ",
      "é", "日", "\u{7F}", "\u{1B}[1;5C",
    ]
    for _ in 0..<2_000 {
      var input = ""
      var expected = ""
      for _ in 0..<Int.random(in: 1...6, using: &generator) {
        if Bool.random(using: &generator) {
          input += Self.terminals.randomElement(using: &generator)!
        }
        let key = keys.randomElement(using: &generator)!
        input += key
        expected += key
      }
      #expect(Self.filtered(input) == expected, "\(input.debugDescription)")
    }
  }

  /// A flood of answer-shaped bytes is held no further than the limit.
  @Test func memoryStaysBounded() {
    var filter = LateAnswerFilter()
    var out: [UInt32] = []
    for scalar in "\u{1B}P>|".unicodeScalars { out += filter.take(scalar.value) }
    for _ in 0..<100_000 { out += filter.take(0x41) }
    #expect(out.count < 100_000)
    out = []
    for scalar in "\u{1B}_Gi=31;OK\u{1B}\\z".unicodeScalars { out += filter.take(scalar.value) }
    #expect(out.last == 0x7A)
  }
}
