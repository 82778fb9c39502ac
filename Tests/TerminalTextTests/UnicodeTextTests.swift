import CTextSupport
import Foundation
import TestSupport
import Testing

@testable import TerminalText

/// The table-driven path shapes text exactly as the sanitiser and ICU do: on the Unicode
/// line-break conformance test, on seeded random text over every line-break class, and
/// grapheme clusters as Swift makes them for every scalar it takes.
@Suite struct UnicodeTextTests {
  /// ICU's break opportunities (UTF-16 offsets) in `text`, as the slow path asks for them.
  static func icuBreaks(_ text: String) -> Set<Int> {
    let utf16 = Array(text.utf16)
    var offsets = [Int32](repeating: 0, count: utf16.count + 1)
    let found = masonry_line_breaks(
      utf16, Int32(utf16.count), 1, &offsets, Int32(offsets.count))
    return Set(offsets.prefix(Int(found)).map { Int($0) })
  }

  /// The scalar classes of `text` and the rules' opportunities, as UTF-16 offsets; `nil`
  /// for text the rules do not take as it is: a class they leave to ICU, or a scalar the
  /// sanitiser replaces (the table gives that one the replacement's class).
  static func ruleBreaks(_ scalars: [Unicode.Scalar]) -> Set<Int>? {
    let classes = scalars.map { ScalarTable.info($0.value).lineBreakClass }
    guard !classes.contains(.unsupported), !scalars.contains(where: TextSamples.isReplaced) else {
      return nil
    }
    var breaks = [Bool](repeating: false, count: classes.count)
    classes.withUnsafeBufferPointer { classes in
      breaks.withUnsafeMutableBufferPointer {
        LineBreakRules.breakOpportunities(classes, into: $0)
      }
    }
    var result: Set<Int> = []
    var offset = 0
    for (index, scalar) in scalars.enumerated() {
      if breaks[index] { result.insert(offset) }
      offset += scalar.utf16.count
    }
    return result
  }

  /// Every line of the conformance test whose scalars the rules take: the rules break
  /// exactly where ICU breaks, and so where the test says but on the lines where ICU 72
  /// itself departs from it (its tailorings: no break in `-#` after a break or at the
  /// start, nor in `.2` after a letter, where Unicode 15.0's test breaks). The test's
  /// scalars include controls and classes the fast path leaves to ICU; those lines are
  /// counted apart.
  @Test func theUnicodeLineBreakTestHolds() throws {
    let path = "/usr/share/unicode/auxiliary/LineBreakTest.txt"
    let text = try #require(
      try? String(contentsOfFile: path, encoding: .utf8), "install unicode-data (make test does)")
    var checked = 0
    var skipped = 0
    var icuDisagrees = 0
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
      let body = line.split(separator: "#")[0]
      var scalars: [Unicode.Scalar] = []
      var expected: Set<Int> = []
      var offset = 0
      for token in body.split(separator: " ") {
        if token == "÷" {
          expected.insert(offset)
        } else if token != "×", let value = UInt32(token, radix: 16),
          let scalar = Unicode.Scalar(value)
        {
          scalars.append(scalar)
          offset += scalar.utf16.count
        }
      }
      // The start and the end are not opportunities the rules report.
      expected.remove(0)
      expected.remove(offset)
      let string = String(String.UnicodeScalarView(scalars))
      var icu = Self.icuBreaks(string)
      icu.remove(offset)
      if icu != expected { icuDisagrees += 1 }
      guard let rules = Self.ruleBreaks(scalars) else {
        skipped += 1
        continue
      }
      checked += 1
      #expect(rules == icu, "ICU: \(icu.sorted()), rules: \(rules.sorted()): \(line)")
      if icu == expected { #expect(rules == expected, "\(line)") }
    }
    #expect(checked > 3_000, "\(checked) lines checked, \(skipped) left to ICU")
    // ICU 72's departures from the test file, every one of them known.
    #expect(icuDisagrees == 22, "ICU departs from \(icuDisagrees) lines")
  }
}

