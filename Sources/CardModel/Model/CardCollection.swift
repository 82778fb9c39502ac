import LayoutEngine

/// The cards of one source in file order, and its sections, as `sectionMode` makes them:
/// grouped by name (every card of a name in one section, in the order names first
/// appear), runs of consecutive cards, or none. Cards that stream in are only ever added
/// at the end of the file order; grouped, they join the end of their section.
package struct CardCollection: Sendable {
  /// Where the cards came from (a path, `-`, or the name of the bundled sample).
  package var source: String
  /// The cards, compactly stored, in file order.
  package private(set) var cards: CardStore
  /// The sections in order (`nil`: cards without a section) and their card counts.
  package private(set) var sections: [(name: String?, count: Int)]
  /// How cards fall into sections.
  package let sectionMode: SectionMode
  /// Grouped: the section of each name.
  private var sectionOfName: [String?: Int] = [:]
  /// What reading the source left out, in a line for the status bar (`3 files that are
  /// no picture left out · 2 folders: -r opens them`); `nil` when nothing was.
  package var notice: String?

  package init(source: String, cards: [Card], sections: SectionMode = .grouped) {
    self.init(source: source, store: CardStore(cards), sections: sections)
  }

  package init(source: String, store: CardStore, sections: SectionMode = .grouped) {
    self.source = source
    cards = store
    sectionMode = sections
    self.sections = []
    addSections(from: 0)
  }

  /// Whether section names are ignored (`--sections none`).
  package var isFlat: Bool { sectionMode == .none }

  /// Adds the cards of `chunk` at the end: they extend sections or start new ones.
  ///
  /// - Complexity: O(cards in `chunk`).
  package mutating func append(_ chunk: CardChunk) {
    let start = cards.count
    cards.append(chunk)
    addSections(from: start)
  }

  private mutating func addSections(from start: Int) {
    guard start < cards.count else { return }
    switch sectionMode {
    case .none:
      if sections.isEmpty { sections.append((nil, 0)) }
      sections[0].count += cards.count - start
    case .runs:
      for run in cards.sectionRuns(from: start) where run.count > 0 {
        if let last = sections.last, last.name == run.name {
          sections[sections.count - 1].count += run.count
        } else {
          sections.append(run)
        }
      }
    case .grouped:
      // A chunk's cards are counted by its own section numbers (in a buffer of the
      // chunk's, an array look-up a card however short its run: real files interleave),
      // noting the order the numbers first come; then each number is mapped to its
      // section once, in that order (new sections come in the order names first appear).
      var (chunkIndex, local) = cards.locate(start)
      while chunkIndex < cards.chunks.count {
        let chunk = cards.chunks[chunkIndex]
        var countOfLocal = [Int](repeating: 0, count: chunk.sectionNames.count)
        var firstSeen: [Int] = []
        chunk.records.withUnsafeBufferPointer { records in
          countOfLocal.withUnsafeMutableBufferPointer { counts in
            for index in local..<chunk.count {
              let own = Int(records[index].section)
              if counts[own] == 0 { firstSeen.append(own) }
              counts[own] += 1
            }
          }
        }
        for own in firstSeen {
          let name = chunk.sectionNames[own]
          let section: Int
          if let known = sectionOfName[name] {
            section = known
          } else {
            section = sections.count
            sectionOfName[name] = section
            sections.append((name, 0))
          }
          sections[section].count += countOfLocal[own]
        }
        chunkIndex += 1
        local = 0
      }
    }
  }

  /// The sections as the layout engine sees them: a header row for every named section.
  package func sectionSpecs(headerHeight: Int = 1) -> [SectionSpec] {
    sections.map {
      SectionSpec(itemCount: $0.count, headerHeight: $0.name != nil ? headerHeight : 0)
    }
  }
}

extension CardCollection: Equatable {
  /// The same source holding the same chunks (chunks are immutable, so the same chunks
  /// are the same cards), in the same sections.
  ///
  /// - Complexity: O(chunks).
  package static func == (lhs: CardCollection, rhs: CardCollection) -> Bool {
    lhs.source == rhs.source && lhs.sectionMode == rhs.sectionMode
      && lhs.cards.chunks.elementsEqual(rhs.cards.chunks, by: ===)
  }
}

extension CardCollection: Hashable {
  package func hash(into hasher: inout Hasher) {
    hasher.combine(source)
    hasher.combine(cards.count)
  }
}
