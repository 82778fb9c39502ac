import Foundation
import TestSupport
import Testing

@testable import TerminalText

/// The one way to count lines (`LineCounter`) gives exactly the count of the text's whole
/// shape by every route, in both modes; from the bytes in word mode (the rules run only
/// before each line's overflow) at every width: on seeded random text of every
/// line-break class, on
/// punctuated ASCII, and on long runs of what a step of the rules passes over (spaces,
/// numbers, marks), where the windows it runs the rules over must reach back furthest.
@Suite struct LineCounterTests {
  /// Plain CJK is counted from its bytes in word mode without a check of its scalars
  /// (`LineCounter.isCountedFromBytes`): every scalar `CJKText` takes has a stand-in.
  @Test func everyPlainCJKScalarHasAStandIn() {
    var plain = 0
    for value in UInt32(0x3000)...0xFFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let bytes = Array(String(scalar).utf8)
      guard bytes.withUnsafeBufferPointer(CJKText.isSimple) else { continue }
      plain += 1
      #expect(
        bytes.withUnsafeBufferPointer(UnicodeText.isCountedFromBytes),
        "U+\(String(value, radix: 16)) has no stand-in")
    }
    #expect(plain > 20_000)
  }

  /// Texts of every kind, in both modes, at many widths at once: each route's counts
  /// (or, where it leaves the text to its shape, the shape's) are ICU's, and it counts
  /// from the bytes exactly when it says it does.
  @Test func everyRouteCountsAsICU() {
    var random = SeededGenerator(seed: 1_250)
    let pieces: [[String]] = [
      ["word", "a", "12", "x.", "it's", " ", "  ", "\n", "; "],
      ["日本", "語", "。", "「", "」", "ー", "か", "、", "中文"],
      ["(a)", "-", "/", "http://x.y/z?", "#1", "e.g.", " ", "!", "\n"],
      ["é", "Ωμ", "жк", "가", "ß", "über", " ", "ł", "a"],
      ["é", "😀", "\u{301}", "가", "ไทย", "\t", "a\u{200D}b", " ", "\u{1B}", "x"],
    ]
    var seen: [String: Int] = [:]
    var scratch = UnicodeText.Scratch()
    let widths = TextSamples.widths
    for _ in 0..<4_000 {
      let pool = pieces[Int.random(in: 0..<pieces.count, using: &random)]
      var text = ""
      for _ in 0..<Int.random(in: 1...40, using: &random) {
        text += pool.randomElement(using: &random)!
      }
      let bytes = Array(text.utf8)
      let kind = bytes.withUnsafeBufferPointer { TextKind(of: $0) }
      let icu = PreparedText.icuShape(of: text)
      for mode in WrapMode.allCases {
        var counts = [Int](repeating: -1, count: widths.count)
        let counted = bytes.withUnsafeBufferPointer { bytes in
          widths.withUnsafeBufferPointer { widths in
            counts.withUnsafeMutableBufferPointer {
              LineCounter.counts(
                of: bytes, kind: kind, widths: widths, mode: mode, into: $0, scratch: &scratch)
            }
          }
        }
        let said = bytes.withUnsafeBufferPointer {
          LineCounter.isCountedFromBytes($0, kind: kind, mode: mode)
        }
        #expect(counted == said, "\(text.debugDescription) \(kind) \(mode)")
        guard counted else { continue }
        seen["\(kind) \(mode)", default: 0] += 1
        let expected = widths.map { ReferenceFilling.lines(of: icu, width: $0, mode: mode).count }
        #expect(counts == expected, "\(text.debugDescription) \(kind) \(mode)")
        if counts != expected { return }
      }
    }
    // Every route from the bytes was taken, often.
    for route in [
      "simpleASCII word", "simpleASCII char", "cjk word", "cjk char", "printableASCII word",
      "other word",
    ] {
      #expect(seen[route, default: 0] > 100, "\(route): \(seen)")
    }
  }

  /// Random text a class at a time, from the pool of `TextSamples`, with
  /// spaces, line feeds and marks often, and long enough to wrap: the texts whose every
  /// scalar has a stand-in (about one in seven) are counted from their bytes, as their
  /// shape counts; the rest are left to their shape.
  @Test(arguments: 0..<4)
  func randomTextCountsAsItsShape(batch: Int) {
    var random = SeededGenerator(seed: UInt64(1_300 + batch))
    var taken = 0
    for _ in 0..<3_000 {
      var scalars = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 1...60, using: &random) {
        switch Int.random(in: 0..<13, using: &random) {
        case 12:
          scalars.append(TextSamples.rewritten.randomElement(using: &random)!)
        case 0, 1: scalars.append(" ")
        case 2: scalars.append(Int.random(in: 0..<4, using: &random) == 0 ? "\n" : " ")
        case 3...5:
          scalars.append(Unicode.Scalar(UInt8.random(in: 0x61...0x7A, using: &random)))
        default:
          let members = TextSamples.pool[
            Int.random(in: 0..<TextSamples.pool.count, using: &random)]
          scalars.append(members[Int.random(in: 0..<members.count, using: &random)])
        }
      }
      guard TextSamples.check(String(scalars), taken: &taken) else { return }
    }
    #expect(taken > 300)
  }

  /// Random punctuated ASCII, as package descriptions, paths, URLs and version numbers
  /// are written: words, digits, every punctuation mark, runs of spaces.
  @Test(.slow, arguments: 0..<4)
  func randomASCIICountsAsItsShape(batch: Int) {
    var random = SeededGenerator(seed: UInt64(1_400 + batch))
    let punctuation = (0x21...0x7E).map { Character(Unicode.Scalar(UInt8($0))) }.filter {
      !$0.isLetter && !$0.isNumber
    }
    var taken = 0
    for _ in 0..<5_000 {
      var text = ""
      for _ in 0..<Int.random(in: 1...90, using: &random) {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<16: text.append(" ")
        case 16..<18: text.append("\n")
        case 18..<34:
          text.append(Character(Unicode.Scalar(UInt8.random(in: 0x30...0x39, using: &random))))
        case 34..<56: text.append(punctuation.randomElement(using: &random)!)
        default:
          text.append(Character(Unicode.Scalar(UInt8.random(in: 0x61...0x7A, using: &random))))
        }
      }
      guard TextSamples.check(text, taken: &taken) else { return }
    }
    #expect(taken == 5_000)
  }

  /// Counted at several widths at once — in any order, some repeated, as a layout's
  /// widths come — each count is the one at that width alone, though a narrower width
  /// takes the lines of a wider one when they fit it: random punctuated ASCII at random
  /// sets of widths.
  @Test func widthsInAnyOrderCountAsEachAlone() {
    var random = SeededGenerator(seed: 1_450)
    var scratch = UnicodeText.Scratch()
    for _ in 0..<5_000 {
      var text = ""
      for _ in 0..<Int.random(in: 1...80, using: &random) {
        switch Int.random(in: 0..<10, using: &random) {
        case 0, 1: text.append(" ")
        case 2: text.append("-/.,()".randomElement(using: &random)!)
        case 3:
          text.append(Character(Unicode.Scalar(UInt8.random(in: 0x30...0x39, using: &random))))
        default:
          text.append(Character(Unicode.Scalar(UInt8.random(in: 0x61...0x7A, using: &random))))
        }
      }
      let first = Int.random(in: 1...30, using: &random)
      var widths = [first, first + 1, first + Int.random(in: 0...3, using: &random)]
      widths += [Int.random(in: 1...40, using: &random)]
      widths.shuffle(using: &random)
      let bytes = Array(text.utf8)
      var together = [Int](repeating: -1, count: widths.count)
      let taken = bytes.withUnsafeBufferPointer { bytes in
        widths.withUnsafeBufferPointer { widths in
          together.withUnsafeMutableBufferPointer {
            UnicodeText.asciiWordLineCounts(bytes, widths: widths, into: $0, scratch: &scratch)
          }
        }
      }
      #expect(taken)
      let alone = widths.map { width in
        bytes.withUnsafeBufferPointer {
          LineCounter.count(of: $0, kind: .other, width: width, mode: .word, scratch: &scratch)
        }
      }
      #expect(together == alone.map { $0 ?? -2 }, "\(text.debugDescription) at \(widths)")
      if together != alone.map({ $0 ?? -2 }) { return }
    }
  }

  /// Long runs of the classes a step passes over, so that the rules' windows must reach
  /// back past many scalars (and to the text's start) to find where a step starts.
  @Test(.slow) func longRunsCountAsTheirShape() {
    var random = SeededGenerator(seed: 1_500)
    let runs = [
      " ", "1", "1.", "(", ")", "-", "/", ",", "\u{301}", "\u{2010}", "|", "1-", "(1)", "%",
      "$", "a", "日", "a ", "(( ", "\" ", "ab-",
    ]
    var taken = 0
    for _ in 0..<4_000 {
      var text = ""
      for _ in 0..<Int.random(in: 1...6, using: &random) {
        let run = runs.randomElement(using: &random)!
        text += String(repeating: run, count: Int.random(in: 1...30, using: &random))
      }
      guard TextSamples.check(text, taken: &taken) else { return }
    }
    #expect(taken > 3_000)
  }

  /// Every pair of classes around one space (`X SP Y`), after a word and letters that
  /// move the overflow onto `Y` at one width or another: the break before `Y` that the two scalars
  /// before it decide (`LineBreakRules.breakAfterSpace`) is the rules' own, and so are
  /// the runs across spaces it leaves to them (LB8, LB14 to LB17).
  @Test func everyPairAroundASpaceCountsAsItsShape() {
    let members = TextSamples.pool.map { $0[0] }
    var taken = 0
    for before in members {
      for after in members {
        for letters in 0..<5 {
          // A word first, so that a break wrongly found or missed before `Y` moves the
          // line's end (not only where the word is split).
          var scalars = String.UnicodeScalarView("x ".unicodeScalars)
          scalars.append(contentsOf: repeatElement("a", count: letters))
          scalars.append(before)
          scalars.append(" ")
          scalars.append(after)
          scalars.append(contentsOf: " bc".unicodeScalars)
          guard TextSamples.check(String(scalars), taken: &taken) else { return }
        }
      }
    }
    // Both of the pair with a stand-in: most pairs.
    #expect(taken > members.count * members.count * 3)
  }

  /// Each answer `LineBreakRules.breakAfterSpace` gives is the rules' own
  /// (`forEachBreak`) for every class after one or two spaces after every class, with
  /// no mark or one between them (it answers after one space and no mark), after any
  /// context of up to one class, and of two from the classes whose rules reach furthest
  /// back. A wrong answer for one context fails it.
  @Test func breaksAfterSpacesAreTheRulesOwn() {
    let all = (0..<LineBreakClass.unsupported.rawValue).map { LineBreakClass(rawValue: $0)! }
    let reaching: [LineBreakClass] = [
      .sp, .cm, .zw, .lf, .nu, .is, .op, .qu, .hy, .hl, .al, .cl, .cp, .b2, .id,
    ]
    let contexts = [[]] + all.map { [$0] } + reaching.flatMap { a in reaching.map { [a, $0] } }
    var decided = 0
    var classes: [LineBreakClass] = []
    for before in all {
      for target in all {
        for spaces in 1...2 {
          for marks in 0...1 {
            for context in contexts {
              classes.removeAll(keepingCapacity: true)
              classes += context
              classes.append(before)
              classes += repeatElement(.cm, count: marks)
              classes += repeatElement(.sp, count: spaces)
              classes.append(target)
              let index = classes.count - 1
              let answer = classes.withUnsafeBufferPointer {
                LineBreakRules.breakAfterSpace($0, before: index)
              }
              guard let answer else { continue }
              decided += 1
              var breaks = false
              classes.withUnsafeBufferPointer { buffer in
                LineBreakRules.forEachBreak(buffer) { if $0 == index { breaks = true } }
              }
              #expect(breaks == answer, "\(classes)")
              if breaks != answer { return }
            }
          }
        }
      }
    }
    #expect(decided > 100_000)
  }

  /// Each answer `LineBreakRules.pairBreaksAnywhere` gives is the rules' own
  /// (`forEachBreak`) for the pair after any context of up to two classes, and of three
  /// from the classes whose rules reach furthest back (spaces, marks, numbers and what
  /// joins them, opening and closing punctuation, quotation marks, hyphens, Hebrew): the
  /// pairs it decides are decided
  /// whatever comes before them. A wrong answer for one context fails it.
  @Test func pairsDecidedAnywhereAreTheRulesOwn() {
    let all = (0..<LineBreakClass.unsupported.rawValue).map { LineBreakClass(rawValue: $0)! }
    let reaching: [LineBreakClass] = [
      .sp, .cm, .zw, .lf, .nu, .is, .sy, .op, .qu, .hy, .hl, .al, .cl, .b2, .pr, .po, .cp,
      .ba, .ns,
    ]
    var contexts: [[LineBreakClass]] = [[]]
    for first in all {
      contexts.append([first])
      for second in all { contexts.append([first, second]) }
    }
    for first in reaching {
      for second in reaching {
        for third in reaching { contexts.append([first, second, third]) }
      }
    }
    var decided = 0
    var classes = [LineBreakClass](repeating: .al, count: 5)
    for before in all {
      for at in all {
        // It reads no further back than the class before `before`: a pair it answers for
        // no such class (or none) is left to the rules in every context.
        let answered = ([[]] + all.map { [$0] }).contains { context in
          (context + [before, at]).withUnsafeBufferPointer {
            LineBreakRules.pairBreaksAnywhere($0, before: context.count + 1) != nil
          }
        }
        guard answered else { continue }
        for context in contexts {
          classes.removeAll(keepingCapacity: true)
          classes += context
          classes.append(before)
          classes.append(at)
          let index = classes.count - 1
          let answer = classes.withUnsafeBufferPointer {
            LineBreakRules.pairBreaksAnywhere($0, before: index)
          }
          guard let answer else { continue }
          decided += 1
          var breaks = false
          classes.withUnsafeBufferPointer { buffer in
            LineBreakRules.forEachBreak(buffer) { if $0 == index { breaks = true } }
          }
          #expect(breaks == answer, "\(context) \(before) \(at)")
          if breaks != answer { return }
        }
      }
    }
    #expect(decided > 500_000)
  }
}
