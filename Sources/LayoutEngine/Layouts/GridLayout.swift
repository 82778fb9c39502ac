/// A grid with a fixed number of columns in which every cell of a row takes the height of
/// the row's tallest cell (the seed's three-per-row grid).
///
/// Each item is measured exactly once per `prepare`, at the width of its column; the
/// measured heights are kept, so re-placing the unfinished last row after an append does
/// not measure again.
public struct GridLayout: CollectionLayout, SectionStacking {
  public struct Options: Hashable, Sendable {
    public var columns: Int
    /// Cells between two columns.
    public var gutter: Int
    /// Cells between two rows.
    public var rowSpacing: Int
    /// Cells between the end of one section and the start of the next.
    public var sectionSpacing: Int
    public var insets: EdgeInsets

    public init(
      columns: Int = 3, gutter: Int = 1, rowSpacing: Int = 0, sectionSpacing: Int = 1,
      insets: EdgeInsets = .zero
    ) {
      self.columns = columns
      self.gutter = gutter
      self.rowSpacing = rowSpacing
      self.sectionSpacing = sectionSpacing
      self.insets = insets
    }
  }

  /// The options; a change takes effect at the next `prepare`.
  public var options: Options
  public var scrollAxis: Axis { .vertical }

  /// When set, every column gets this geometry instead of one spread from `options` (the
  /// tile layout uses it for equal, centred tiles).
  var geometryOverride: ColumnGeometry?

  var context: LayoutContext?
  var table = SectionTable(sections: [])
  private var store = FlatFrames(recordsColumns: true)
  private var rows = RowIndex()
  var progress = SectionProgress(top: 0)
  private(set) var geometry = ColumnGeometry(
    containerWidth: 0, insets: .zero, gutter: 0, count: 1)
  /// The measured height of every item placed so far, by flat index.
  private var measuredHeights: [Int] = []
  /// The top of the next row of the current section, and that row's number in it.
  private var nextRowTop = 0
  private var nextRowNumber = 0
  private var sectionBottom = 0

  public init(options: Options = Options()) {
    self.options = options
  }

  public mutating func prepare(_ context: LayoutContext, through extent: Int) {
    self.context = context
    table = SectionTable(sections: context.sections)
    store.removeAll()
    if extent == .max { store.reserveCapacity(context.itemCount) }
    rows.removeAll()
    measuredHeights.removeAll(keepingCapacity: true)
    geometry =
      geometryOverride
      ?? ColumnGeometry(
        containerWidth: context.containerSize.width, insets: options.insets,
        gutter: options.gutter, count: options.columns)
    progress = SectionProgress(top: Swift.max(0, options.insets.top))
    progress.isComplete = context.sections.isEmpty
    prepareMore(through: extent)
  }

  /// - Complexity: O(*n*) for *n* newly placed items, plus one call of the measure function
  ///   per item.
  public mutating func prepareMore(through extent: Int) {
    guard let context, !progress.isComplete else { return }
    let sections = context.sections
    let (left, innerWidth) = ColumnGeometry.innerWidth(
      containerWidth: context.containerSize.width, insets: options.insets)
    let columnCount = geometry.count
    while progress.section < sections.count {
      let section = progress.section
      let spec = sections[section]
      if !progress.sectionStarted {
        if progress.nextSectionTop >= extent { return }
        nextRowTop = progress.startSection(spec, in: &table, left: left, width: innerWidth)
        sectionBottom = nextRowTop
        nextRowNumber = 0
      }
      let count = Swift.max(0, spec.itemCount)
      while progress.item < count {
        if nextRowTop >= extent { return }
        let first = store.count
        let cells = Swift.min(columnCount, count - progress.item)
        var rowHeight = 0
        for column in 0..<cells {
          let index = first + column
          if index == measuredHeights.count {
            let path = ItemPath(section: section, item: progress.item + column)
            measuredHeights.append(
              context.measure.height(of: path, width: geometry.widths[column]))
          }
          rowHeight = Swift.max(rowHeight, measuredHeights[index])
        }
        for column in 0..<cells {
          store.append(
            Rect(
              x: geometry.origins[column], y: nextRowTop, width: geometry.widths[column],
              height: rowHeight),
            column: column, row: nextRowNumber)
        }
        rows.append(
          RowIndex.Row(
            top: nextRowTop, bottom: nextRowTop + rowHeight, items: first..<first + cells))
        sectionBottom = nextRowTop + rowHeight
        progress.contentBottom = Swift.max(progress.contentBottom, sectionBottom)
        nextRowTop = sectionBottom + Swift.max(0, options.rowSpacing)
        nextRowNumber += 1
        progress.item += cells
      }
      progress.finishSection(
        spec, bottom: sectionBottom, spacing: options.sectionSpacing,
        sectionCount: sections.count, in: &table)
    }
  }

  public var preparedExtent: Int {
    if progress.isComplete { return .max }
    return progress.sectionStarted ? nextRowTop : progress.nextSectionTop
  }

  public mutating func appendSections(_ sections: [SectionSpec]) {
    appendStackedSections(sections)
  }

  public mutating func appendItems(_ count: Int) { appendStackedItems(count) }

  mutating func resumeLastSection(after oldCount: Int) {
    progress.item = oldCount
    // An unfinished last row takes the new items too, and its height may change: forget
    // its frames (not its measured heights) and place it again.
    if oldCount % geometry.count != 0, let row = rows.last {
      rows.removeLast()
      store.truncate(to: row.items.lowerBound)
      progress.item = oldCount - row.items.count
      nextRowTop = row.top
      nextRowNumber -= 1
      // Placing the row again sets the section's bottom to the row's new bottom.
      sectionBottom = row.top
    }
  }

  public var contentSize: Size {
    Size(
      width: Swift.max(0, context?.containerSize.width ?? 0),
      height: progress.contentBottom + Swift.max(0, options.insets.bottom))
  }

  public var columnCount: Int { geometry.count }

  public func columnWidths(atContainerWidth containerWidth: Int) -> [Int] {
    if let geometryOverride { return geometryOverride.widths }
    return ColumnGeometry(
      containerWidth: containerWidth, insets: options.insets, gutter: options.gutter,
      count: options.columns
    ).widths
  }

  public var sectionSpacing: Int { Swift.max(0, options.sectionSpacing) }

  public var placedItemCount: Int { store.count }

  /// - Complexity: O(log *R* + *V* · log *C* + *K* log *K*) for *R* rows, *V* rows crossing
  ///   the rectangle, *C* columns and *K* results.
  public func attributes(in rect: Rect) -> [LayoutAttributes] {
    guard !rect.isEmpty else { return [] }
    var items: [LayoutAttributes] = []
    items.reserveCapacity(32)
    rows.collect(in: rect, store: store, into: &items)
    return table.assemble(
      items: items, headersOf: table.overlapping(rect.minY, rect.maxY), in: rect)
  }

  public func attributes(forItem path: ItemPath) -> LayoutAttributes? {
    guard let index = table.flatIndex(of: path), index < store.count else { return nil }
    return table.located(store.attributes(ofItem: index))
  }

  public func headerAttributes(forSection section: Int) -> LayoutAttributes? {
    table.headerAttributes(forSection: section)
  }
}
