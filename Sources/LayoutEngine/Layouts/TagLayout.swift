/// Left-aligned chips of measured width: each chip is placed right after its left
/// neighbour with a fixed spacing, not on a grid (the seed's fix for flow layouts that
/// spread chips unevenly). A chip wider than the container is clamped to it.
///
/// - `vertical`: a wrapping tag cloud; a chip that does not fit starts the next row, and
///   each section starts on a new row below its header.
/// - `horizontal(rows:)`: the seed's sideways-scrolling strip with a fixed number of rows.
///   Each chip goes to the row that ends leftmost (the top one on ties), so the rows stay
///   even; the strip uses fewer rows when its chips fit the container width with fewer, and
///   never more than fit in the container height. Section headers are not shown in a strip.
public struct TagLayout: CollectionLayout {
  public enum Mode: Hashable, Sendable {
    case vertical
    case horizontal(rows: Int)
  }

  public struct Options: Hashable, Sendable {
    public var mode: Mode
    /// Cells between two chips of a row.
    public var spacing: Int
    /// Cells between two rows.
    public var lineSpacing: Int
    public var sectionSpacing: Int
    public var insets: EdgeInsets
    /// In a strip, use the fewest rows (up to `rows`) whose chips fit the container width.
    public var fitsRowsToContent: Bool

    public init(
      mode: Mode = .vertical, spacing: Int = 1, lineSpacing: Int = 0, sectionSpacing: Int = 1,
      insets: EdgeInsets = .zero, fitsRowsToContent: Bool = true
    ) {
      self.mode = mode
      self.spacing = spacing
      self.lineSpacing = lineSpacing
      self.sectionSpacing = sectionSpacing
      self.insets = insets
      self.fitsRowsToContent = fitsRowsToContent
    }
  }

  /// The options; a change takes effect at the next `prepare`.
  public var options: Options
  public var scrollAxis: Axis {
    if case .horizontal = options.mode { return .horizontal }
    return .vertical
  }

  private var context: LayoutContext?
  private var table = SectionTable(sections: [])
  // Vertical mode: the chips' frames by flat index.
  private var store = FlatFrames(recordsColumns: false)
  private var progress = SectionProgress(top: 0)
  // Vertical mode: the rows of the cloud and where the next chip goes.
  private var rows = RowIndex()
  private var nextX = 0
  private var rowTop = 0
  private var rowNumber = -1
  private var rowIsOpen = false
  /// Where the next chip goes when preparation stopped because it needs a new row.
  private var stoppedAtRowTop: Int?
  /// Where the items of the section being placed start, and how many rows came before it.
  private var sectionItemTop = 0
  private var rowsBeforeSection = 0
  // Horizontal mode: the rows of the strip as lanes, and its extent.
  private var lanes = LaneIndex(axis: .horizontal)
  private var stripSize = Size.zero
  /// The number of rows of the strip.
  public private(set) var stripRowCount = 0

  public init(options: Options = Options()) {
    self.options = options
  }

  public mutating func prepare(_ context: LayoutContext, through extent: Int) {
    self.context = context
    table = SectionTable(sections: context.sections)
    store.removeAll()
    progress = SectionProgress(top: Swift.max(0, options.insets.top))
    rows.removeAll()
    rowIsOpen = false
    stoppedAtRowTop = nil
    lanes.removeAll(axis: .horizontal)
    if case .horizontal(let rowLimit) = options.mode {
      prepareStrip(context, rowLimit: rowLimit)
    } else {
      progress.isComplete = context.sections.isEmpty
      prepareMore(through: extent)
    }
  }

