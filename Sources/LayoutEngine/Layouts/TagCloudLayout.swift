/// Left-aligned chips of measured width that wrap like text: each chip is placed right
/// after its left neighbour with a fixed spacing, not on a grid (the seed's fix for flow
/// layouts that spread chips unevenly); a chip that does not fit starts the next row, and
/// each section starts on a new row below its header. A chip wider than the container is
/// clamped to it.
public struct TagCloudLayout: CollectionLayout, SectionStacking {
  public struct Options: Hashable, Sendable {
    /// Cells between two chips of a row.
    public var spacing: Int
    /// Cells between two rows.
    public var lineSpacing: Int
    public var sectionSpacing: Int
    public var insets: EdgeInsets

    public init(
      spacing: Int = 1, lineSpacing: Int = 0, sectionSpacing: Int = 1, insets: EdgeInsets = .zero
    ) {
      self.spacing = spacing
      self.lineSpacing = lineSpacing
      self.sectionSpacing = sectionSpacing
      self.insets = insets
    }
  }

  /// The options; a change takes effect at the next `prepare`.
  public var options: Options
  public var scrollAxis: Axis { .vertical }

  var context: LayoutContext?
  var table = SectionTable(sections: [])
  /// The chips' frames by flat index.
  private var store = FlatFrames(recordsColumns: false)
  var progress = SectionProgress(top: 0)
  /// The rows of the cloud and where the next chip goes.
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
    progress.isComplete = context.sections.isEmpty
    prepareMore(through: extent)
  }

  /// - Complexity: O(*n*) for *n* newly placed chips, one measure call each.
  public mutating func prepareMore(through extent: Int) {
    guard let context, !progress.isComplete else { return }
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

  public var preparedExtent: Int {
    if progress.isComplete { return .max }
    if !progress.sectionStarted { return progress.nextSectionTop }
    // Chips still to place go to the open row or below it.
    return stoppedAtRowTop ?? rowTop
  }

  public mutating func appendSections(_ sections: [SectionSpec]) {
    appendStackedSections(sections)
  }

  public mutating func appendItems(_ count: Int) { appendStackedItems(count) }

  mutating func resumeLastSection(after oldCount: Int) {
    progress.item = oldCount
    // Continue in the last row of the section, as if it had not been finished.
    rowIsOpen = rows.count > rowsBeforeSection
    rowTop = rowIsOpen ? rows.last!.top : sectionItemTop
  }

  public var contentSize: Size {
    Size(
      width: Swift.max(0, context?.containerSize.width ?? 0),
      height: progress.contentBottom + Swift.max(0, options.insets.bottom))
  }

  /// Tags have no columns: one.
  public var columnCount: Int { 1 }

  public func columnWidths(atContainerWidth containerWidth: Int) -> [Int] { [] }

  public var sectionSpacing: Int { Swift.max(0, options.sectionSpacing) }

  public var placedItemCount: Int { store.count }

  /// - Complexity: O(log *R* + *V* · log *W* + *K* log *K*) for *R* rows, *V* rows crossing
  ///   the rectangle and *W* chips per row.
  public func attributes(in rect: Rect) -> [LayoutAttributes] {
    guard !rect.isEmpty else { return [] }
    var items: [LayoutAttributes] = []
    items.reserveCapacity(32)
    rows.collect(in: rect, store: store, into: &items)
    return table.assemble(
      items: items, headersOf: table.overlapping(rect.minY, rect.maxY), in: rect)
  }

  public func attributes(forItem path: ItemPath) -> LayoutAttributes? {
    guard let index = table.flatIndex(of: path) else { return nil }
    return index < store.count ? table.located(store.attributes(ofItem: index)) : nil
  }

  public func headerAttributes(forSection section: Int) -> LayoutAttributes? {
    table.headerAttributes(forSection: section)
  }
}
