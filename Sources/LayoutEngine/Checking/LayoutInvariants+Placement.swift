extension LayoutInvariants {
  /// `items` grouped by section, for `context`'s sections (empty groups included).
  static func itemsBySection(_ items: [LayoutAttributes], context: LayoutContext)
    -> [[LayoutAttributes]]
  {
    let bySection = Dictionary(grouping: items, by: \.section)
    return context.sections.indices.map { bySection[$0] ?? [] }
  }

  /// Replays how vertically stacking layouts stack sections: each section starts at the
  /// top (the top inset, then `sectionSpacing` below the last section that showed
  /// anything), its header spans the inner width there, and its items start below the
  /// header. `section` checks one section's items from where they start and returns
  /// where the section ends.
  static func stackedSectionViolations(
    context: LayoutContext, items: [LayoutAttributes], insets: EdgeInsets, sectionSpacing: Int,
    header: (Int) -> LayoutAttributes?,
    section check: (
      _ section: Int, _ itemTop: Int, _ items: [LayoutAttributes], _ problems: inout [String]
    ) -> Int
  ) -> [String] {
    var problems: [String] = []
    let (left, inner) = ColumnGeometry.innerWidth(
      containerWidth: context.containerSize.width, insets: insets)
    var top = Swift.max(0, insets.top)
    for (section, sectionItems) in itemsBySection(items, context: context).enumerated() {
      let spec = context.sections[section]
      let headerFrame = header(section)?.frame
      let expectedHeader =
        spec.headerHeight > 0 ? Rect(x: left, y: top, width: inner, height: spec.headerHeight) : nil
      if headerFrame != expectedHeader {
        problems.append(
          "header \(section) is \(String(describing: headerFrame)), not \(String(describing: expectedHeader))"
        )
      }
      let itemTop = top + Swift.max(0, spec.headerHeight)
      let bottom = check(section, itemTop, sectionItems, &problems)
      let showsSomething = spec.headerHeight > 0 || spec.itemCount > 0
      top = bottom + (showsSomething ? Swift.max(0, sectionSpacing) : 0)
    }
    return problems
  }

  static func columnWidthViolations(_ geometry: ColumnGeometry) -> [String] {
    let widths = geometry.widths
    guard let low = widths.min(), let high = widths.max(), high - low > 1 else { return [] }
    return ["column widths \(widths) differ by more than one cell"]
  }

  /// The rule of layouts in rows of `geometry.count` cells: items fill the columns row by
  /// row; a section's first row starts where its items start, each further row
  /// `rowSpacing` below the one before; every cell of a row starts at the row's top and,
  /// when `measured`, takes the height of the row's tallest measured cell.
  static func gridViolations(
    geometry: ColumnGeometry, context: LayoutContext, items: [LayoutAttributes],
    insets: EdgeInsets, rowSpacing: Int, sectionSpacing: Int,
    header: (Int) -> LayoutAttributes?, measured: Bool
  ) -> [String] {
    var problems = measured ? columnWidthViolations(geometry) : []
    problems += stackedSectionViolations(
      context: context, items: items, insets: insets, sectionSpacing: sectionSpacing,
      header: header
    ) { _, itemTop, items, problems in
      var rowTop = itemTop
      var bottom = itemTop
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
          if item.frame.minY != rowTop {
            problems.append("\(describe(item)) does not start at its row's top \(rowTop)")
          }
          if (measured && item.frame.height != tallest)
            || item.frame.height != row.first!.frame.height
          {
            problems.append("\(describe(item)) does not take its row's height \(tallest)")
          }
        }
        bottom = rowTop + row.first!.frame.height
        rowTop = bottom + Swift.max(0, rowSpacing)
        start += geometry.count
      }
      return bottom
    }
    return problems
  }
}