  /// Vertical mode: O(*n*) for *n* newly placed chips, one measure call each. A strip is
  /// always prepared whole in `prepare`.
  public mutating func prepareMore(through extent: Int) {
    guard let context, !progress.isComplete, scrollAxis == .vertical else { return }
    let sections = context.sections
    let (left, innerWidth) = ColumnGeometry.innerWidth(
      containerWidth: context.containerSize.width, insets: options.insets)
    let (spacing, lineSpacing) = (Swift.max(0, options.spacing), Swift.max(0, options.lineSpacing))
    while progress.section < sections.count {
      let section = progress.section
      let spec = sections[section]
      if !progress.sectionStarted {
        if progress.nextSectionTop >= extent { return }
        rowTop = progress.startSection(spec, in: &table, left: left, width: innerWidth)
        sectionItemTop = rowTop
        rowsBeforeSection = rows.count
        rowIsOpen = false
        rowNumber = -1
      }
      let count = Swift.max(0, spec.itemCount)
      while progress.item < count {
        let size = context.measure.size(
          of: ItemPath(section: section, item: progress.item), maxWidth: innerWidth)
        let fits = nextX == left || nextX + size.width <= left + innerWidth
        if !rowIsOpen || !fits {
          let top = rowIsOpen ? rows.last!.bottom + lineSpacing : rowTop
          // Chips still to place start at or below `top`, so nothing above is missing.
          if top >= extent {
            stoppedAtRowTop = top
            return
          }
          stoppedAtRowTop = nil
          rowTop = top
          rowNumber += 1
          rows.append(RowIndex.Row(top: top, bottom: top, items: store.count..<store.count))
          rowIsOpen = true
          nextX = left
        }
        let frame = Rect(x: nextX, y: rowTop, width: size.width, height: size.height)
        store.append(frame, column: 0, row: rowNumber)
        rows.extendLastRow(toBottom: frame.maxY)
        progress.contentBottom = Swift.max(progress.contentBottom, frame.maxY)
        nextX = frame.maxX + spacing
        progress.item += 1
      }
      let bottom = rowIsOpen ? rows.last!.bottom : rowTop
      progress.finishSection(
        spec, bottom: bottom, spacing: options.sectionSpacing, sectionCount: sections.count,
        in: &table)
      rowTop = progress.nextSectionTop
      rowIsOpen = false
    }
  }

  /// Measures every chip and deals them into the strip's rows.
  ///
  /// - Complexity: O(*n* · *R*²) for *n* chips and at most *R* rows (each row count tried).
  private mutating func prepareStrip(_ context: LayoutContext, rowLimit: Int) {
    let insets = options.insets
    let inner = Swift.max(
      0, context.containerSize.width - Swift.max(0, insets.left) - Swift.max(0, insets.right))
    var sizes: [Size] = []
    sizes.reserveCapacity(context.itemCount)
    for (section, spec) in context.sections.enumerated() {
      table.begin(top: 0, header: nil)
      for item in 0..<Swift.max(0, spec.itemCount) {
        sizes.append(
          context.measure.size(of: ItemPath(section: section, item: item), maxWidth: inner))
      }
      table.end(bottom: 0)
    }
    let rowHeight = sizes.map(\.height).max() ?? 0
    let lineSpacing = Swift.max(0, options.lineSpacing)
    var maxRows = Swift.max(1, rowLimit)
    let innerHeight =
      context.containerSize.height - Swift.max(0, insets.top)
      - Swift.max(0, insets.bottom)
    if context.containerSize.height > 0, rowHeight > 0 {
      maxRows = Swift.min(
        maxRows, Swift.max(1, (innerHeight + lineSpacing) / (rowHeight + lineSpacing)))
    }
    maxRows = Swift.min(maxRows, Swift.max(1, sizes.count))
    var rowCount = maxRows
    if options.fitsRowsToContent {
      for candidate in 1..<maxRows + 1 {
        let ends = Self.dealt(sizes, rows: candidate, left: 0, spacing: options.spacing).ends
        if (ends.max() ?? 0) <= inner {
          rowCount = candidate
          break
        }
      }
    }
    let left = Swift.max(0, insets.left)
    let (rowOfChip, ends) = Self.dealt(sizes, rows: rowCount, left: left, spacing: options.spacing)
    let top = Swift.max(0, insets.top)
    lanes.removeAll(axis: .horizontal)
    _ = lanes.addLanes(rowCount, capacity: sizes.count / rowCount + 1)
    var x = Array(repeating: left, count: rowCount)
    for (index, size) in sizes.enumerated() {
      let row = rowOfChip[index]
      let frame = Rect(
        x: x[row], y: top + row * (rowHeight + lineSpacing), width: size.width,
        height: size.height)
      lanes.append(frame, toLane: row, laneNumber: row)
      x[row] = frame.maxX + Swift.max(0, options.spacing)
    }
    stripRowCount = rowCount
    let contentRight = (ends.max() ?? left)
    stripSize = Size(
      width: contentRight + Swift.max(0, insets.right),
      height: top + rowCount * rowHeight + Swift.max(0, rowCount - 1) * lineSpacing
        + Swift.max(0, insets.bottom))
    progress.isComplete = true
  }

