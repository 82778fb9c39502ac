/// The query index of layouts that place items in rows stacked downwards: the grid, the
/// tiles and the wrapping tag cloud.
///
/// Each row is a contiguous range of flat indices ordered left to right; rows are ordered
/// top to bottom, and a row starts at or below the bottom of the one before, so both the
/// rows and the items of a row are binary-searchable.
struct RowIndex {
  struct Row: Hashable {
    var top: Int
    /// The largest bottom edge of the row's items.
    var bottom: Int
    var items: Range<Int>
  }

  private(set) var rows: [Row] = []

  var count: Int { rows.count }
  var last: Row? { rows.last }

  mutating func append(_ row: Row) { rows.append(row) }

  /// Empties the index for a new `prepare`, keeping its memory for reuse.
  mutating func removeAll() { rows.removeAll(keepingCapacity: true) }

  mutating func removeLast() { rows.removeLast() }

  /// Extends the last row to hold one more item whose bottom edge is `bottom`.
  mutating func extendLastRow(toBottom bottom: Int) {
    rows[rows.count - 1].bottom = Swift.max(rows[rows.count - 1].bottom, bottom)
    rows[rows.count - 1].items =
      rows[rows.count - 1].items.lowerBound..<rows[rows.count - 1].items.upperBound + 1
  }

  /// Appends to `result` the attributes (section and item not yet filled in) of every item
  /// whose frame shares a cell with `rect`, in increasing order of index.
  ///
  /// - Complexity: O(log *R* + *V* · log *W* + *K*) for *R* rows, *V* rows that overlap
  ///   `rect` vertically, *W* items per row and *K* hits.
  func collect(in rect: Rect, store: FlatFrames, into result: inout [LayoutAttributes]) {
    let frames = store.frames
    var rowIndex = rows.partitioningIndex { $0.bottom > rect.minY }
    while rowIndex < rows.count, rows[rowIndex].top < rect.maxY {
      let row = rows[rowIndex]
      var index = frames.partitioningIndex(in: row.items) { $0.maxX > rect.minX }
      while index < row.items.upperBound, frames[index].minX < rect.maxX {
        if frames[index].intersects(rect) { result.append(store.attributes(ofItem: index)) }
        index += 1
      }
      rowIndex += 1
    }
  }
}
