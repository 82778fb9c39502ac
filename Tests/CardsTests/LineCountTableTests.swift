import TestSupport
import Testing

@testable import CardMeasuring
@testable import CardModel
@testable import CardReading
@testable import CardSearch

/// A table holds every count it is given, small ones in its two bytes a card and large
/// ones (over 30 caption lines, over 2,047 comment lines) beside them, and a grown copy
/// holds the same.
@Suite struct LineCountTableTests {
  @Test func everyCountReadsBackAsSet() {
    var random = SeededGenerator(seed: 41)
    let table = LineCountTable(width: 20, wrap: .word, count: 5_000)
    var expected: [Int: (Int, Int)] = [:]
    for index in 0..<5_000 where Int.random(in: 0..<4, using: &random) != 0 {
      let caption =
        Int.random(in: 0..<8, using: &random) == 0
        ? Int.random(in: 0...0xFFFE, using: &random) : Int.random(in: 0...31, using: &random)
      let comment =
        Int.random(in: 0..<8, using: &random) == 0
        ? Int.random(in: 0...0xFFFF, using: &random) : Int.random(in: 0...2_048, using: &random)
      table.set(index, caption: caption, comment: comment)
      expected[index] = (caption, comment)
    }
    let grown = table.grown(to: 7_000)
    for source in [table, grown] {
      for index in 0..<5_000 {
        let value = source.value(index)
        #expect(value?.caption == expected[index]?.0 && value?.comment == expected[index]?.1)
      }
    }
    #expect((5_000..<7_000).allSatisfy { grown.value($0) == nil })
    #expect(expected.values.contains { $0.0 > 30 } && expected.values.contains { $0.1 > 2_047 })
  }
}
