import Foundation
import TestSupport
import Testing

@testable import TerminalText

/// Counting by words is counting by clusters: on seeded random text over every line-break
/// class (spaces, runs of spaces and line feeds often), at every width from 1 to 40, the
/// word count is the cluster count whenever it answers, and it answers exactly when no
/// word is wider than the line.
@Suite struct WordSegmentsTests {
  static func segments(_ clusters: [UInt8]) -> [UInt16]? {
    var units: [UInt16] = []
    let fits = clusters.withUnsafeBufferPointer { WordSegments.append($0, to: &units) }
    return fits ? units : nil
  }

  /// Up to fourteen draws, each a scalar of any class (`TextSamples.pool`) one time
  /// in `poolOneIn`, else one of `pieces` — of the first `common` of them but one time in
  /// four, when given.
  static func randomText(
    pieces: [String], common: Int? = nil, poolOneIn: Int, using random: inout SeededGenerator
  ) -> String {
    var text = ""
    for _ in 0..<Int.random(in: 0...14, using: &random) {
      if Int.random(in: 0..<poolOneIn, using: &random) == 0 {
        let members = TextSamples.pool[
          Int.random(in: 0..<TextSamples.pool.count, using: &random)]
        text.unicodeScalars.append(members[Int.random(in: 0..<members.count, using: &random)])
      } else {
        let limit =
          common.map { Int.random(in: 0..<4, using: &random) == 0 ? pieces.count : $0 }
          ?? pieces.count
        text += pieces[Int.random(in: 0..<limit, using: &random)]
      }
    }
    return text
  }

