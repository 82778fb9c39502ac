import Cards
import TerminalText
import TestSupport
import Testing

/// Searching a chunk — plain cards compared as stored, the others through their kept
/// folded text — finds exactly the cards whose folded caption, comment or tags contain
/// the folded search, on seeded random cards of every kind of text.
@Suite struct SearchTextTests {
  /// Pieces of text of each kind the store tells apart: plain ASCII, plain CJK, and
  /// the rest (accents, other scripts, emoji, mixed).
  static let pieces = [
    "fox", "Fox", "FOX", "the", "quick", "brown", "dog", "42", "(x)", "re-run",
    "ねこ", "ネコ", "猫", "東京", "ひらがな", "カタカナ",
    "Café", "cafe", "CAFÉ", "naïve", "Ελλάδα", "ελλάδα", "Москва", "москва", "straße", "STRASSE",
    "😀", "fox🦊", "Ｆｏｘ", "e\u{301}", "Ǆ",
    // Text that folds no further than lowercasing and kana, compared as stored.
    "ねこ(Cat)", "東京タワー", "“quoted”", "über", "ёж", "ゝゞ", "—", "ﾈｺ", "ÉTÉ", "été",
  ]

  static func text(_ generator: inout SeededGenerator) -> String {
    (0..<Int.random(in: 0...4, using: &generator)).map { _ in
      pieces.randomElement(using: &generator)!
    }.joined(separator: Bool.random(using: &generator) ? " " : "")
  }

  @Test func aSearchFindsWhatFoldingFinds() {
    var generator = SeededGenerator(seed: 19)
    let cards = (0..<1_500).map { _ in
      Card(
        caption: Self.text(&generator),
        comment: Bool.random(using: &generator) ? Self.text(&generator) : nil,
        tags: (0..<Int.random(in: 0...2, using: &generator)).map { _ in
          Self.text(&generator)
        })
    }
    let store = CardStore(cards)
    let chunk = store.chunks[0]
    let text = ChunkSearchText(chunk)
    let needles = [
      "fox", "FOX", "ねこ", "猫", "cafe", "café", "ελλαδα", "МОСКВА", "strasse", "😀",
      "e", "x)", "ｆｏｘ", "カ", " ", "ネコ(cat", "c", "”", "ÜBER", "ヽ", "ゞ", "ねこ", "été",
      "ЁЖ", "タワー",
    ]
    for search in needles {
      let query = CardQuery(search: search, tag: nil)
      let found = query.matches(in: chunk, text: text).matches
      let needle = SearchFolding.folded(search)
      let expected = cards.indices.filter { index in
        let card = cards[index]
        let body = SearchFolding.folded(card.caption + "\n" + (card.comment ?? ""))
        return body.contains(needle)
          || card.tags.contains { SearchFolding.folded($0).contains(needle) }
      }
      #expect(found == expected, "\(search): \(found.count) found, \(expected.count) expected")
    }
    #expect(text.storedBytes > 0)
  }
}