extension UnicodeTextTests {

  /// Emoji sequences as people write them (a family, a profession with a skin tone, a
  /// heart with its presentation selector, a flag made of a ZWJ sequence), among words and
  /// after a space or a mark: shaped without ICU, byte for byte as the sanitiser and ICU
  /// shape them, and drawn without the joiners.
  @Test func emojiSequencesShapeAsICUDoes() {
    let texts = [
      "family \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466} of four",
      "\u{1F9D1}\u{1F3FD}\u{200D}\u{1F4BB} technologist: medium skin tone",
      "\u{2764}\u{FE0F} red heart \u{2764}\u{FE0F}\u{200D}\u{1F525}",
      "\u{1F3F3}\u{FE0F}\u{200D}\u{1F308} rainbow flag \u{200D}",
      "a\u{200D}\u{301}b \u{FE0F}\u{200D} \n\u{200D}c \u{200D}",
      "\u{200D}", "\u{FE0F} \u{200D}", "ｶﾞ\u{200D}ｷﾞ「\u{FE0F}」(\u{200D}1\u{FE0F}2)",
    ]
    for text in texts { Self.checkTakenAsTheSanitiserRewritesIt(text) }
  }

  /// Tabs and carriage returns, which the sanitiser rewrites (four spaces; a line feed,
  /// once for CR LF), read as it rewrites them, wherever they stand: between words, at
  /// the start and the end, before a mark, beside a joiner, in CJK text.
  @Test func tabsAndReturnsShapeAsICUDoes() {
    let texts = [
      "a\tb", "\tlead", "x\r\ny", "x\ry", "x\r\r\ny", "x\r\u{200D}\ny", "x\n\ry",
      "tab\t\u{301}mark", "trail\t \r\n", "\t\r\n", "日本\t語\r\n「かな」", "naïve\tcafé",
      "col1\tcol2\tcol3\r\nv1\tv2\tv3\r\n", "(1)\t2\t)\t-\t%",
    ]
    for text in texts { Self.checkTakenAsTheSanitiserRewritesIt(text) }
  }

  /// Hangul written in conjoining jamo (as decomposed file names and old text hold it):
  /// leading, vowel and trailing jamo joined into one cluster by the grapheme rules, the
  /// line-break rules for jamo (LB26, LB27), a lone vowel, a syllable followed by a
  /// trailing jamo, a mark between jamo.
  @Test func conjoiningJamoShapeAsICUDoes() {
    let decomposed = "\u{1112}\u{1161}\u{11AB}\u{1100}\u{116E}\u{11A8}\u{110B}\u{1165}"
    let texts = [
      "사진 \(decomposed) 폴더", decomposed + "%", "$" + decomposed, "\u{1161} lone vowel",
      "\u{AC00}\u{11A8}\u{11A8} syllable and trailing", "\u{1100}\u{301}\u{1161}",
      "ᄀ hangul choseong kiyeok", "\u{1100}\u{1100}\u{AC00}\u{AC01}\u{1161}",
    ]
    for text in texts { Self.checkTakenAsTheSanitiserRewritesIt(text) }
  }

