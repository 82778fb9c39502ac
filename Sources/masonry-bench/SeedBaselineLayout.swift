import LayoutEngine

/// The seed article's method, kept only as the benchmark's baseline: items dealt
/// round-robin into columns, every attribute cached in one array, and every query a linear
/// scan of the whole cache (`for attributes in cache where frame.intersects(rect)`).
struct SeedBaselineLayout {
  let columns: Int
  let width: Int
  let gutter: Int
  let spacing: Int
  private(set) var cache: [LayoutAttributes] = []

  init(columns: Int, width: Int, gutter: Int, spacing: Int) {
    self.columns = columns
    self.width = width
    self.gutter = gutter
    self.spacing = spacing
  }

  mutating func prepare(itemCount: Int, height: (Int) -> Int) {
    // Keeps its memory across prepares, as the engine does, so both pay the same.
    cache.removeAll(keepingCapacity: true)
    cache.reserveCapacity(itemCount)
    let columnWidth = (width - gutter * (columns - 1)) / columns
    var yOffset = Array(repeating: 0, count: columns)
    var column = 0
    for item in 0..<itemCount {
      let frame = Rect(
        x: column * (columnWidth + gutter), y: yOffset[column], width: columnWidth,
        height: height(item))
      cache.append(
        LayoutAttributes(section: 0, item: item, index: item, frame: frame, column: column))
      yOffset[column] = frame.maxY + spacing
      column = column < columns - 1 ? column + 1 : 0
    }
  }

  func attributes(in rect: Rect) -> [LayoutAttributes] {
    var visible: [LayoutAttributes] = []
    for attributes in cache where attributes.frame.intersects(rect) {
      visible.append(attributes)
    }
    return visible
  }
}
