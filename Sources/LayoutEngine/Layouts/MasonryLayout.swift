/// The Pinterest layout: items of measured height stacked in columns, each item under the
/// previous item of the column it is given.
///
/// Placement follows `CHTCollectionViewWaterfallLayout`: `shortestFirst` puts each item in
/// the column whose bottom is highest on screen (the leftmost on ties), which keeps columns
/// balanced; `leftToRight` deals items round-robin as the seed article does;
/// `rightToLeft` deals them round-robin from the right.
public struct MasonryLayout: CollectionLayout, SectionStacking {
  public enum Placement: String, CaseIterable, Hashable, Sendable {
    case shortestFirst
    case leftToRight
    case rightToLeft
  }

  /// How many columns a section gets.
  public enum ColumnRule: Hashable, Sendable {
    /// Exactly this many (fewer only when the width cannot give each a cell).
    case fixed(Int)
    /// As many columns of at least `minimumWidth` cells as fit, at most `maximumCount`:
    /// the count follows the terminal width.
    case adaptive(minimumWidth: Int, maximumCount: Int? = nil)
  }

  public struct Options: Hashable, Sendable {
    public var columns: ColumnRule
    /// Column counts that replace `columns` for particular sections.
    public var columnsPerSection: [Int: Int]
    /// Cells between two columns.
    public var gutter: Int
    /// Cells between two items of a column.
    public var itemSpacing: Int
    /// Cells between the end of one section and the start of the next.
    public var sectionSpacing: Int
    public var insets: EdgeInsets
    public var placement: Placement

    public init(
      columns: ColumnRule = .fixed(2), columnsPerSection: [Int: Int] = [:], gutter: Int = 1,
      itemSpacing: Int = 1, sectionSpacing: Int = 1, insets: EdgeInsets = .zero,
      placement: Placement = .shortestFirst
    ) {
      self.columns = columns
      self.columnsPerSection = columnsPerSection
      self.gutter = gutter
      self.itemSpacing = itemSpacing
      self.sectionSpacing = sectionSpacing
      self.insets = insets
      self.placement = placement
    }
  }

  /// The options; a change takes effect at the next `prepare`.
  public var options: Options
  public var scrollAxis: Axis { .vertical }

  var context: LayoutContext?
  var table = SectionTable(sections: [])
  private var lanes = LaneIndex(axis: .vertical)
  private var sectionLanes: [Range<Int>] = []
  private(set) var sectionColumns: [ColumnGeometry] = []
  var progress = SectionProgress(top: 0)
  /// Where the next item of each column of the current section goes.
  private var nextY: [Int] = []
  /// The bottom edge of the current section's items so far.
  private var sectionBottom = 0

  public init(options: Options = Options()) {
    self.options = options
  }

  /// The number of columns `section` gets at `containerWidth`.
  func columnCount(forSection section: Int, containerWidth: Int) -> Int {
    if let count = options.columnsPerSection[section] { return count }
    switch options.columns {
    case .fixed(let count):
      return count
    case .adaptive(let minimumWidth, let maximumCount):
      return ColumnGeometry.adaptiveCount(
        containerWidth: containerWidth, insets: options.insets, gutter: options.gutter,
        minimumWidth: minimumWidth, maximumCount: maximumCount)
    }
  }

  /// The column geometry of `section` at `containerWidth`.
  func geometry(forSection section: Int, containerWidth: Int) -> ColumnGeometry {
    ColumnGeometry(
      containerWidth: containerWidth, insets: options.insets, gutter: options.gutter,
      count: columnCount(forSection: section, containerWidth: containerWidth))
  }

  public mutating func prepare(_ context: LayoutContext, through extent: Int) {
    self.context = context
    table = SectionTable(sections: context.sections)
    lanes.removeAll(axis: .vertical)
    if extent == .max { lanes.reserveCapacity(context.itemCount) }
    sectionLanes = []
    sectionColumns = []
    progress = SectionProgress(top: Swift.max(0, options.insets.top))
    progress.isComplete = context.sections.isEmpty
    prepareMore(through: extent)
  }

