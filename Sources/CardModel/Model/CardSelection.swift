import LayoutEngine
import Synchronization

/// The cards a view shows, in layout order, in sections: all of a collection's, or those
/// a filter lets through, as indices into the collection (never copies of cards). Its
/// sections follow the collection's section mode: grouped by name (a card that arrives
/// for an earlier section joins that section's end), or runs of consecutive cards.
///
/// A value. Its indices live in storage that copies share and that only grows at its
/// ends (the end of the list of runs, the end of each section's list when grouped):
/// each copy sees the prefixes it counts, which never change, so a copy kept by a cache
/// or an older state stays as it was while the state goes on adding the cards that
/// stream in — without copying a million indices each time. A copy that adds to a prefix
/// others have grown past takes storage of its own first (copy on write, by prefix).
///
/// Indices are kept in 32 bits (4 bytes a card shown, not 8): a collection holds fewer
/// than 2³² cards, which would take far more memory than any machine has.
///
/// Not for sharing between threads: the browser's state and caches live on its loop.
package struct CardSelection: RandomAccessCollection {
  /// Runs: the collection index of each card shown (none when every card is, in file
  /// order), and each section's name and first position.
  fileprivate final class RunStorage {
    var list: [UInt32] = []
    var sectionNames: [String?] = []
    var sectionStarts: [Int] = []

    init() {}

    init(prefixOf other: RunStorage, list: Int, sections: Int) {
      self.list = Array(other.list.prefix(list))
      sectionNames = Array(other.sectionNames.prefix(sections))
      sectionStarts = Array(other.sectionStarts.prefix(sections))
    }
  }

  /// Grouped: each section's collection indices (ascending) and name, and the section of
  /// each name.
  fileprivate final class GroupStorage {
    var lists: [[UInt32]] = []
    var names: [String?] = []
    var sectionOfName: [String?: Int] = [:]

    init() {}

    init(prefixOf other: GroupStorage, counts: [Int]) {
      lists = zip(other.lists, counts).map { Array($0.prefix($1)) }
      names = Array(other.names.prefix(counts.count))
      for (section, name) in names.enumerated() { sectionOfName[name] = section }
    }
  }

  private var runs: RunStorage?
  private var groups: GroupStorage?
  /// Whether every card of the collection is shown.
  package let isEverything: Bool
  /// Whether names are ignored: one section.
  private let isFlat: Bool
  package private(set) var count = 0
  /// The number of sections this copy sees.
  package private(set) var sectionCount = 0
  /// Grouped: how many cards of each section this copy sees, and where each starts.
  private var groupCounts: [Int] = []
  private var groupStarts: [Int] = []
  /// Which view this is: a new one for each view made, so that a cache can tell a view
  /// that only grew (same identity, more cards) from another one.
  package private(set) var identity: Int

  private static let identities = Atomic<Int>(0)
  private static func nextIdentity() -> Int {
    identities.add(1, ordering: .relaxed).newValue
  }

  /// Every card of `collection`.
  package init(all collection: CardCollection) {
    self.init(collection, everything: true)
    add(of: collection)
  }

  /// The cards of `collection` at `indices` (ascending).
  package init(_ indices: [Int], of collection: CardCollection) {
    self.init(collection, everything: false)
    add(indices, of: collection)
  }

  private init(_ collection: CardCollection, everything: Bool) {
    isEverything = everything
    isFlat = collection.sectionMode == .none
    if collection.sectionMode == .grouped { groups = GroupStorage() } else { runs = RunStorage() }
    identity = Self.nextIdentity()
  }

  /// Whether sections are grouped by name (cards may join any section).
  package var isGrouped: Bool { groups != nil }

  package var startIndex: Int { 0 }
  package var endIndex: Int { count }

  /// The collection index of shown card `position`.
  ///
  /// - Complexity: O(1) for runs, O(log *s*) grouped.
  @inline(__always)
  package subscript(position: Int) -> Int {
    if let groups {
      let section = groupSection(containing: position)
      return Int(groups.lists[section][position - groupStarts[section]])
    }
    return isEverything ? position : Int(runs!.list[position])
  }

  /// The grouped section holding position `position`.
  private func groupSection(containing position: Int) -> Int {
    var low = 0
    var high = sectionCount
    while high - low > 1 {
      let middle = (low + high) / 2
      if groupStarts[middle] <= position { low = middle } else { high = middle }
    }
    return low
  }

  /// The index (among the cards shown) of section `section`'s first card.
  package func sectionStart(_ section: Int) -> Int {
    groups != nil ? groupStarts[section] : runs!.sectionStarts[section]
  }

  /// The name of section `section` (`nil`: cards without a section).
  package func sectionName(_ section: Int) -> String? {
    if let groups { return groups.names[section] }
    return runs!.sectionNames[section]
  }

  /// The number of cards of section `section`.
  package func sectionSize(_ section: Int) -> Int {
    if groups != nil { return groupCounts[section] }
    return (section + 1 < sectionCount ? runs!.sectionStarts[section + 1] : count)
      - runs!.sectionStarts[section]
  }

  /// The sections shown, with their card counts.
  package var sections: [(name: String?, count: Int)] {
    (0..<sectionCount).map { (sectionName($0), sectionSize($0)) }
  }

  /// Reads the collection index of the card at a layout path from this selection's
  /// storage, without copying the selection: for a layout's measure function, which asks
  /// once per card placed. It reads what later copies add to the same storage too; take a
  /// new one whenever the selection the layout places is replaced (a copy may have taken
  /// storage of its own).
  package final class PathLookup {
    fileprivate let groups: GroupStorage?
    fileprivate let runs: RunStorage?
    fileprivate let isEverything: Bool

    fileprivate init(groups: GroupStorage?, runs: RunStorage?, isEverything: Bool) {
      self.groups = groups
      self.runs = runs
      self.isEverything = isEverything
    }

    /// The collection index of the card at `path`, as `CardSelection.cardIndex(of:)`.
    @inline(__always)
    package func cardIndex(of path: ItemPath) -> Int {
      if let groups { return Int(groups.lists[path.section][path.item]) }
      let position = runs!.sectionStarts[path.section] + path.item
      return isEverything ? position : Int(runs!.list[position])
    }

    /// The collection indices of items `items` of section `section`, written to `out` (as
    /// many as the items): `cardIndex(of:)` of each, the section's list read once.
    package func cardIndices(
      section: Int, items: Range<Int>, into out: UnsafeMutableBufferPointer<Int>
    ) {
      if let groups {
        groups.lists[section].withUnsafeBufferPointer { list in
          for (slot, item) in items.enumerated() { out[slot] = Int(list[item]) }
        }
        return
      }
      let start = runs!.sectionStarts[section]
      if isEverything {
        for (slot, item) in items.enumerated() { out[slot] = start + item }
        return
      }
      runs!.list.withUnsafeBufferPointer { list in
        for (slot, item) in items.enumerated() { out[slot] = Int(list[start + item]) }
      }
    }
  }

  /// A reader of card indices by layout path over this selection's storage.
  package var pathLookup: PathLookup {
    PathLookup(groups: groups, runs: runs, isEverything: isEverything)
  }

  /// The collection index of the card at `path` (a layout's section and item).
  @inline(__always)
  package func cardIndex(of path: ItemPath) -> Int {
    if let groups { return Int(groups.lists[path.section][path.item]) }
    return self[runs!.sectionStarts[path.section] + path.item]
  }

  /// The layout path of shown card `position`.
  ///
  /// - Complexity: O(log *s*) in the sections.
  package func path(of position: Int) -> ItemPath? {
    guard position >= 0, position < count, sectionCount > 0 else { return nil }
    if groups != nil {
      let section = groupSection(containing: position)
      return ItemPath(section: section, item: position - groupStarts[section])
    }
    let starts = runs!.sectionStarts
    var low = 0
    var high = sectionCount
    while high - low > 1 {
      let middle = (low + high) / 2
      if starts[middle] <= position { low = middle } else { high = middle }
    }
    return ItemPath(section: low, item: position - starts[low])
  }

  /// The position among the cards shown of the card with collection index `card` of
  /// `collection`, if it is shown.
  ///
  /// - Complexity: O(log *n*): each list of indices is ascending.
  package func position(ofCard card: Int, in collection: CardCollection) -> Int? {
    guard card >= 0, card < collection.cards.count else { return nil }
    if let groups {
      let name = collection.cards.section(ofCard: card)
      guard let section = groups.sectionOfName[name], section < sectionCount else { return nil }
      guard let rank = Self.rank(of: card, in: groups.lists[section], count: groupCounts[section])
      else { return nil }
      return groupStarts[section] + rank
    }
    if isEverything { return card < count ? card : nil }
    return Self.rank(of: card, in: runs!.list, count: count)
  }

  /// Where `value` is in the first `count` elements of ascending `list`.
  private static func rank(of value: Int, in list: [UInt32], count: Int) -> Int? {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if Int(list[middle]) < value { low = middle + 1 } else { high = middle }
    }
    return low < count && Int(list[low]) == value ? low : nil
  }

  /// Adds the cards of `collection` from `start` on: all of them, for a view of every
  /// card; for a list, those at `indices` (ascending, after the last shown).
  ///
  /// - Complexity: O(cards added), amortised (O(cards shown) once when another copy has
  ///   grown the shared storage past this one's ends), and O(*s*) grouped.
  package mutating func add(
    _ indices: [Int]? = nil, of collection: CardCollection, from start: Int = 0
  ) {
    takeStorageIfShared()
    if groups != nil {
      if let indices {
        addGrouped(indices, of: collection)
      } else if isEverything && start < collection.cards.count {
        addGrouped(start..<collection.cards.count, of: collection)
      }
      return
    }
    if isEverything {
      guard start < collection.cards.count else { return }
      let runs: [(name: String?, count: Int)] =
        isFlat
        ? [(nil, collection.cards.count - start)] : collection.cards.sectionRuns(from: start)
      for run in runs where run.count > 0 {
        continueRun(run.name)
        count += run.count
      }
      return
    }
    guard let indices, !indices.isEmpty else { return }
    runs!.list.append(contentsOf: indices.lazy.map { UInt32(truncatingIfNeeded: $0) })
    for index in indices {
      continueRun(isFlat ? nil : collection.cards.section(ofCard: index))
      count += 1
    }
  }

  /// Grouped: each card joins the end of its name's section (a new one for a new name).
  private mutating func addGrouped<Indices: RandomAccessCollection<Int>>(
    _ cardIndices: Indices, of collection: CardCollection
  ) where Indices.Index == Int {
    guard let groups, !cardIndices.isEmpty else { return }
    let store = collection.cards
    // (A range of cards, when every card is shown: no array of their indices.)
    let base = cardIndices.startIndex
    let total = cardIndices.count
    @inline(__always) func indices(_ position: Int) -> Int { cardIndices[base + position] }
    // A chunk at a time: each card's section found (a new one for a new name, in the order
    // names first come), the cards put in order of their chunk's section names (a
    // counting sort, stable), and each section's appended in one go — not card by card
    // into nested arrays, a uniqueness check and an exclusivity check each.
    var first = 0
    var order: [UInt32] = []
    while first < total {
      let located = store.locate(indices(first))
      let chunk = store.chunks[located.chunk]
      let chunkStart = indices(first) - located.local
      let chunkEnd = chunkStart + chunk.count
      var end = first + 1
      while end < total && indices(end) >= chunkStart && indices(end) < chunkEnd {
        end += 1
      }
      let locals = chunk.sectionNames.count
      // For each of the chunk's names: its section, and where its cards start in `order`.
      var sectionOfLocal = [Int](repeating: -1, count: locals)
      var starts = [Int](repeating: 0, count: locals + 1)
      chunk.records.withUnsafeBufferPointer { records in
        for position in first..<end {
          let local = Int(records[indices(position) - chunkStart].section)
          if sectionOfLocal[local] < 0 {
            let name = chunk.sectionNames[local]
            if let known = groups.sectionOfName[name] {
              sectionOfLocal[local] = known
            } else {
              sectionOfLocal[local] = groups.lists.count
              groups.sectionOfName[name] = groups.lists.count
              groups.names.append(name)
              groups.lists.append([])
              groupCounts.append(0)
              sectionCount += 1
            }
          }
          starts[local + 1] += 1
        }
        for local in 0..<locals { starts[local + 1] += starts[local] }
        order = [UInt32](repeating: 0, count: end - first)
        var next = starts
        for position in first..<end {
          let index = indices(position)
          let local = Int(records[index - chunkStart].section)
          order[next[local]] = UInt32(truncatingIfNeeded: index)
          next[local] += 1
        }
      }
      for local in 0..<locals where starts[local + 1] > starts[local] {
        let section = sectionOfLocal[local]
        groups.lists[section].append(contentsOf: order[starts[local]..<starts[local + 1]])
        groupCounts[section] += starts[local + 1] - starts[local]
      }
      first = end
    }
    count += total
    groupStarts = Array(repeating: 0, count: sectionCount)
    for section in groupStarts.indices.dropFirst() {
      groupStarts[section] = groupStarts[section - 1] + groupCounts[section - 1]
    }
  }

  /// Makes sure this copy is the one at the ends of its storage, so that appending to it
  /// changes no other copy's prefix.
  private mutating func takeStorageIfShared() {
    if let groups {
      let atEnds =
        groups.lists.count == sectionCount
        && zip(groups.lists, groupCounts).allSatisfy { $0.count == $1 }
      guard !atEnds else { return }
      self.groups = GroupStorage(prefixOf: groups, counts: groupCounts)
    } else if let runs {
      let atEnd =
        runs.sectionStarts.count == sectionCount && (isEverything || runs.list.count == count)
      guard !atEnd else { return }
      self.runs = RunStorage(prefixOf: runs, list: isEverything ? 0 : count, sections: sectionCount)
    }
    identity = Self.nextIdentity()
  }

  /// Runs: the next card shown goes into a section called `name`: the last one when it
  /// has that name, else a new one starting at it.
  @inline(__always)
  private mutating func continueRun(_ name: String?) {
    let runs = self.runs!
    if sectionCount > 0, runs.sectionNames[sectionCount - 1] == name { return }
    runs.sectionNames.append(name)
    runs.sectionStarts.append(count)
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
  /// - Complexity: O(1) for copies of one view at its ends, else O(*n*).
  package static func == (lhs: CardSelection, rhs: CardSelection) -> Bool {
    guard lhs.isEverything == rhs.isEverything, lhs.isGrouped == rhs.isGrouped,
      lhs.count == rhs.count, lhs.sectionCount == rhs.sectionCount
    else { return false }
    if let left = lhs.groups, let right = rhs.groups {
      if left === right && lhs.groupCounts == rhs.groupCounts { return true }
      return lhs.groupCounts == rhs.groupCounts
        && (0..<lhs.sectionCount).allSatisfy {
          left.names[$0] == right.names[$0]
            && left.lists[$0].prefix(lhs.groupCounts[$0])
              == right.lists[$0].prefix(rhs.groupCounts[$0])
        }
    }
    if lhs.runs === rhs.runs { return true }
    return lhs.sections.elementsEqual(rhs.sections) { $0.name == $1.name && $0.count == $1.count }
      && (lhs.isEverything || lhs.runs!.list.prefix(lhs.count) == rhs.runs!.list.prefix(rhs.count))
  }
}