  /// Deals chips to the row that ends leftmost (the topmost on ties); returns each chip's
  /// row and where each row's last chip ends.
  private static func dealt(
    _ sizes: [Size], rows: Int, left: Int, spacing: Int
  ) -> (rowOfChip: [Int], ends: [Int]) {
    let spacing = Swift.max(0, spacing)
    var nextX = Array(repeating: left, count: rows)
    var ends = Array(repeating: left, count: rows)
    var rowOfChip: [Int] = []
    rowOfChip.reserveCapacity(sizes.count)
    for size in sizes {
      var best = 0
      for row in 1..<rows where nextX[row] < nextX[best] { best = row }
      rowOfChip.append(best)
      ends[best] = nextX[best] + size.width
      nextX[best] = ends[best] + spacing
    }
    return (rowOfChip, ends)
  }

  public var preparedExtent: Int {
    if progress.isComplete { return .max }
    if !progress.sectionStarted { return progress.nextSectionTop }
    // Chips still to place go to the open row or below it.
    return stoppedAtRowTop ?? rowTop
  }

  public mutating func appendItems(_ count: Int) {
    guard count > 0, var context else { return }
    let oldCount = context.appendToLastSection(count)
    if scrollAxis == .horizontal {
      // The strip may need another row count: deal all chips again.
      prepare(context, through: .max)
      return
    }
    self.context = context
    table.updateItemCounts(context.sections)
    guard progress.resumeAfterAppend(table: &table, sectionCount: context.sections.count) else {
      return
    }
    if progress.sectionStarted {
      progress.item = oldCount
      // Continue in the last row of the section, as if it had not been finished.
      rowIsOpen = rows.count > rowsBeforeSection
      rowTop = rowIsOpen ? rows.last!.top : sectionItemTop
    }
    prepareMore(through: .max)
  }

  public var contentSize: Size {
    if scrollAxis == .horizontal { return stripSize }
    return Size(
      width: Swift.max(0, context?.containerSize.width ?? 0),
      height: progress.contentBottom + Swift.max(0, options.insets.bottom))
  }

  /// Tags have no columns: one.
  public var columnCount: Int { 1 }

  public var placedItemCount: Int {
    scrollAxis == .horizontal ? lanes.count : store.count
  }

  /// - Complexity: vertical, O(log *R* + *V* · log *W* + *K* log *K*) for *R* rows, *V*
  ///   rows crossing the rectangle and *W* chips per row; horizontal,
  ///   O(*R* · log *N* + *K* log *K*).
  public func attributes(in rect: Rect) -> [LayoutAttributes] {
    guard !rect.isEmpty else { return [] }
    var items: [LayoutAttributes] = []
    items.reserveCapacity(32)
    if scrollAxis == .horizontal {
      for lane in 0..<lanes.laneCount {
        lanes.collect(lane: lane, in: rect, laneIsRow: true, into: &items)
      }
      return table.assemble(items: items, headersOf: 0..<0, in: rect)
    }
    rows.collect(in: rect, store: store, into: &items)
    return table.assemble(
      items: items, headersOf: table.overlapping(rect.minY, rect.maxY), in: rect)
  }

  public func attributes(forItem path: ItemPath) -> LayoutAttributes? {
    guard let index = table.flatIndex(of: path) else { return nil }
    if scrollAxis == .horizontal {
      return lanes.attributes(ofItem: index, laneIsRow: true).map(table.located)
    }
    return index < store.count ? table.located(store.attributes(ofItem: index)) : nil
  }

  public func headerAttributes(forSection section: Int) -> LayoutAttributes? {
    table.headerAttributes(forSection: section)
  }
}
