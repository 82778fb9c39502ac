import Cards
import TestSupport
import Testing

@testable import Browser

/// The tag strip's order while a source loads, on seeded random pieces of cards: each
/// piece keeps the tags already shown in their places and adds the new ones after them,
/// ranked among themselves (most used first, ties by name) — what ranking every tag and
/// keeping the new ones gives — and the end ranks them all.
@Suite struct TagListTests {
  @Test func newTagsJoinAfterTheShownOnesRanked() {
    var generator = SeededGenerator(seed: 23)
    for _ in 0..<60 {
      let pool = (0..<Int.random(in: 1...40, using: &generator)).map { "tag\($0 % 17)-\($0)" }
      var list = TagList(CardCollection(source: "x", cards: []))
      var counts: [String: Int] = [:]
      for _ in 0..<Int.random(in: 1...12, using: &generator) {
        var builder = CardChunkBuilder(pictureBase: nil)
        for _ in 0..<Int.random(in: 0...30, using: &generator) {
          // Cards of a few tags, some repeated on a card (counted once).
          let tags = (0..<Int.random(in: 0...4, using: &generator)).map { _ in
            pool[Int.random(in: 0..<pool.count, using: &generator)]
          }
          for tag in Set(tags) { counts[tag, default: 0] += 1 }
          builder.append(Card(caption: "c", tags: tags))
        }
        let before = list.order
        list.count(builder.finish(sourceBytes: 0))
        let changed = list.refresh(final: false)
        let ranked = Self.ranked(counts)
        let expected = before + ranked.filter { !before.contains($0) }
        #expect(list.order == expected)
        #expect(changed == (expected != before))
      }
      list.refresh(final: true)
      #expect(list.order == Self.ranked(counts))
    }
  }

  private static func ranked(_ counts: [String: Int]) -> [String] {
    counts.keys.sorted { counts[$0]! != counts[$1]! ? counts[$0]! > counts[$1]! : $0 < $1 }
  }
}
