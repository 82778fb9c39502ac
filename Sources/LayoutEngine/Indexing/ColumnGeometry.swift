/// Where the columns of a column layout are: their left edges and widths.
///
/// The space left after insets and gutters is divided among the columns; the remainder of
/// that division is spread over the columns evenly and deterministically (Bresenham), so
/// column widths differ by at most one cell. The column count is clamped so that every
/// column is at least one cell wide when the content width allows it at all: a container
/// narrower than the gutters gets one column, never a column of negative width.
struct ColumnGeometry: Hashable, Sendable {
  private(set) var origins: [Int]
  private(set) var widths: [Int]

  var count: Int { widths.count }

  /// The width inside the horizontal insets, after clamping them to the container.
  static func innerWidth(containerWidth: Int, insets: EdgeInsets) -> (left: Int, width: Int) {
    let (left, right) = insets.clampedHorizontally(toWidth: containerWidth)
    return (left, Swift.max(0, containerWidth) - left - right)
  }

  /// The largest count not above `requested` for which every column gets a cell.
  static func clampedCount(_ requested: Int, innerWidth: Int, gutter: Int) -> Int {
    let gutter = Swift.max(0, gutter)
    let fitting = (innerWidth + gutter) / (1 + gutter)
    return Swift.max(1, Swift.min(Swift.max(1, requested), fitting))
  }

  /// The number of columns of at least `minimumWidth` cells that fit, capped at
  /// `maximumCount`; at least one.
  static func adaptiveCount(
    containerWidth: Int, insets: EdgeInsets, gutter: Int, minimumWidth: Int, maximumCount: Int?
  ) -> Int {
    let inner = innerWidth(containerWidth: containerWidth, insets: insets).width
    let gutter = Swift.max(0, gutter)
    var count = Swift.max(1, (inner + gutter) / (Swift.max(1, minimumWidth) + gutter))
    if let maximumCount { count = Swift.min(count, Swift.max(1, maximumCount)) }
    return count
  }

  /// Columns at the given left edges with the given widths.
  init(origins: [Int], widths: [Int]) {
    self.origins = origins
    self.widths = widths
  }

  init(containerWidth: Int, insets: EdgeInsets, gutter: Int, count requested: Int) {
    let (left, inner) = Self.innerWidth(containerWidth: containerWidth, insets: insets)
    let gutter = Swift.max(0, gutter)
    let count = Self.clampedCount(requested, innerWidth: inner, gutter: gutter)
    // With a single column no gutter is needed; otherwise clampedCount guarantees room.
    let available = Swift.max(0, inner - gutter * (count - 1))
    let base = available / count
    let remainder = available % count
    var origins: [Int] = []
    var widths: [Int] = []
    origins.reserveCapacity(count)
    widths.reserveCapacity(count)
    var x = left
    for column in 0..<count {
      let extra = (column + 1) * remainder / count - column * remainder / count
      origins.append(x)
      widths.append(base + extra)
      x += base + extra + gutter
    }
    self.origins = origins
    self.widths = widths
  }
}