  /// - Complexity: O(*n* · *C*) for *n* newly placed items in *C* columns, plus one call of
  ///   the measure function per item (or, for a measure of runs, per block of a long
  ///   section's items and column width).
  public mutating func prepareMore(through extent: Int) {
    guard let context, !progress.isComplete else { return }
    let sections = context.sections
    let width = context.containerSize.width
    let (left, innerWidth) = ColumnGeometry.innerWidth(
      containerWidth: width, insets: options.insets)
    let spacing = Swift.max(0, options.itemSpacing)
    if extent == .max {
      // Everything is placed now: room for it at once, rather than growing by doubling.
      lanes.reserveCapacity(context.itemCount)
      if progress.sectionStarted, progress.section < sections.count {
        lanes.reserveCapacity(
          ofLanes: sectionLanes[progress.section],
          Self.laneCapacity(sections[progress.section].itemCount, lanes: nextY.count))
      }
    }
    while progress.section < sections.count {
      let section = progress.section
      let spec = sections[section]
      if !progress.sectionStarted {
        if progress.nextSectionTop >= extent { return }
        let itemTop = progress.startSection(spec, in: &table, left: left, width: innerWidth)
        let geometry = geometry(forSection: section, containerWidth: width)
        sectionColumns.append(geometry)
        sectionLanes.append(
          lanes.addLanes(
            geometry.count,
            capacity: extent == .max ? Self.laneCapacity(spec.itemCount, lanes: geometry.count) : 0
          ))
        nextY = Array(repeating: itemTop, count: geometry.count)
        sectionBottom = itemTop
      }
      let geometry = sectionColumns[section]
      let firstLane = sectionLanes[section].lowerBound
      let count = Swift.max(0, spec.itemCount)
      // The hot loop works on locals, written back below, so that each step touches no
      // more than it must.
      var item = progress.item
      var nextY = self.nextY
      var bottom = sectionBottom
      let measure = context.measure.heightFunction
      let placement = options.placement
      // Every later item starts at some column's next y, so once the shortest column
      // reaches the extent nothing still to place can intersect 0..<extent: `place`
      // answers nil then, else the item's column and top.
      @inline(__always)
      func place(_ item: Int, _ tops: UnsafeMutableBufferPointer<Int>) -> (column: Int, top: Int)? {
        let (column, lowest) = Self.column(forItem: item, tops: tops, placement: placement)
        if extent != .max, lowest >= extent { return nil }
        return (column, tops[column])
      }
      lanes.withAppender { lanes in
        nextY.withUnsafeMutableBufferPointer { tops in
          // A long run of a section, with a measure of runs: its items measured a block
          // at a time at each of the columns' widths (at most two: they differ by a cell
          // at most), the blocks growing so that a first screen measures few items past
          // it; an item the runs leave out (negative) is measured alone, at its column's
          // width only.
          if let runHeights = context.measure.runHeights, count - item >= Self.runAtLeast {
            let widths = Array(Set(geometry.widths)).sorted()
            let slotOfColumn = geometry.widths.map { widths.firstIndex(of: $0)! }
            let heights = UnsafeMutableBufferPointer<Int>.allocate(
              capacity: widths.count * Self.largestBlock)
            defer { heights.deallocate() }
            var block = Self.firstBlock
            placing: while item < count {
              if extent != .max,
                Self.column(forItem: item, tops: tops, placement: placement).lowest >= extent
              {
                break
              }
              let first = item
              let end = Swift.min(count, item + block)
              for (slot, width) in widths.enumerated() {
                runHeights(
                  section, first..<end, width,
                  UnsafeMutableBufferPointer(
                    rebasing: heights[
                      slot * Self.largestBlock..<slot * Self.largestBlock + end - first]))
              }
              while item < end {
                guard let (column, top) = place(item, tops) else { break placing }
                var height = heights[slotOfColumn[column] &* Self.largestBlock &+ item &- first]
                if height < 0 {
                  height = measure(ItemPath(section: section, item: item), geometry.widths[column])
                }
                height = ItemMeasure.clamped(height)
                let frame = Rect(
                  x: geometry.origins[column], y: top, width: geometry.widths[column],
                  height: height)
                lanes.append(frame, toLane: firstLane + column, laneNumber: column)
                tops[column] = frame.maxY + spacing
                bottom = Swift.max(bottom, frame.maxY)
                item += 1
              }
              block = Swift.min(Self.largestBlock, block * 2)
            }
            return
          }
          while item < count {
            guard let (column, top) = place(item, tops) else { break }
            let width = geometry.widths[column]
            let frame = Rect(
              x: geometry.origins[column], y: top, width: width,
              height: measure(ItemPath(section: section, item: item), width))
            lanes.append(frame, toLane: firstLane + column, laneNumber: column)
            tops[column] = frame.maxY + spacing
            bottom = Swift.max(bottom, frame.maxY)
            item += 1
          }
        }
      }
      progress.item = item
      self.nextY = nextY
      sectionBottom = bottom
      progress.contentBottom = Swift.max(progress.contentBottom, bottom)
      if item < count { return }
      progress.finishSection(
        spec, bottom: sectionBottom, spacing: options.sectionSpacing,
        sectionCount: sections.count, in: &table)
    }
  }

