import LayoutEngine

/// The cards of one source in file order, and its sections: each run of consecutive
/// cards with the same section name is a section. Nothing is reordered, so cards that
/// stream in are only ever added at the end (a name that comes back later starts a new
/// section with the same header, as in a feed).
package struct CardCollection: Sendable {
  /// Where the cards came from (a path, `-`, or the name of the bundled sample).
  package var source: String
  /// The cards, compactly stored.
  package private(set) var cards: CardStore
  /// The sections in order (`nil`: cards without a section) and their card counts.
  package private(set) var sections: [(name: String?, count: Int)]
  /// Whether section names are ignored (`--flat`): one section, in file order.
  package let isFlat: Bool

  package init(source: String, cards: [Card], flat: Bool = false) {
    self.init(source: source, store: CardStore(cards), flat: flat)
  }

  package init(source: String, store: CardStore, flat: Bool = false) {
    self.source = source
    cards = store
    isFlat = flat
    sections = []
    addSections(from: 0)
  }

  /// Adds the cards of `chunk` at the end: they extend the last section or start new ones.
  ///
  /// - Complexity: O(cards in `chunk`).
  package mutating func append(_ chunk: CardChunk) {
    let start = cards.count
    cards.append(chunk)
    addSections(from: start)
  }

  private mutating func addSections(from start: Int) {
    let runs: [(name: String?, count: Int)] =
      isFlat ? [(nil, cards.count - start)] : cards.sectionRuns(from: start)
    for run in runs where run.count > 0 {
      if let last = sections.last, last.name == run.name {
        sections[sections.count - 1].count += run.count
      } else {
        sections.append(run)
      }
    }
  }

  /// The sections as the layout engine sees them: a header row for every named section.
  package func sectionSpecs(headerHeight: Int = 1) -> [SectionSpec] {
    sections.map {
      SectionSpec(itemCount: $0.count, headerHeight: $0.name != nil ? headerHeight : 0)
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

extension CardCollection: Equatable {
  /// The same source holding the same chunks (chunks are immutable, so the same chunks
  /// are the same cards).
  ///
  /// - Complexity: O(chunks).
  package static func == (lhs: CardCollection, rhs: CardCollection) -> Bool {
    lhs.source == rhs.source && lhs.isFlat == rhs.isFlat
      && lhs.cards.chunks.elementsEqual(rhs.cards.chunks, by: ===)
  }
}

extension CardCollection: Hashable {
  package func hash(into hasher: inout Hasher) {
    hasher.combine(source)
    hasher.combine(cards.count)
  }
}
