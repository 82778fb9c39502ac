/// The seed's sideways-scrolling tag strip: left-aligned chips of measured width in a
/// fixed number of rows. Each chip goes to the row that ends leftmost (the top one on
/// ties), so the rows stay even; the strip uses fewer rows when its chips fit the
/// container width with fewer, and never more than fit in the container height. Section
/// headers are not shown in a strip. A chip wider than the container is clamped to it.
public struct TagStripLayout: CollectionLayout {
  public struct Options: Hashable, Sendable {
    /// The most rows the strip may have.
    public var rows: Int
    /// Cells between two chips of a row.
    public var spacing: Int
    /// Cells between two rows.
    public var lineSpacing: Int
    public var insets: EdgeInsets
    /// Use the fewest rows (up to `rows`) whose chips fit the container width.
    public var fitsRowsToContent: Bool

    public init(
      rows: Int = 3, spacing: Int = 1, lineSpacing: Int = 0, insets: EdgeInsets = .zero,
      fitsRowsToContent: Bool = true
    ) {
      self.rows = rows
      self.spacing = spacing
      self.lineSpacing = lineSpacing
      self.insets = insets
      self.fitsRowsToContent = fitsRowsToContent
    }
  }

  /// The options; a change takes effect at the next `prepare`.
  public var options: Options
  public var scrollAxis: Axis { .horizontal }

  private var context: LayoutContext?
  private var table = SectionTable(sections: [])
  /// The rows of the strip as lanes.
  private var lanes = LaneIndex(axis: .horizontal)
  private var stripSize = Size.zero
  private var isPrepared = false
  /// The number of rows of the strip.
  public private(set) var stripRowCount = 0
  /// The height of every row (the tallest chip's).
  private(set) var rowHeight = 0

  public init(options: Options = Options()) {
    self.options = options
  }

  /// Measures every chip and deals them into the strip's rows: a strip is always prepared
  /// whole, whatever `extent` asks.
  ///
  /// - Complexity: O(*n* · *R*²) for *n* chips and at most *R* rows (each row count tried).
  public mutating func prepare(_ context: LayoutContext, through extent: Int) {
    self.context = context
    table = SectionTable(sections: context.sections)
    lanes.removeAll(axis: .horizontal)
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
    rowHeight = sizes.map(\.height).max() ?? 0
    let lineSpacing = Swift.max(0, options.lineSpacing)
    var maxRows = Swift.max(1, options.rows)
    let innerHeight =
      context.containerSize.height - Swift.max(0, insets.top) - Swift.max(0, insets.bottom)
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
    stripSize = Size(
      width: (ends.max() ?? left) + Swift.max(0, insets.right),
      height: top + rowCount * rowHeight + Swift.max(0, rowCount - 1) * lineSpacing
        + Swift.max(0, insets.bottom))
    isPrepared = true
  }

  /// Deals chips to the row that ends leftmost (the topmost on ties); returns each chip's
  /// row and where each row's last chip ends.
  static func dealt(
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

  /// A strip is prepared whole: nothing more to place.
  public mutating func prepareMore(through extent: Int) {}

  public var preparedExtent: Int { isPrepared ? .max : 0 }

  /// The strip may need another row count: all chips are dealt again.
  public mutating func appendItems(_ count: Int) {
    guard count > 0, var context else { return }
    _ = context.appendToLastSection(count)
    prepare(context, through: .max)
  }

  /// The strip is dealt again with the new sections.
  public mutating func appendSections(_ sections: [SectionSpec]) {
    guard !sections.isEmpty, var context else { return }
    context.sections.append(contentsOf: sections)
    prepare(context, through: .max)
  }

  public var contentSize: Size { stripSize }

  /// A strip has no columns: one.
  public var columnCount: Int { 1 }

  public func columnWidths(atContainerWidth containerWidth: Int) -> [Int] { [] }

  public var placedItemCount: Int { lanes.count }

  /// - Complexity: O(*R* · log *N* + *K* log *K*) for *R* rows of *N* chips.
  public func attributes(in rect: Rect) -> [LayoutAttributes] {
    guard !rect.isEmpty else { return [] }
    var items: [LayoutAttributes] = []
    items.reserveCapacity(32)
    for lane in 0..<lanes.laneCount {
      lanes.collect(lane: lane, in: rect, laneIsRow: true, into: &items)
    }
    return table.assemble(items: items, headersOf: 0..<0, in: rect)
  }

  public func attributes(forItem path: ItemPath) -> LayoutAttributes? {
    guard let index = table.flatIndex(of: path) else { return nil }
    return lanes.attributes(ofItem: index, laneIsRow: true).map(table.located)
  }

  public func headerAttributes(forSection section: Int) -> LayoutAttributes? { nil }
}
