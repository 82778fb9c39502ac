/// The query index of layouts whose items fall into lanes: the columns of a masonry or
/// zigzag section, or the rows of a sideways-scrolling tag strip.
///
/// Within a lane, items are stored in placement order, and both their leading and their
/// trailing edges along the scroll axis never decrease, because each item is placed after
/// the previous one of its lane. That makes each lane binary-searchable.
///
/// Each lane keeps the trailing edges of its items in a contiguous array of its own, so the
/// binary search touches only that array (whose upper levels stay in cache from one query
/// to the next) instead of chasing indices into the frame cache.
struct LaneIndex {
  /// An item of a lane: its flat index and where its frame ends along the scroll axis.
  struct Entry {
    var trailingEdge: Int
    var item: Int32
  }

  private(set) var lanes: [[Entry]] = []
  /// Every `blockSize`-th trailing edge of each lane: a small array that stays in cache, so
  /// that a search misses cache only within one block of its lane.
  private var summaries: [[Int]] = []
  static let blockSize = 16

  /// Adds `count` empty lanes, each with room for `capacity` items, and returns their
  /// indices.
  mutating func addLanes(_ count: Int, capacity: Int = 0) -> Range<Int> {
    let first = lanes.count
    for _ in 0..<count {
      var entries: [Entry] = []
      entries.reserveCapacity(capacity)
      lanes.append(entries)
      summaries.append([])
    }
    return first..<lanes.count
  }

  /// Appends an item whose frame ends at `trailingEdge` along the scroll axis; it must not
  /// end before the lane's previous item.
  @inline(__always)
  mutating func append(item index: Int, trailingEdge: Int, toLane lane: Int) {
    if lanes[lane].count % Self.blockSize == 0 { summaries[lane].append(trailingEdge) }
    lanes[lane].append(Entry(trailingEdge: trailingEdge, item: Int32(truncatingIfNeeded: index)))
  }

  /// Appends to `result` the flat index of every item of `laneRange` whose frame shares a
  /// cell with `rect`.
  ///
  /// - Complexity: O(*L* · log *N* + *K*) (a search costs log(*N*/16) cache-resident steps
  ///   and four within a block) for *L* lanes of at most *N* items and *K* hits,
  ///   plus the items of each lane that overlap `rect` along the scroll axis but not across
  ///   it (none for columns, whose items all share the column's x range).
  func collect(
    lanes laneRange: Range<Int>, in rect: Rect, axis: Axis, frames: [Rect],
    into result: inout [Int]
  ) {
    let (low, high) = axis == .vertical ? (rect.minY, rect.maxY) : (rect.minX, rect.maxX)
    for lane in laneRange {
      lanes[lane].withUnsafeBufferPointer { entries in
        // Find the block in the summary, then the entry within the block before it (the
        // first entry whose edge passes `low` may be the last of the previous block).
        let block = summaries[lane].withUnsafeBufferPointer { summary in
          summary.partitioningIndex { $0 > low }
        }
        let start = Swift.max(0, block - 1) * Self.blockSize
        let end = Swift.max(start, Swift.min(entries.count, block * Self.blockSize + 1))
        var position = entries.partitioningIndex(in: start..<end) { $0.trailingEdge > low }
        while position < entries.count {
          let index = Int(entries[position].item)
          let frame = frames[index]
          if (axis == .vertical ? frame.minY : frame.minX) >= high { break }
          if frame.intersects(rect) { result.append(index) }
          position += 1
        }
      }
    }
  }
}
