/// The seed's staircase: items of one fixed height, item *i* one step below item *i − 1*,
/// alternating between the columns (left, right, left, … for two columns).
///
/// With the default step (the item height) the content is `count × step` tall. The step is
/// raised when needed so that items in the same column never overlap.
public struct ZigzagLayout: CollectionLayout, SectionStacking {
  public struct Options: Hashable, Sendable {
    public var columns: Int
    public var itemHeight: Int
    /// How far each item starts below the previous one; `nil` for the item height.
    public var step: Int?
    /// Cells between two columns.
    public var gutter: Int
    public var sectionSpacing: Int
    public var insets: EdgeInsets

    public init(
      columns: Int = 2, itemHeight: Int = 5, step: Int? = nil, gutter: Int = 0,
      sectionSpacing: Int = 1, insets: EdgeInsets = .zero
    ) {
      self.columns = columns
      self.itemHeight = itemHeight
      self.step = step
      self.gutter = gutter
      self.sectionSpacing = sectionSpacing
      self.insets = insets
    }
  }

  /// The options; a change takes effect at the next `prepare`.
  public var options: Options
  public var scrollAxis: Axis { .vertical }

  var context: LayoutContext?
  var table = SectionTable(sections: [])
  private var lanes = LaneIndex(axis: .vertical)
  private var sectionLanes: [Range<Int>] = []
  var progress = SectionProgress(top: 0)
  private(set) var geometry = ColumnGeometry(
    containerWidth: 0, insets: .zero, gutter: 0, count: 1)
  private var itemTop = 0

  public init(options: Options = Options()) {
    self.options = options
  }

  var itemHeight: Int { Swift.max(0, options.itemHeight) }

  /// The step actually used: the requested one, raised so that an item ends before the
  /// next item of its column starts.
  var step: Int {
    let requested = Swift.max(0, options.step ?? options.itemHeight)
    let columns = Swift.max(1, geometry.count)
    return Swift.max(requested, (itemHeight + columns - 1) / columns)
  }

  public mutating func prepare(_ context: LayoutContext, through extent: Int) {
    self.context = context
    table = SectionTable(sections: context.sections)
    lanes.removeAll(axis: .vertical)
    if extent == .max { lanes.reserveCapacity(context.itemCount) }
    sectionLanes = []
    geometry = ColumnGeometry(
      containerWidth: context.containerSize.width, insets: options.insets,
      gutter: options.gutter, count: options.columns)
    progress = SectionProgress(top: Swift.max(0, options.insets.top))
    progress.isComplete = context.sections.isEmpty
    prepareMore(through: extent)
  }

  /// - Complexity: O(*n*) for *n* newly placed items; the measure function is not called.
  public mutating func prepareMore(through extent: Int) {
    guard let context, !progress.isComplete else { return }
    let sections = context.sections
    let (left, innerWidth) = ColumnGeometry.innerWidth(
      containerWidth: context.containerSize.width, insets: options.insets)
    let (step, height, columns) = (self.step, itemHeight, geometry.count)
    while progress.section < sections.count {
      let section = progress.section
      let spec = sections[section]
      if !progress.sectionStarted {
        if progress.nextSectionTop >= extent { return }
        itemTop = progress.startSection(spec, in: &table, left: left, width: innerWidth)
        sectionLanes.append(lanes.addLanes(columns))
      }
      let firstLane = sectionLanes[section].lowerBound
      let count = Swift.max(0, spec.itemCount)
      while progress.item < count {
        let y = itemTop + progress.item * step
        if y >= extent { return }
        let column = progress.item % columns
        let frame = Rect(
          x: geometry.origins[column], y: y, width: geometry.widths[column], height: height)
        lanes.append(frame, toLane: firstLane + column, laneNumber: column)
        progress.item += 1
      }
      let bottom = itemTop + Swift.max(count * step, count > 0 ? (count - 1) * step + height : 0)
      progress.finishSection(
        spec, bottom: bottom, spacing: options.sectionSpacing, sectionCount: sections.count,
        in: &table)
    }
  }

  public var preparedExtent: Int {
    if progress.isComplete { return .max }
    return progress.sectionStarted ? itemTop + progress.item * step : progress.nextSectionTop
  }

  public mutating func appendSections(_ sections: [SectionSpec]) {
    appendStackedSections(sections)
  }

  public mutating func appendItems(_ count: Int) { appendStackedItems(count) }

  mutating func resumeLastSection(after oldCount: Int) {
    progress.item = oldCount
  }

  public var contentSize: Size {
    var bottom = progress.contentBottom
    if let last = lanes.lastFrame { bottom = Swift.max(bottom, last.maxY) }
    return Size(
      width: Swift.max(0, context?.containerSize.width ?? 0),
      height: bottom + Swift.max(0, options.insets.bottom))
  }

  public var columnCount: Int { geometry.count }

  public func columnWidths(atContainerWidth containerWidth: Int) -> [Int] {
    ColumnGeometry(
      containerWidth: containerWidth, insets: options.insets, gutter: options.gutter,
      count: options.columns
    ).widths
  }

  public var sectionSpacing: Int { Swift.max(0, options.sectionSpacing) }

  public var placedItemCount: Int { lanes.count }

  /// - Complexity: O(log *S* + *C* · log *N* + *K* log *K*).
  public func attributes(in rect: Rect) -> [LayoutAttributes] {
    guard !rect.isEmpty else { return [] }
    let sections = table.overlapping(rect.minY, rect.maxY)
    var items: [LayoutAttributes] = []
    items.reserveCapacity(32)
    for section in sections where section < sectionLanes.count {
      for lane in sectionLanes[section] {
        lanes.collect(lane: lane, in: rect, laneIsRow: false, into: &items)
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
