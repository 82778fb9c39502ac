/// The seed's staircase: items of one fixed height, item *i* one step below item *i − 1*,
/// alternating between the columns (left, right, left, … for two columns).
///
/// With the default step (the item height) the content is `count × step` tall. The step is
/// raised when needed so that items in the same column never overlap.
public struct ZigzagLayout: CollectionLayout {
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

  private var context: LayoutContext?
  private var placed = PlacedItems(sections: [], recordsColumns: true, recordsRows: false)
  private var lanes = LaneIndex()
  private var sectionLanes: [Range<Int>] = []
  private var progress = SectionProgress(top: 0)
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
    placed = PlacedItems(sections: context.sections, recordsColumns: true, recordsRows: false)
    if extent == .max { placed.reserveCapacity(context.itemCount) }
    lanes = LaneIndex()
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
        itemTop = progress.startSection(spec, in: &placed, left: left, width: innerWidth)
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
        lanes.append(item: placed.count, trailingEdge: frame.maxY, toLane: firstLane + column)
        placed.append(frame, column: column)
        progress.item += 1
      }
      let bottom = itemTop + Swift.max(count * step, count > 0 ? (count - 1) * step + height : 0)
      progress.finishSection(
        spec, bottom: bottom, spacing: options.sectionSpacing, sectionCount: sections.count,
        in: &placed)
    }
  }

  public var preparedExtent: Int {
    if progress.isComplete { return .max }
    return progress.sectionStarted ? itemTop + progress.item * step : progress.nextSectionTop
  }

  public mutating func appendItems(_ count: Int) {
    guard count > 0, var context else { return }
    if context.sections.isEmpty { context.sections.append(SectionSpec(itemCount: 0)) }
    let last = context.sections.count - 1
    let oldCount = Swift.max(0, context.sections[last].itemCount)
    context.sections[last].itemCount = oldCount + count
    self.context = context
    placed.updateSectionsAfterAppend(context.sections)
    guard progress.isComplete else { return }
    if placed.startedSectionCount == context.sections.count {
      placed.reopenLastSection()
      progress.reopenLastSection(sectionCount: context.sections.count, resumingAt: oldCount)
    } else {
      progress.isComplete = false
    }
    prepareMore(through: .max)
  }

  public var contentSize: Size {
    var bottom = progress.contentBottom
    if let last = placed.frames.last { bottom = Swift.max(bottom, last.maxY) }
    return Size(
      width: Swift.max(0, context?.containerSize.width ?? 0),
      height: bottom + Swift.max(0, options.insets.bottom))
  }

  public var columnCount: Int { geometry.count }

  public var placedItemCount: Int { placed.count }

  /// - Complexity: O(log *S* + *C* · log *N* + *K* log *K*).
  public func attributes(in rect: Rect) -> [LayoutAttributes] {
    guard !rect.isEmpty else { return [] }
    let sections = placed.sections(overlapping: rect.minY, rect.maxY)
    var indices: [Int] = []
    indices.reserveCapacity(64)
    for section in sections where section < sectionLanes.count {
      lanes.collect(
        lanes: sectionLanes[section], in: rect, axis: .vertical, frames: placed.frames,
        into: &indices)
    }
    return placed.attributes(headersOf: sections, in: rect, items: indices)
  }

  public func attributes(forItem path: ItemPath) -> LayoutAttributes? {
    placed.attributes(forItem: path)
  }

  public func headerAttributes(forSection section: Int) -> LayoutAttributes? {
    placed.headerAttributes(forSection: section)
  }
}
