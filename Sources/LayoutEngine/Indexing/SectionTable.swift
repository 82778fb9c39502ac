/// What every layout records about its sections: where each section's items start in the
/// flat numbering, each section's header, and the extent along the scroll axis of every
/// section started so far.
///
/// Items are placed in flat-index order (section by section, item by item), so the items
/// placed so far are always the prefix `0..<count` of the flat numbering.
struct SectionTable {
  /// The flat index of each section's first item, for every section of the context.
  private(set) var starts: [Int] = []
  /// The header frame of each section started so far (`nil`: no header).
  private(set) var headers: [Rect?] = []
  /// The leading edge along the scroll axis of each section started so far.
  private(set) var tops: [Int] = []
  /// The trailing edge of each section started so far; `Int.max` while it is in progress,
  /// so that the array stays sorted for binary search.
  private(set) var bottoms: [Int] = []

  init(sections: [SectionSpec]) {
    updateItemCounts(sections)
  }

  /// Takes new item counts (after an append), keeping the sections started so far.
  mutating func updateItemCounts(_ sections: [SectionSpec]) {
    var start = 0
    starts = sections.map { section in
      defer { start += Swift.max(0, section.itemCount) }
      return start
    }
  }

  var startedCount: Int { tops.count }

  mutating func begin(top: Int, header: Rect?) {
    tops.append(top)
    bottoms.append(.max)
    headers.append(header)
  }

  mutating func end(bottom: Int) {
    bottoms[bottoms.count - 1] = bottom
  }

  /// Marks the last section as in progress again (items are being appended to it).
  mutating func reopenLast() {
    if !bottoms.isEmpty { bottoms[bottoms.count - 1] = .max }
  }

  /// The sections started so far whose extent overlaps `low..<high`.
  ///
  /// - Complexity: O(log *S*) for *S* sections.
  func overlapping(_ low: Int, _ high: Int) -> Range<Int> {
    let first = bottoms.partitioningIndex { $0 > low }
    let end = tops.partitioningIndex(in: first..<tops.count) { $0 >= high }
    return first..<Swift.max(first, end)
  }

  /// The section that holds flat index `index`.
  ///
  /// - Complexity: O(log *S*).
  func section(ofItem index: Int) -> Int {
    // Empty sections share their start with the next section: take the last of equal
    // starts, the only one that holds items.
    starts.partitioningIndex { $0 > index } - 1
  }

  /// The flat index of `path`, or `nil` when no such item exists.
  func flatIndex(of path: ItemPath) -> Int? {
    guard path.section >= 0, path.section < starts.count, path.item >= 0 else { return nil }
    let end = path.section + 1 < starts.count ? starts[path.section + 1] : .max
    let index = starts[path.section] + path.item
    return index < end ? index : nil
  }

  func headerAttributes(forSection section: Int) -> LayoutAttributes? {
    guard section >= 0, section < headers.count, let frame = headers[section] else { return nil }
    return LayoutAttributes(
      kind: .sectionHeader, section: section, item: 0, index: starts[section], frame: frame)
  }

  /// Fills in the section and item of `attributes`, whose flat `index` is set.
  func located(_ attributes: LayoutAttributes) -> LayoutAttributes {
    var attributes = attributes
    attributes.section = section(ofItem: attributes.index)
    attributes.item = attributes.index - starts[attributes.section]
    return attributes
  }

  /// The items found by a query, with their sections filled in, and the headers of
  /// `sections` that intersect `rect`, in the protocol's order: by section, the header
  /// first, then by item.
  ///
  /// - Complexity: O(*K* log *K*) for *K* results.
  func assemble(
    items: [LayoutAttributes], headersOf sections: Range<Int>, in rect: Rect
  ) -> [LayoutAttributes] {
    var items = items
    items.sort { $0.index < $1.index }
    var result: [LayoutAttributes] = []
    result.reserveCapacity(items.count + 2)
    var nextHeader = sections.lowerBound
    var position = 0
    while nextHeader < sections.upperBound || position < items.count {
      let section = position < items.count ? self.section(ofItem: items[position].index) : .max
      if nextHeader < sections.upperBound && nextHeader <= section {
        if let header = headerAttributes(forSection: nextHeader), header.frame.intersects(rect) {
          result.append(header)
        }
        nextHeader += 1
        continue
      }
      let start = starts[section]
      let end = section + 1 < starts.count ? starts[section + 1] : .max
      while position < items.count && items[position].index < end {
        var item = items[position]
        item.section = section
        item.item = item.index - start
        result.append(item)
        position += 1
      }
    }
    return result
  }
}
