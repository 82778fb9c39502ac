import LayoutEngine

/// The cards a view shows, in order, grouped into sections: all of a collection's, or
/// those a filter lets through, as indices into the collection (never copies of cards).
///
/// A reference: the layout's measure function and the measurer of the view read it, and
/// cards that stream in are added to it while the layout stays the same one.
package final class CardSelection: RandomAccessCollection {
  /// The collection index of each card shown; `nil`: every card, in order.
  private var list: [Int]?
  package private(set) var count: Int
  /// The sections shown, with their card counts.
  package private(set) var sections: [(name: String?, count: Int)] = []
  /// The index (among the cards shown) of each section's first card.
  package private(set) var sectionStarts: [Int] = []

  /// Every card of `collection`.
  package init(all collection: CardCollection) {
    list = nil
    count = collection.cards.count
    for section in collection.sections { addSection(section.name, count: section.count) }
  }

  /// The cards of `collection` at `indices` (ascending).
  package init(_ indices: [Int], of collection: CardCollection) {
    list = []
    count = 0
    add(indices, of: collection)
  }

  package var startIndex: Int { 0 }
  package var endIndex: Int { count }

  /// The collection index of shown card `position`.
  @inline(__always)
  package subscript(position: Int) -> Int { list?[position] ?? position }

  /// Whether every card of the collection is shown.
  package var isEverything: Bool { list == nil }

  /// The collection index of the card at `path` (a layout's section and item).
  @inline(__always)
  package func cardIndex(of path: ItemPath) -> Int { self[sectionStarts[path.section] + path.item] }

  /// The layout path of shown card `position`.
  ///
  /// - Complexity: O(log *s*) in the sections.
  package func path(of position: Int) -> ItemPath? {
    guard position >= 0, position < count, !sectionStarts.isEmpty else { return nil }
    var low = 0
    var high = sectionStarts.count
    while high - low > 1 {
      let middle = (low + high) / 2
      if sectionStarts[middle] <= position { low = middle } else { high = middle }
    }
    return ItemPath(section: low, item: position - sectionStarts[low])
  }

  /// What adding cards did to the sections: items added to the last section there was,
  /// and sections after it.
  package struct Growth: Equatable {
    package var itemsInLastSection = 0
    package var newSections: [(name: String?, count: Int)] = []

    package static func == (lhs: Growth, rhs: Growth) -> Bool {
      lhs.itemsInLastSection == rhs.itemsInLastSection
        && lhs.newSections.map(\.name) == rhs.newSections.map(\.name)
        && lhs.newSections.map(\.count) == rhs.newSections.map(\.count)
    }

    package var isEmpty: Bool { itemsInLastSection == 0 && newSections.isEmpty }
  }

  /// Adds the cards of `collection` from `start` on: all of them, for a view of every
  /// card; for a list, those at `indices` (ascending, after the last shown).
  ///
  /// - Complexity: O(cards added).
  @discardableResult
  package func add(_ indices: [Int]? = nil, of collection: CardCollection, from start: Int = 0)
    -> Growth
  {
    let sectionsBefore = sections.count
    let lastCountBefore = sections.last?.count ?? 0
    if list == nil {
      if start < collection.cards.count {
        let runs: [(name: String?, count: Int)] =
          collection.isFlat
          ? [(nil, collection.cards.count - start)] : collection.cards.sectionRuns(from: start)
        for run in runs { addSection(run.name, count: run.count) }
        count = collection.cards.count
      }
    } else if let indices, !indices.isEmpty {
      list!.append(contentsOf: indices)
      count += indices.count
      var runName: String? = nil
      var runCount = 0
      for index in indices {
        let name = collection.isFlat ? nil : collection.cards.section(ofCard: index)
        if runCount > 0 && runName == name {
          runCount += 1
        } else {
          addSection(runName, count: runCount)
          runName = name
          runCount = 1
        }
      }
      addSection(runName, count: runCount)
    }
    var growth = Growth()
    if sectionsBefore > 0 {
      growth.itemsInLastSection = sections[sectionsBefore - 1].count - lastCountBefore
    }
    growth.newSections = Array(sections[sectionsBefore...])
    return growth
  }

  private func addSection(_ name: String?, count added: Int) {
    guard added > 0 else { return }
    if let last = sections.last, last.name == name {
      sections[sections.count - 1].count += added
    } else {
      sectionStarts.append((sectionStarts.last ?? 0) + (sections.last?.count ?? 0))
      sections.append((name, added))
    }
  }

  /// The sections as the layout engine sees them: a header row for every named section.
  package func sectionSpecs(headerHeight: Int = 1) -> [SectionSpec] {
    sections.map {
      SectionSpec(itemCount: $0.count, headerHeight: $0.name != nil ? headerHeight : 0)
    }
  }
}