  /// Runs of at least this many items left in a section are measured in blocks (when the
  /// measure measures runs), of `firstBlock` items, doubling to `largestBlock`: a
  /// section's every item is measured at each column width, which a short section may not
  /// use, and a block is measured past the extent, which a first screen should not pay.
  static let runAtLeast = 64
  static let firstBlock = 16
  static let largestBlock = 512

  /// Room for a column of a section of `items` in `lanes` columns: its share and an
  /// eighth more, since the shortest column takes more of the short cards.
  private static func laneCapacity(_ items: Int, lanes: Int) -> Int {
    let share = Swift.max(0, items) / Swift.max(1, lanes)
    return share + share / 8 + 16
  }

  /// The column item number `item` of a section goes to, given where each column's next
  /// item would start (`tops`), and the lowest of those starts (for the shortest column
  /// first, the chosen column's).
  @inline(__always)
  private static func column(
    forItem item: Int, tops: UnsafeMutableBufferPointer<Int>, placement: Placement
  ) -> (column: Int, lowest: Int) {
    let count = tops.count
    var best = 0
    var lowest = tops[0]
    var column = 1
    while column < count {
      let top = tops[column]
      if top < lowest {
        best = column
        lowest = top
      }
      column &+= 1
    }
    switch placement {
    case .shortestFirst: return (best, lowest)
    case .leftToRight: return (item % count, lowest)
    case .rightToLeft: return (count - 1 - item % count, lowest)
    }
  }

  public var preparedExtent: Int {
    if progress.isComplete { return .max }
    if progress.sectionStarted { return nextY.min() ?? progress.nextSectionTop }
    return progress.nextSectionTop
  }

  public mutating func appendSections(_ sections: [SectionSpec]) {
    appendStackedSections(sections)
  }

  public mutating func appendItems(_ count: Int) { appendStackedItems(count) }

  mutating func resumeLastSection(after oldCount: Int) {
    // The reopened section's columns are still where it left them (`nextY`).
    progress.item = oldCount
  }

  public var contentSize: Size {
    Size(
      width: Swift.max(0, context?.containerSize.width ?? 0),
      height: progress.contentBottom + Swift.max(0, options.insets.bottom))
  }

  public var columnCount: Int {
    if let first = sectionColumns.first { return first.count }
    guard let context else { return 1 }
    return geometry(forSection: 0, containerWidth: context.containerSize.width).count
  }

  public func columnWidths(atContainerWidth containerWidth: Int) -> [Int] {
    geometry(forSection: 0, containerWidth: containerWidth).widths
  }

  public var sectionSpacing: Int { Swift.max(0, options.sectionSpacing) }

  public var placedItemCount: Int { lanes.count }

  /// - Complexity: O(log *S* + *C* · log *N* + *K* log *K*) for the *S* sections, the *C*
  ///   columns of each section the rectangle crosses, *N* items per column and *K* results.
  public func attributes(in rect: Rect) -> [LayoutAttributes] {
    guard !rect.isEmpty else { return [] }
    let sections = table.overlapping(rect.minY, rect.maxY)
    var items: [LayoutAttributes] = []
    items.reserveCapacity(32)
    for section in sections where section < sectionLanes.count {
      let geometry = sectionColumns[section]
      let firstLane = sectionLanes[section].lowerBound
      for column in 0..<geometry.count {
        let columnLeft = geometry.origins[column]
        if columnLeft < rect.maxX, columnLeft + geometry.widths[column] > rect.minX {
          lanes.collect(lane: firstLane + column, in: rect, laneIsRow: false, into: &items)
        }
      }
    }
    return table.assemble(items: items, headersOf: sections, in: rect)
  }

  public func attributes(forItem path: ItemPath) -> LayoutAttributes? {
    guard let index = table.flatIndex(of: path) else { return nil }
    return lanes.attributes(ofItem: index, laneIsRow: false).map(table.located)
  }

  public func headerAttributes(forSection section: Int) -> LayoutAttributes? {
    table.headerAttributes(forSection: section)
  }
}
