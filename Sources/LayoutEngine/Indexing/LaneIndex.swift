/// The cache and query index of layouts whose items fall into lanes: the columns of a
/// masonry or zigzag section, or the rows of a sideways-scrolling tag strip.
///
/// Each lane stores its items' frames itself, in placement order, and both their leading
/// and their trailing edges along the scroll axis never decrease (each item is placed
/// after the previous one of its lane), so a lane is binary-searchable and a query reads
/// each lane's hits from one contiguous run of memory. Two summaries per lane, of every
/// 16th and every 256th trailing edge, make the search a small B-tree: the coarse level
/// stays in cache, so a search misses cache only within two small blocks. A flat table
/// maps each item to its lane and position.
struct LaneIndex {
  /// One placed item, in 24 bytes (a `Rect` alone takes 32): its start along the scroll
  /// axis at full width, and its length along it and its place across it in 32 bits, which
  /// hold any item's size and any terminal's width.
  struct Entry {
    var leading: Int
    var length: Int32
    var crossStart: Int32
    var crossLength: Int32
    var item: Int32

    @inline(__always)
    init(_ frame: Rect, item: Int32, vertical: Bool) {
      leading = vertical ? frame.minY : frame.minX
      length = Int32(clamping: vertical ? frame.height : frame.width)
      crossStart = Int32(clamping: vertical ? frame.minX : frame.minY)
      crossLength = Int32(clamping: vertical ? frame.width : frame.height)
      self.item = item
    }

    /// The trailing edge along the scroll axis.
    @inline(__always) var trailing: Int { leading + Int(length) }

    @inline(__always)
    func frame(vertical: Bool) -> Rect {
      vertical
        ? Rect(x: Int(crossStart), y: leading, width: Int(crossLength), height: Int(length))
        : Rect(x: leading, y: Int(crossStart), width: Int(length), height: Int(crossLength))
    }
  }

  fileprivate struct Location {
    var lane: Int32
    var position: Int32
  }

  private var lanes: [[Entry]] = []
  /// Each lane's number within its section (the column, or the strip's row): the same for
  /// all of a lane's items, so kept once per lane.
  private var laneNumbers: [Int32] = []
  private var summaries: [[Int]] = []
  /// Every `blockSize`-th entry of each summary: small enough to stay in the nearest cache.
  private var coarseSummaries: [[Int]] = []
  private var locations: [Location] = []
  /// The lanes in use; `lanes` may hold more, emptied but keeping their memory for reuse.
  private(set) var laneCount = 0
  private(set) var axis: Axis
  static let blockSize = 16

  init(axis: Axis) {
    self.axis = axis
  }

  /// Empties the index for a new `prepare`, keeping its memory: a layout re-prepares on
  /// every resize, and fresh buffers would cost a page fault per 4 KiB each time.
  mutating func removeAll(axis: Axis) {
    self.axis = axis
    for lane in 0..<laneCount {
      lanes[lane].removeAll(keepingCapacity: true)
      summaries[lane].removeAll(keepingCapacity: true)
      coarseSummaries[lane].removeAll(keepingCapacity: true)
    }
    locations.removeAll(keepingCapacity: true)
    laneCount = 0
  }

  /// The number of items placed.
  var count: Int { locations.count }

  mutating func reserveCapacity(_ capacity: Int) {
    locations.reserveGrowing(capacity)
  }

  /// Adds `count` empty lanes, each with room for `capacity` items, and returns their
  /// indices.
  mutating func addLanes(_ count: Int, capacity: Int = 0) -> Range<Int> {
    let first = laneCount
    for lane in first..<first + count where lane == lanes.count {
      lanes.append([])
      laneNumbers.append(0)
      summaries.append([])
      coarseSummaries.append([])
    }
    laneCount += count
    reserveCapacity(ofLanes: first..<laneCount, capacity)
    return first..<laneCount
  }

  /// Gives each of `lanes` room for `capacity` items in all: placing a whole section at
  /// once then never grows a lane by doubling, which would hold up to twice its items'
  /// memory (32 bytes an item, 32 MB a million) and copy it on the way. A lane that holds
  /// items already (a section a stream appends to) grows by a quarter or more
  /// (`reserveGrowing`), not by exactly what is asked each time.
  mutating func reserveCapacity(ofLanes range: Range<Int>, _ capacity: Int) {
    for lane in range {
      lanes[lane].reserveGrowing(capacity)
      summaries[lane].reserveGrowing(capacity / Self.blockSize + 1)
    }
  }

  /// Places the next item (flat index `count`) in `lane`; its frame must not end before
  /// the lane's previous item along the scroll axis.
  ///
  /// - Complexity: amortised O(1).
  mutating func append(_ frame: Rect, toLane lane: Int, laneNumber: Int) {
    withAppender { $0.append(frame, toLane: lane, laneNumber: laneNumber) }
  }

