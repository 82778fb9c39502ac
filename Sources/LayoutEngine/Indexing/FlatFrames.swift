/// The frame cache of the layouts that place items in rows (grid, tiles, tag cloud): one
/// frame per placed item by flat index, with its column and row.
struct FlatFrames {
  private(set) var frames: [Rect] = []
  private(set) var columns: [Int32] = []
  private(set) var rows: [Int32] = []
  let recordsColumns: Bool

  init(recordsColumns: Bool) {
    self.recordsColumns = recordsColumns
  }

  var count: Int { frames.count }

  /// Empties the cache for a new `prepare`, keeping its memory for reuse.
  mutating func removeAll() {
    frames.removeAll(keepingCapacity: true)
    columns.removeAll(keepingCapacity: true)
    rows.removeAll(keepingCapacity: true)
  }

  mutating func reserveCapacity(_ capacity: Int) {
    frames.reserveCapacity(capacity)
    rows.reserveCapacity(capacity)
    if recordsColumns { columns.reserveCapacity(capacity) }
  }

  mutating func append(_ frame: Rect, column: Int, row: Int) {
    frames.append(frame)
    rows.append(Int32(truncatingIfNeeded: row))
    if recordsColumns { columns.append(Int32(truncatingIfNeeded: column)) }
  }

  /// Forgets every item from flat index `count` on (to re-place an unfinished row).
  mutating func truncate(to count: Int) {
    frames.removeSubrange(count...)
    rows.removeSubrange(count...)
    if recordsColumns { columns.removeSubrange(count...) }
  }

  /// The attributes of item `index`, its section and item not yet filled in.
  func attributes(ofItem index: Int) -> LayoutAttributes {
    LayoutAttributes(
      section: -1, item: -1, index: index, frame: frames[index],
      column: recordsColumns ? Int(columns[index]) : nil, row: Int(rows[index]))
  }
}
