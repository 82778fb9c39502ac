import LayoutEngine

/// The cards of one source, grouped into sections in the order in which each section's
/// name first appears; within a section, cards keep their order in the file.
package struct CardCollection: Hashable, Sendable {
  /// Where the cards came from (a path, or the name of the bundled sample).
  package var source: String
  /// The cards in layout order: section by section.
  package private(set) var cards: [Card]
  /// Section names in order (`nil` for cards without a section) and their card counts.
  package private(set) var sections: [(name: String?, count: Int)]

  package init(source: String, cards unordered: [Card]) {
    self.source = source
    var order: [String?] = []
    var groups: [String?: [Card]] = [:]
    for card in unordered {
      if groups[card.section] == nil { order.append(card.section) }
      groups[card.section, default: []].append(card)
    }
    cards = order.flatMap { groups[$0]! }
    sections = order.map { ($0, groups[$0]!.count) }
  }

  package static func == (lhs: CardCollection, rhs: CardCollection) -> Bool {
    lhs.source == rhs.source && lhs.cards == rhs.cards
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(source)
    hasher.combine(cards)
  }

  /// The sections as the layout engine sees them; a header row for every named section
  /// when the collection has more than one section.
  package func sectionSpecs(headerHeight: Int = 1) -> [SectionSpec] {
    let showHeaders = sections.count > 1
    return sections.map {
      SectionSpec(
        itemCount: $0.count, headerHeight: showHeaders && $0.name != nil ? headerHeight : 0)
    }
  }

  /// The flat index of each section's first card.
  package var sectionStarts: [Int] {
    var start = 0
    return sections.map { section in
      defer { start += section.count }
      return start
    }
  }
}