  /// Gives `body` an appender that places many items without re-checking, item by item,
  /// that the array of lanes is uniquely owned: the hot loop of `prepare`.
  mutating func withAppender<Result>(_ body: (inout Appender) -> Result) -> Result {
    let vertical = axis == .vertical
    return lanes.withUnsafeMutableBufferPointer { lanes in
      summaries.withUnsafeMutableBufferPointer { summaries in
        coarseSummaries.withUnsafeMutableBufferPointer { coarseSummaries in
          laneNumbers.withUnsafeMutableBufferPointer { laneNumbers in
            var appender = Appender(
              lanes: lanes, summaries: summaries, coarseSummaries: coarseSummaries,
              laneNumbers: laneNumbers, locations: locations, vertical: vertical)
            locations = []
            defer { locations = appender.locations }
            return body(&appender)
          }
        }
      }
    }
  }

  /// Appends items to the lanes of a `LaneIndex` inside `withAppender`.
  struct Appender {
    fileprivate let lanes: UnsafeMutableBufferPointer<[Entry]>
    fileprivate let summaries: UnsafeMutableBufferPointer<[Int]>
    fileprivate let coarseSummaries: UnsafeMutableBufferPointer<[Int]>
    fileprivate let laneNumbers: UnsafeMutableBufferPointer<Int32>
    fileprivate var locations: [Location]
    fileprivate let vertical: Bool

    /// The number of items placed.
    var count: Int { locations.count }

    @inline(__always)
    mutating func append(_ frame: Rect, toLane lane: Int, laneNumber: Int) {
      let position = lanes[lane].count
      if position % LaneIndex.blockSize == 0 {
        let edge = vertical ? frame.maxY : frame.maxX
        if position % (LaneIndex.blockSize * LaneIndex.blockSize) == 0 {
          coarseSummaries[lane].append(edge)
        }
        summaries[lane].append(edge)
      }
      laneNumbers[lane] = Int32(truncatingIfNeeded: laneNumber)
      lanes[lane].append(
        Entry(frame, item: Int32(truncatingIfNeeded: locations.count), vertical: vertical))
      locations.append(
        Location(
          lane: Int32(truncatingIfNeeded: lane), position: Int32(truncatingIfNeeded: position)))
    }
  }

  /// The frame of the last item placed.
  var lastFrame: Rect? {
    guard let location = locations.last else { return nil }
    return lanes[Int(location.lane)][Int(location.position)].frame(vertical: axis == .vertical)
  }

  /// The attributes of item `index` (column or row set by `laneIsRow`), its section and
  /// item not yet filled in; `nil` when it is not placed.
  func attributes(ofItem index: Int, laneIsRow: Bool) -> LayoutAttributes? {
    guard index >= 0, index < locations.count else { return nil }
    let location = locations[index]
    let lane = Int(location.lane)
    return attributes(of: lanes[lane][Int(location.position)], lane: lane, laneIsRow: laneIsRow)
  }

  private func attributes(of entry: Entry, lane: Int, laneIsRow: Bool) -> LayoutAttributes {
    let number = Int(laneNumbers[lane])
    return LayoutAttributes(
      section: -1, item: -1, index: Int(entry.item),
      frame: entry.frame(vertical: axis == .vertical),
      column: laneIsRow ? nil : number, row: laneIsRow ? number : nil)
  }

  /// The range one level down that can hold the first element passing a bound, given the
  /// index of the first summary element that passes it.
  @inline(__always)
  private static func candidates(following block: Int, count: Int) -> (Int, Int) {
    let start = Swift.max(0, block - 1) * blockSize
    return (start, Swift.max(start, Swift.min(count, block * blockSize + 1)))
  }

  /// Appends to `result` the attributes (section and item not yet filled in) of every item
  /// of `lane` whose frame shares a cell with `rect`.
  ///
  /// - Complexity: O(log *N* + *K*) for *N* items in the lane and *K* hits, plus the items
  ///   that overlap `rect` along the scroll axis but not across it (none for columns,
  ///   whose items all share the column's x range). The search takes log(*N*/256) steps in
  ///   the coarse summary, which stays in cache, then four in a block of the summary and
  ///   four in a block of entries.
  func collect(
    lane: Int, in rect: Rect, laneIsRow: Bool, into result: inout [LayoutAttributes]
  ) {
    let vertical = axis == .vertical
    let (low, high) = vertical ? (rect.minY, rect.maxY) : (rect.minX, rect.maxX)
    lanes[lane].withUnsafeBufferPointer { entries in
      // Narrow down from the coarse summary to a block of the summary, from that to a
      // block of entries, and within it to the first entry whose edge passes `low`. At each
      // level the answer lies in the block before the first edge that passes `low`, or is
      // that block's first element.
      let block = summaries[lane].withUnsafeBufferPointer { summary in
        let coarseBlock = coarseSummaries[lane].withUnsafeBufferPointer { coarse in
          coarse.partitioningIndex { $0 > low }
        }
        let (from, to) = Self.candidates(following: coarseBlock, count: summary.count)
        return summary.partitioningIndex(in: from..<to) { $0 > low }
      }
      let (start, end) = Self.candidates(following: block, count: entries.count)
      var position = entries.partitioningIndex(in: start..<end) { $0.trailing > low }
      while position < entries.count {
        let entry = entries[position]
        if entry.leading >= high { break }
        if entry.frame(vertical: vertical).intersects(rect) {
          result.append(attributes(of: entry, lane: lane, laneIsRow: laneIsRow))
        }
        position += 1
      }
    }
  }
}
