/// The cache every layout keeps: the frame of each placed item by flat index, plus its
/// column or row, and the section headers and vertical extents of the sections placed so
/// far.
///
/// Items are placed in flat-index order (section by section, item by item), so the items
/// placed so far are always the prefix `0..<count`.
struct PlacedItems {
  private(set) var frames: [Rect] = []
  private(set) var columns: [Int32] = []
  private(set) var rows: [Int32] = []
  /// The flat index of each section's first item, for every section of the context.
  private(set) var sectionStarts: [Int] = []
  /// The header frame of each section started so far (`nil`: no header).
  private(set) var headers: [Rect?] = []
  /// The leading edge along the scroll axis of each section started so far.
  private(set) var sectionTops: [Int] = []
  /// The trailing edge of each section started so far; `Int.max` while it is in progress,
  /// so that the array stays sorted for binary search.
  private(set) var sectionBottoms: [Int] = []

  let recordsColumns: Bool
  let recordsRows: Bool

  init(sections: [SectionSpec], recordsColumns: Bool, recordsRows: Bool) {
    self.recordsColumns = recordsColumns
    self.recordsRows = recordsRows
    resetSections(sections)
  }

  var count: Int { frames.count }

  mutating func reserveCapacity(_ capacity: Int) {
    frames.reserveCapacity(capacity)
    if recordsColumns { columns.reserveCapacity(capacity) }
    if recordsRows { rows.reserveCapacity(capacity) }
  }

  mutating func resetSections(_ sections: [SectionSpec]) {
    var start = 0
    sectionStarts = sections.map { section in
      defer { start += Swift.max(0, section.itemCount) }
      return start
    }
  }

  /// Records that the last section now holds `newCount` items (for appending).
  mutating func updateSectionsAfterAppend(_ sections: [SectionSpec]) {
    resetSections(sections)
  }

  @inline(__always)
  mutating func append(_ frame: Rect, column: Int = 0, row: Int = 0) {
    frames.append(frame)
    if recordsColumns { columns.append(Int32(truncatingIfNeeded: column)) }
    if recordsRows { rows.append(Int32(truncatingIfNeeded: row)) }
  }

  /// Forgets every item from flat index `count` on (to re-place an unfinished row).
  mutating func truncate(to count: Int) {
    frames.removeSubrange(count...)
    if recordsColumns { columns.removeSubrange(count...) }
    if recordsRows { rows.removeSubrange(count...) }
  }

  mutating func beginSection(top: Int, header: Rect?) {
    sectionTops.append(top)
    sectionBottoms.append(.max)
    headers.append(header)
  }

  mutating func endSection(bottom: Int) {
    sectionBottoms[sectionBottoms.count - 1] = bottom
  }

  /// Marks the last section as in progress again (more items are being appended to it).
  mutating func reopenLastSection() {
    if !sectionBottoms.isEmpty { sectionBottoms[sectionBottoms.count - 1] = .max }
  }

  var startedSectionCount: Int { sectionTops.count }

  /// The sections started so far whose extent overlaps `low..<high`.
  ///
  /// - Complexity: O(log *S*) for *S* sections.
  func sections(overlapping low: Int, _ high: Int) -> Range<Int> {
    let first = sectionBottoms.partitioningIndex { $0 > low }
    let end = sectionTops.partitioningIndex(in: first..<sectionTops.count) { $0 >= high }
    return first..<Swift.max(first, end)
  }

  /// The section that holds flat index `index`.
  ///
  /// - Complexity: O(log *S*).
  func section(ofItem index: Int) -> Int {
    // The last section whose start is <= index; empty sections share a start with the
    // next one, so take the last of equal starts.
    sectionStarts.partitioningIndex { $0 > index } - 1
  }

  func flatIndex(of path: ItemPath) -> Int? {
    guard path.section >= 0, path.section < sectionStarts.count, path.item >= 0 else {
      return nil
    }
    let start = sectionStarts[path.section]
    let end = path.section + 1 < sectionStarts.count ? sectionStarts[path.section + 1] : .max
    let index = start + path.item
    return index < end ? index : nil
  }

  func attributes(ofItem index: Int) -> LayoutAttributes {
    let section = section(ofItem: index)
    return LayoutAttributes(
      section: section, item: index - sectionStarts[section], index: index, frame: frames[index],
      column: recordsColumns ? Int(columns[index]) : nil,
      row: recordsRows ? Int(rows[index]) : nil)
  }

  func attributes(forItem path: ItemPath) -> LayoutAttributes? {
    guard let index = flatIndex(of: path), index < frames.count else { return nil }
    return attributes(ofItem: index)
  }

  func headerAttributes(forSection section: Int) -> LayoutAttributes? {
    guard section >= 0, section < headers.count, let frame = headers[section] else { return nil }
    return LayoutAttributes(
      kind: .sectionHeader, section: section, item: 0, index: sectionStarts[section],
      frame: frame)
  }

  /// The headers of `sections` that intersect `rect` and the items whose flat indices are
  /// given, as attributes in the protocol's order.
  ///
  /// - Complexity: O(*K* log *K*) for *K* results; the sort is over plain indices, and a
  ///   section's header goes before the first of its items.
  func attributes(
    headersOf sections: Range<Int>, in rect: Rect, items indices: [Int]
  ) -> [LayoutAttributes] {
    var indices = indices
    indices.sort()
    var result: [LayoutAttributes] = []
    result.reserveCapacity(indices.count + 2)
    var nextHeader = sections.lowerBound
    var position = 0
    // Walk the sections in order; each contributes its header (when it intersects) and then
    // its items, which are a run of the sorted indices.
    while nextHeader < sections.upperBound || position < indices.count {
      let section =
        position < indices.count ? self.section(ofItem: indices[position]) : Int.max
      if nextHeader < sections.upperBound && nextHeader <= section {
        if let header = headerAttributes(forSection: nextHeader), header.frame.intersects(rect) {
          result.append(header)
        }
        nextHeader += 1
        continue
      }
      let sectionStart = sectionStarts[section]
      let sectionEnd = section + 1 < sectionStarts.count ? sectionStarts[section + 1] : .max
      while position < indices.count && indices[position] < sectionEnd {
        let index = indices[position]
        result.append(
          LayoutAttributes(
            section: section, item: index - sectionStart, index: index, frame: frames[index],
            column: recordsColumns ? Int(columns[index]) : nil,
            row: recordsRows ? Int(rows[index]) : nil))
        position += 1
      }
    }
    return result
  }
}
