extension LayoutInvariants {
  /// `items` grouped by section, for `context`'s sections (empty groups included).
  static func itemsBySection(_ items: [LayoutAttributes], context: LayoutContext)
    -> [[LayoutAttributes]]
  {
    let bySection = Dictionary(grouping: items, by: \.section)
    return context.sections.indices.map { bySection[$0] ?? [] }
  }

  static func columnWidthViolations(_ geometry: ColumnGeometry) -> [String] {
    let widths = geometry.widths
    guard let low = widths.min(), let high = widths.max(), high - low > 1 else { return [] }
    return ["column widths \(widths) differ by more than one cell"]
  }

  static func gridViolations(
    geometry: ColumnGeometry, context: LayoutContext, sections: [[LayoutAttributes]],
    measured: Bool
  ) -> [String] {
    var problems: [String] = []
    if measured { problems += columnWidthViolations(geometry) }
    for items in sections {
      var start = 0
      while start < items.count {
        let row = items[start..<Swift.min(items.count, start + geometry.count)]
        let tallest = row.map { context.measure.height(of: $0.path, width: $0.frame.width) }.max()!
        for (column, item) in row.enumerated() {
          let expectedX = geometry.origins[column]
          if item.column != column || item.frame.minX != expectedX
            || item.frame.width != geometry.widths[column]
          {
            problems.append("\(describe(item)) is not in column \(column) at x \(expectedX)")
          }
          if item.frame.minY != row.first!.frame.minY || (measured && item.frame.height != tallest)
          {
            problems.append("\(describe(item)) does not take its row's height \(tallest)")
          }
        }
        start += geometry.count
      }
    }
    return problems
  }
}
