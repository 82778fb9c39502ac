/// Equal tiles whose column count follows the width class, like the seed's adaptive grid:
/// few columns when the terminal is narrow ("compact"), more when it is wide ("regular").
///
/// Tiles are square to the eye at `heightRatio` 1: a terminal cell is about twice as tall
/// as it is wide, so a tile `w` cells wide is `w × heightRatio / 2` cells tall. All tiles
/// have the same width; what the division leaves over is split evenly on both sides.
public struct TileLayout: CollectionLayout {
  /// A width class: from `minimumWidth` cells of container width on, `columns` columns.
  public struct WidthClass: Hashable, Sendable {
    public var minimumWidth: Int
    public var columns: Int

    public init(minimumWidth: Int, columns: Int) {
      self.minimumWidth = minimumWidth
      self.columns = columns
    }
  }

  public struct Options: Hashable, Sendable {
    public var compact: WidthClass
    public var regular: WidthClass
    /// Tile height as a multiple of the tile's width, with cells twice as tall as wide.
    public var heightRatio: Double
    /// Cells between two tiles, across and down.
    public var spacing: Int
    public var sectionSpacing: Int
    public var insets: EdgeInsets

    public init(
      compact: WidthClass = WidthClass(minimumWidth: 0, columns: 4),
      regular: WidthClass = WidthClass(minimumWidth: 100, columns: 8), heightRatio: Double = 1,
      spacing: Int = 1, sectionSpacing: Int = 1, insets: EdgeInsets = .zero
    ) {
      self.compact = compact
      self.regular = regular
      self.heightRatio = heightRatio
      self.spacing = spacing
      self.sectionSpacing = sectionSpacing
      self.insets = insets
    }
  }

  /// The options; a change takes effect at the next `prepare`.
  public var options: Options
  public var scrollAxis: Axis { .vertical }

  private var grid = GridLayout()
  /// The size every tile gets at the current width.
  public private(set) var tileSize = Size.zero

  public init(options: Options = Options()) {
    self.options = options
  }

  /// The column count of the width class that `containerWidth` falls in.
  public func classColumns(forWidth containerWidth: Int) -> Int {
    containerWidth >= options.regular.minimumWidth
      ? options.regular.columns : options.compact.columns
  }

  /// The equal-width tile columns at `containerWidth`, centred in the inner width.
  func geometry(containerWidth: Int) -> ColumnGeometry {
    let (left, inner) = ColumnGeometry.innerWidth(
      containerWidth: containerWidth, insets: options.insets)
    let spacing = Swift.max(0, options.spacing)
    let count = ColumnGeometry.clampedCount(
      classColumns(forWidth: containerWidth), innerWidth: inner, gutter: spacing)
    let tileWidth = Swift.max(0, inner - spacing * (count - 1)) / count
    let used = tileWidth * count + spacing * (count - 1)
    let margin = Swift.max(0, inner - used) / 2
    return ColumnGeometry(
      origins: (0..<count).map { left + margin + $0 * (tileWidth + spacing) },
      widths: Array(repeating: tileWidth, count: count))
  }

  public mutating func prepare(_ context: LayoutContext, through extent: Int) {
    let geometry = geometry(containerWidth: context.containerSize.width)
    let tileWidth = geometry.widths.first ?? 0
    // Round half up without libm: the engine links nothing beyond the standard library.
    let ratio = options.heightRatio.isFinite ? Swift.min(Swift.max(0, options.heightRatio), 100) : 1
    let height = Int(Double(tileWidth) * ratio / 2 + 0.5)
    tileSize = Size(width: tileWidth, height: tileWidth > 0 ? Swift.max(1, height) : 0)
    grid = GridLayout(
      options: GridLayout.Options(
        columns: geometry.count, gutter: options.spacing, rowSpacing: options.spacing,
        sectionSpacing: options.sectionSpacing, insets: options.insets))
    grid.geometryOverride = geometry
    var tileContext = context
    tileContext.measure = .constant(height: tileSize.height)
    grid.prepare(tileContext, through: extent)
  }

  public mutating func prepareMore(through extent: Int) { grid.prepareMore(through: extent) }
  public var preparedExtent: Int { grid.preparedExtent }
  public mutating func appendItems(_ count: Int) { grid.appendItems(count) }

  public mutating func appendSections(_ sections: [SectionSpec]) { grid.appendSections(sections) }
  public var contentSize: Size { grid.contentSize }
  public var columnCount: Int { grid.columnCount }
  public func columnWidths(atContainerWidth containerWidth: Int) -> [Int] {
    geometry(containerWidth: containerWidth).widths
  }
  public var placedItemCount: Int { grid.placedItemCount }
  public var sectionSpacing: Int { Swift.max(0, options.sectionSpacing) }

  /// - Complexity: as `GridLayout.attributes(in:)`.
  public func attributes(in rect: Rect) -> [LayoutAttributes] { grid.attributes(in: rect) }

  public func attributes(forItem path: ItemPath) -> LayoutAttributes? {
    grid.attributes(forItem: path)
  }

  public func headerAttributes(forSection section: Int) -> LayoutAttributes? {
    grid.headerAttributes(forSection: section)
  }
}