  @Test(arguments: 0..<4)
  func wordCountsAreClusterCounts(batch: Int) throws {
    var random = SeededGenerator(seed: UInt64(700 + batch))
    var answered = 0
    var declined = 0
    for _ in 0..<3_000 {
      var scalars = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 0...30, using: &random) {
        switch Int.random(in: 0..<12, using: &random) {
        case 0, 1: scalars.append(" ")
        case 2: scalars.append(Int.random(in: 0..<3, using: &random) == 0 ? "\n" : " ")
        case 3: scalars.append(contentsOf: "word".unicodeScalars)
        case 4: scalars.append("\u{3042}")  // あ, two cells
        default:
          let members = TextSamples.pool[
            Int.random(in: 0..<TextSamples.pool.count, using: &random)]
          scalars.append(members[Int.random(in: 0..<members.count, using: &random)])
        }
      }
      let prepared = PreparedText(String(scalars))
      let units = try #require(Self.segments(prepared.clusters))
      let none = LongWords(longerThan: WordSegments.widestVisible)
      units.withUnsafeBufferPointer { units in
        #expect(WordSegments.naturalWidth(units) == prepared.naturalWidth)
        for width in 1...40 {
          let expected = prepared.lineCount(width: width, mode: .word)
          // It declines exactly when a word is wider than the line (the clusters split it).
          let widestWord =
            units.filter { $0 != WordSegments.hardBreak }.map { Int($0 & 0x7FF) }
            .max() ?? 0
          // With no long word kept, a word wider than the line leaves the count to the
          // clusters.
          let count = WordSegments.lineCount(units, width: width, longWords: none) { 0 }
          #expect((count == nil) == (widestWord > width))
          if let count {
            answered += 1
            #expect(
              count == expected,
              "width \(width): \(count) != \(expected) for \(prepared.string.debugDescription)")
          } else {
            declined += 1
          }
        }
      }
    }
    // Random text of every class has long unbreakable runs; most widths still answer.
    #expect(answered > declined, "\(answered) answered, \(declined) declined")
  }

  /// With the clusters of its long words kept, a count reads them for a word wider than
  /// the line and goes on: it is the cluster count at every width, and declines only for
  /// a word wider than the line but not long enough to be kept. On seeded random text
  /// with long unbreakable runs (URLs, kana with small kana and long marks, wide
  /// characters, runs of spaces) at every width from 1 to 40, whatever is kept.
  @Test(arguments: 0..<4)
  func longWordsCountLikeClusters(batch: Int) throws {
    var random = SeededGenerator(seed: UInt64(800 + batch))
    let pieces = [
      "https://example.org/a-path/", "ャー！", "\u{3042}\u{3043}", "longunbrokenword", " ",
      "   ", "\n", "(0.0.26-3)", "«é»", "—", "a", "字",
    ]
    for _ in 0..<2_000 {
      let text = Self.randomText(pieces: pieces, poolOneIn: 4, using: &random)
      let prepared = PreparedText(text)
      let longerThan = Int.random(in: 0...12, using: &random)
      var words = LongWords(longerThan: longerThan)
      var units: [UInt16] = []
      let fits = prepared.clusters.withUnsafeBufferPointer {
        WordSegments.append($0, to: &units, longWords: &words)
      }
      try #require(fits)
      let widths = units.filter { $0 != WordSegments.hardBreak }.map { Int($0 & 0x7FF) }
      #expect(words.count == widths.filter { $0 > longerThan }.count)
      units.withUnsafeBufferPointer { units in
        for width in 1...40 {
          let counted = WordSegments.lineCount(units, width: width, longWords: words) { 0 }
          let declines = widths.contains { $0 > width && $0 <= longerThan }
          #expect((counted == nil) == declines, "width \(width), kept over \(longerThan)")
          if let counted {
            #expect(
              counted == prepared.lineCount(width: width, mode: .word),
              "width \(width), kept over \(longerThan): \(text.debugDescription)")
          }
        }
      }
    }
  }

  /// Folding a text into its words straight from its bytes
  /// (`UnicodeText.appendWordSegments`) gives what folding its shape gives: the same units,
  /// the same long words, clusters, whether they fit — and declines exactly the texts it
  /// leaves to the shape (a mark or jamo joining a scalar, a scalar ICU must shape,
  /// nothing but spaces). On seeded random text over every class, with URLs, long runs of
  /// letters and spaces, line feeds, tabs, joiners and marks, at random long-word limits.
  @Test(arguments: 0..<4)
  func segmentsFromBytesAreTheShapesOwn(batch: Int) throws {
    var random = SeededGenerator(seed: UInt64(1_900 + batch))
    let pieces = [
      "https://example.org/a-path/", "ャー！", "\u{3042}\u{3043}", "longunbrokenword", " ",
      "\n", "   ", "(0.0.26-3)", "«é»", "—", "a", "字", "Привет", "\t", "\u{200D}", "\u{FE0F}",
      String(repeating: "ж", count: 40), String(repeating: " ", count: 33),
      String(repeating: "x", count: 2_100), "\n", "e\u{301}", "\u{1100}\u{1161}",
    ]
    var folded = 0
    var foldedWithLineFeeds = 0
    for _ in 0..<3_000 {
      // The pieces that send a text elsewhere (marks, jamo) and the long ones now and then
      // only.
      let text = Self.randomText(pieces: pieces, common: 15, poolOneIn: 3, using: &random)
      let longerThan = Int.random(in: 0...24, using: &random)
      let bytes = Array(text.utf8)
      var scratch = UnicodeText.Scratch()
      var units: [UInt16] = [7]  // appended after what is there
      var words = LongWords(longerThan: longerThan)
      let read = bytes.withUnsafeBufferPointer {
        UnicodeText.appendWordSegments($0, to: &units, longWords: &words, scratch: &scratch)
      }
      var shape: [UInt8] = []
      let shaped = bytes.withUnsafeBufferPointer {
        UnicodeText.shape($0, into: &shape, scratch: &scratch)
      }
      // Left to the shape: what it refuses, nothing, a cluster of more than one scalar (as
      // the reader of the text without its trailing spaces finds them).
      let oneScalarEach = bytes.withUnsafeBufferPointer { bytes -> Bool in
        guard let base = bytes.baseAddress else { return false }
        let end = UnicodeText.trimmedEnd(base, count: bytes.count)
        guard end > 0 else { return false }
        scratch.reserve(forBytes: end)
        return UnicodeText.readScalars(
          UnsafeBufferPointer(rebasing: bytes[0..<end]), scratch: &scratch)?.oneScalarEach
          ?? false
      }
      let leftToShape = !shaped || shape.isEmpty || !oneScalarEach
      #expect((read == nil) == leftToShape, "\(text.debugDescription)")
      guard let read else {
        #expect(units == [7] && words.count == 0)
        continue
      }
      folded += 1
      if shape.contains(where: { $0 & PreparedText.ClusterInfo.hardBreak != 0 }) {
        foldedWithLineFeeds += 1
      }
      var expectedUnits: [UInt16] = [7]
      var expectedWords = LongWords(longerThan: longerThan)
      let fits = shape.withUnsafeBufferPointer {
        WordSegments.append($0, to: &expectedUnits, longWords: &expectedWords)
      }
      #expect(read.fits == fits)
      var again = UnicodeText.Scratch()
      var againUnits: [UInt16] = []
      var againWords = LongWords(longerThan: longerThan)
      _ = bytes.withUnsafeBufferPointer {
        UnicodeText.appendWordSegments($0, to: &againUnits, longWords: &againWords, scratch: &again)
      }
      #expect(Array(again.lastClusters(count: read.clusters)) == shape)
      if fits {
        #expect(units == expectedUnits, "\(text.debugDescription)")
        #expect(words.count == expectedWords.count)
        for index in 0..<min(words.count, expectedWords.count) {
          #expect(words.withWord(index, Array.init) == expectedWords.withWord(index, Array.init))
        }
      }
    }
    #expect(folded > 1_500, "\(folded) folded")
    #expect(foldedWithLineFeeds > 250, "\(foldedWithLineFeeds) with line feeds folded")
  }

  /// A segment too wide for a unit leaves the text to its clusters.
  @Test func overlongSegmentsAreRefused() {
    let long = PreparedText(String(repeating: "x", count: 3_000))
    #expect(Self.segments(long.clusters) == nil)
    let spaced = PreparedText("a" + String(repeating: " ", count: 40) + "b")
    #expect(Self.segments(spaced.clusters) == nil)
    let fine = PreparedText("a" + String(repeating: " ", count: 31) + "b")
    #expect(Self.segments(fine.clusters) == [1 | 31 << 11, 1])
  }
}