  /// The fast path takes `text`, and its shape and the text drawn are the reference
  /// path's (the sanitiser and ICU).
  static func checkTakenAsTheSanitiserRewritesIt(_ text: String) {
    let fast = TextSamples.fastShape(text)
    #expect(fast != nil, "\(text.debugDescription) left to ICU")
    #expect(fast == PreparedText.icuShape(of: text), "\(text.debugDescription)")
    let prepared = PreparedText(text)
    let reference = PreparedText.prepareWithICU(text, strictJapanese: true)
    #expect(prepared.string == reference.0, "\(text.debugDescription)")
    #expect(prepared.clusters == reference.1, "\(text.debugDescription)")
    #expect(
      !prepared.string.unicodeScalars.contains {
        TextSamples.droppedJoiners.contains($0) || $0 == "\t" || $0 == "\r"
          || TextSamples.isReplaced($0)
      }, "\(text.debugDescription)")
  }

  /// Controls and bidirectional controls, which the sanitiser replaces with U+FFFD, read
  /// as that replacement: gettext's context separator (U+0004, in a twentieth of the
  /// real feed's translated strings), escape sequences, C1 controls, overrides and
  /// isolates, DEL and NUL; between words, digits and CJK, at the start and the end,
  /// before a mark, after a line feed. The shape and the text drawn are the reference
  /// path's, and no control is left in the text drawn.
  @Test func controlsShapeAsTheirReplacement() {
    let texts = [
      "keyboard label\u{4}KP_Up", "paper size\u{4}B4", "\u{7}attente de données expirée",
      "a\u{1B}[2Jb", "\u{9B}31mred", "abc\u{202E}fed", "\u{2066}x\u{2069} y", "\u{200E}\u{61C}",
      "del\u{7F} nul\u{0}", "x\u{4}", "\u{4}", "\u{4}\u{301}mark", "line\n\u{1B}",
      "日\u{4}本「\u{85}」", "1\u{4}2 (\u{1B}) -\u{7F}3", "\u{2028}para\u{2029}",
      "\u{1B}]8;;http://x\u{7}link\u{1B}]8;;\u{7}",
    ]
    for text in texts { Self.checkTakenAsTheSanitiserRewritesIt(text) }
  }

  /// Seeded random text, a class at a time (spaces, line feeds and marks often): the fast
  /// shape is the slow one, byte for byte, whenever the fast path takes the text.
  /// `MASONRY_STRESS=1` makes it 500 000 texts a batch (two million in all, a minute).
  @Test(arguments: 0..<4)
  func randomTextShapesAsICUDoes(batch: Int) {
    var random = SeededGenerator(seed: UInt64(900 + batch))
    let space: Unicode.Scalar = " "
    var taken = 0
    for _ in 0..<(ProcessInfo.processInfo.environment["MASONRY_STRESS"] != nil ? 500_000 : 5_000) {
      var scalars = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 1...12, using: &random) {
        switch Int.random(in: 0..<11, using: &random) {
        case 0: scalars.append(space)
        case 1: scalars.append(Int.random(in: 0..<4, using: &random) == 0 ? "\n" : space)
        case 2: scalars.append(TextSamples.rewritten.randomElement(using: &random)!)
        default:
          let members = TextSamples.pool[Int.random(in: 0..<TextSamples.pool.count, using: &random)]
          scalars.append(members[Int.random(in: 0..<members.count, using: &random)])
        }
      }
      let text = String(scalars)
      guard let fast = TextSamples.fastShape(text) else { continue }
      taken += 1
      let slow = PreparedText.icuShape(of: text)
      #expect(fast == slow, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
      if fast != slow { return }
    }
    #expect(taken > 4_000)
  }

  /// Seeded random ASCII (the text `UnicodeText` shapes a byte at a time: letters, digits,
  /// every punctuation mark, spaces, line feeds, now and then a control), sometimes with a
  /// scalar that is not ASCII somewhere (a mark joining the letter before it, a wide or an
  /// accented letter), which sends the text down the general path: every text taken, byte
  /// for byte ICU's shape of the sanitised text.
  @Test(arguments: 0..<2)
  func randomASCIIShapesAsICUDoes(batch: Int) {
    var random = SeededGenerator(seed: UInt64(950 + batch))
    let printable = (0x21...0x7E).map { Character(Unicode.Scalar(UInt8($0))) }
    let others: [Character] = ["\u{301}", "é", "日", "\u{2014}", "\t", "\r", "\u{4}"]
    var taken = 0
    for _ in 0..<20_000 {
      var text = ""
      for _ in 0..<Int.random(in: 1...40, using: &random) {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<18: text.append(" ")
        case 18..<21: text.append("\n")
        case 21..<45:
          text.append(Character(Unicode.Scalar(UInt8.random(in: 0x30...0x39, using: &random))))
        case 45..<47: text.append(others.randomElement(using: &random)!)
        case 47..<75: text.append(printable.randomElement(using: &random)!)
        default:
          text.append(Character(Unicode.Scalar(UInt8.random(in: 0x61...0x7A, using: &random))))
        }
      }
      guard let fast = TextSamples.fastShape(text) else {
        Issue.record("\(text.debugDescription) left to ICU")
        continue
      }
      taken += 1
      let slow = PreparedText.icuShape(of: text)
      #expect(fast == slow, "\(text.debugDescription)")
      if fast != slow { return }
    }
    #expect(taken == 20_000)
  }

  /// Every scalar the sanitiser replaces reads as U+FFFD, which the rules take: the
  /// controls (C0 but tab, line feed and carriage return; DEL; C1), the bidirectional
  /// controls and marks, and what else `wcwidth` rejects. Text holding one (or a scalar
  /// the sanitiser rewrites or drops) is told apart, so that the text drawn is sanitised;
  /// text of scalars the rules take as they are is not.
  @Test func replacedScalarsReadAsTheReplacement() {
    let replacement = ScalarTable.info(0xFFFD)
    #expect(replacement.lineBreakClass != .unsupported && !replacement.isReplaced)
    var replaced = 0
    var wrong: [String] = []
    for value in UInt32(0)..<0x2_0000 {
      guard let scalar = Unicode.Scalar(value), TextSamples.isReplaced(scalar) else { continue }
      replaced += 1
      let info = ScalarTable.info(value)
      if info.bits & ~(1 << 14) != replacement.bits || !info.isReplaced
        || !UnicodeText.readsRewritten("a" + String(scalar) + "b")
      {
        wrong.append(String(value, radix: 16))
      }
    }
    // Text of scalars the rules take as they are reads as it is written.
    for members in TextSamples.pool {
      let text = String(String.UnicodeScalarView(members))
      #expect(!UnicodeText.readsRewritten(text), "\(text.debugDescription)")
    }
    for scalar in TextSamples.droppedJoiners + ["\t", "\r"] {
      #expect(UnicodeText.readsRewritten("a" + String(scalar)))
    }
    #expect(wrong.isEmpty, "\(wrong.prefix(40))")
    // 29 C0 controls, DEL, 32 C1 controls, 11 bidirectional ones at least.
    #expect(replaced >= 73, "\(replaced)")
    for value: UInt32 in [0x09, 0x0A, 0x0D] {
      #expect(!ScalarTable.info(value).isReplaced)
    }
  }

  /// Clusters as Swift makes them: every scalar the table takes starts a cluster of its
  /// own after a letter unless it joins (marks), and nothing joins it from the right but
  /// marks; nothing links two consonants (Swift's GB9c) through a mark the table takes.
  @Test func clustersAreSwiftsForEveryScalar() {
    var wrong: [String] = []
    for value in UInt32(0x20)..<0x2_0000 {
      let info = ScalarTable.info(value)
      // A scalar the sanitiser replaces is clustered as its replacement.
      guard info.lineBreakClass != .unsupported, let scalar = Unicode.Scalar(value),
        !TextSamples.isReplaced(scalar)
      else {
        continue
      }
      let character = String(scalar)
      let after = ("a" + character).count
      let before = (character + "a").count
      let linked = ("\u{0915}" + character + "\u{0915}").count
      if after != (info.joinsCluster ? 1 : 2) || before != 2
        || (info.joinsCluster && linked != 2)
      {
        wrong.append(String(value, radix: 16))
      }
    }
    #expect(wrong.isEmpty, "\(wrong.prefix(40))")
  }
}
