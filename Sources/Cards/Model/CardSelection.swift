import LayoutEngine
import Synchronization

/// The cards a view shows, in order, grouped into sections: all of a collection's, or
/// those a filter lets through, as indices into the collection (never copies of cards).
///
/// A value. Its indices and sections live in storage that copies share and that only ever
/// grows at its end: each copy sees the prefix it counts, which never changes, so a copy
/// kept by a cache or an older state stays exactly as it was while the browser's state
/// goes on adding the cards that stream in — without copying a million indices each
/// time. A copy that adds to a prefix others have grown past takes a storage of its own
/// first (copy on write, by prefix).
///
/// Not for sharing between threads: the browser's state and caches live on its loop.
package struct CardSelection: RandomAccessCollection {
  /// What copies share; appended to only at its end.
  private final class Storage {
    /// The collection index of each card shown (empty when every card is).
    var list: [Int] = []
    /// Each section's name and the index (among the cards shown) of its first card.
    var sectionNames: [String?] = []
    var sectionStarts: [Int] = []

    init() {}

    init(prefixOf other: Storage, list: Int, sections: Int) {
      self.list = Array(other.list.prefix(list))
      sectionNames = Array(other.sectionNames.prefix(sections))
      sectionStarts = Array(other.sectionStarts.prefix(sections))
    }
  }

  private var storage: Storage
  /// Whether every card of the collection is shown, in order (no list is kept).
  package let isEverything: Bool
  package private(set) var count: Int
  /// The number of sections this copy sees.
  package private(set) var sectionCount = 0
  /// Which view this is: a new one for each view made, so that a cache can tell a view
  /// that only grew (same identity, more cards) from another one.
  package private(set) var identity: Int

  private static let identities = Atomic<Int>(0)
  private static func nextIdentity() -> Int {
    identities.add(1, ordering: .relaxed).newValue
  }

  /// Every card of `collection`.
  package init(all collection: CardCollection) {
    storage = Storage()
    isEverything = true
    count = 0
    identity = Self.nextIdentity()
    add(of: collection)
  }

  /// The cards of `collection` at `indices` (ascending).
  package init(_ indices: [Int], of collection: CardCollection) {
    storage = Storage()
    isEverything = false
    count = 0
    identity = Self.nextIdentity()
    add(indices, of: collection)
  }

  package var startIndex: Int { 0 }
  package var endIndex: Int { count }

  /// The collection index of shown card `position`.
  @inline(__always)
  package subscript(position: Int) -> Int { isEverything ? position : storage.list[position] }

  /// The index (among the cards shown) of section `section`'s first card.
  package func sectionStart(_ section: Int) -> Int { storage.sectionStarts[section] }

  /// The name of section `section` (`nil`: cards without a section).
  package func sectionName(_ section: Int) -> String? { storage.sectionNames[section] }

  /// The number of cards of section `section`.
  package func sectionSize(_ section: Int) -> Int {
    (section + 1 < sectionCount ? storage.sectionStarts[section + 1] : count)
      - storage.sectionStarts[section]
  }

  /// The sections shown, with their card counts.
  package var sections: [(name: String?, count: Int)] {
    (0..<sectionCount).map { (sectionName($0), sectionSize($0)) }
  }

  /// The collection index of the card at `path` (a layout's section and item).
  @inline(__always)
  package func cardIndex(of path: ItemPath) -> Int {
    self[storage.sectionStarts[path.section] + path.item]
  }

  /// The layout path of shown card `position`.
  ///
  /// - Complexity: O(log *s*) in the sections.
  package func path(of position: Int) -> ItemPath? {
    guard position >= 0, position < count, sectionCount > 0 else { return nil }
    let starts = storage.sectionStarts
    var low = 0
    var high = sectionCount
    while high - low > 1 {
      let middle = (low + high) / 2
      if starts[middle] <= position { low = middle } else { high = middle }
    }
    return ItemPath(section: low, item: position - starts[low])
  }

  /// The position among the cards shown of the card with collection index `card`, if it
  /// is shown.
  ///
  /// - Complexity: O(log *n*): the indices shown are ascending.
  package func position(ofCard card: Int) -> Int? {
    if isEverything { return card >= 0 && card < count ? card : nil }
    let list = storage.list
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if list[middle] < card { low = middle + 1 } else { high = middle }
    }
    return low < count && list[low] == card ? low : nil
  }

  /// Adds the cards of `collection` from `start` on: all of them, for a view of every
  /// card; for a list, those at `indices` (ascending, after the last shown).
  ///
  /// - Complexity: O(cards added), amortised (O(cards shown) once when another copy has
  ///   grown the shared storage past this one's end).
  package mutating func add(
    _ indices: [Int]? = nil, of collection: CardCollection, from start: Int = 0
  ) {
    takeStorageIfShared()
    if isEverything {
      guard start < collection.cards.count else { return }
      let runs: [(name: String?, count: Int)] =
        collection.isFlat
        ? [(nil, collection.cards.count - start)] : collection.cards.sectionRuns(from: start)
      for run in runs where run.count > 0 {
        continueSection(run.name)
        count += run.count
      }
      return
    }
    guard let indices, !indices.isEmpty else { return }
    storage.list.append(contentsOf: indices)
    for index in indices {
      continueSection(collection.isFlat ? nil : collection.cards.section(ofCard: index))
      count += 1
    }
  }

  /// Makes sure this copy is the one at the end of its storage, so that appending to it
  /// changes no other copy's prefix.
  private mutating func takeStorageIfShared() {
    let atEnd =
      storage.sectionStarts.count == sectionCount
      && (isEverything || storage.list.count == count)
    guard !atEnd else { return }
    storage = Storage(prefixOf: storage, list: isEverything ? 0 : count, sections: sectionCount)
    identity = Self.nextIdentity()
  }

  /// The next card shown goes into a section called `name`: the last one when it has that
  /// name, else a new one starting at it.
  @inline(__always)
  private mutating func continueSection(_ name: String?) {
    if sectionCount > 0, storage.sectionNames[sectionCount - 1] == name { return }
    storage.sectionNames.append(name)
    storage.sectionStarts.append(count)
    sectionCount += 1
  }

  /// The sections as the layout engine sees them: a header row for every named section.
  package func sectionSpecs(headerHeight: Int = 1) -> [SectionSpec] {
    (0..<sectionCount).map {
      SectionSpec(
        itemCount: sectionSize($0), headerHeight: sectionName($0) != nil ? headerHeight : 0)
    }
  }
}

extension CardSelection: Equatable {
  /// The same cards in the same sections (identity aside).
  ///
  /// - Complexity: O(1) for copies of one view, else O(*n*).
  package static func == (lhs: CardSelection, rhs: CardSelection) -> Bool {
    guard lhs.isEverything == rhs.isEverything, lhs.count == rhs.count,
      lhs.sectionCount == rhs.sectionCount
    else { return false }
    if lhs.storage === rhs.storage { return true }
    return lhs.sections.elementsEqual(rhs.sections) { $0.name == $1.name && $0.count == $1.count }
      && (lhs.isEverything
        || lhs.storage.list.prefix(lhs.count) == rhs.storage.list.prefix(rhs.count))
  }
}
