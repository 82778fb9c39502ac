extension LayoutInvariants {
  /// Violations of the rule by which the layout places items, replayed from its options.
  static func placementViolations<Layout: CollectionLayout>(
    of layout: Layout, context: LayoutContext, attributes all: [LayoutAttributes]
  ) -> [String] {
    let items = all.filter { $0.kind == .item }
    let bySection = Dictionary(grouping: items, by: \.section)
    let sections = context.sections.indices.map { bySection[$0] ?? [] }
    switch layout {
    case let masonry as MasonryLayout:
      return masonryViolations(masonry, context: context, sections: sections)
    case let grid as GridLayout:
      return gridViolations(
        geometry: grid.geometry, context: context, sections: sections, measured: true)
    case let tiles as TileLayout:
      let geometry = tiles.geometry(containerWidth: context.containerSize.width)
      var problems = gridViolations(
        geometry: geometry, context: context, sections: sections, measured: false)
      for item in items where item.frame.size != tiles.tileSize {
        problems.append("\(describe(item)) is not the tile size \(tiles.tileSize)")
      }
      if Set(geometry.widths).count > 1 { problems.append("tiles differ in width") }
      return problems
    case let zigzag as ZigzagLayout:
      return zigzagViolations(zigzag, sections: sections)
    case let tags as TagLayout:
      return tagViolations(tags, context: context, items: items)
    default:
      return []
    }
  }

  private static func columnWidthViolations(_ geometry: ColumnGeometry) -> [String] {
    let widths = geometry.widths
    guard let low = widths.min(), let high = widths.max(), high - low > 1 else { return [] }
    return ["column widths \(widths) differ by more than one cell"]
  }

  private static func masonryViolations(
    _ layout: MasonryLayout, context: LayoutContext, sections: [[LayoutAttributes]]
  ) -> [String] {
    var problems: [String] = []
    let width = context.containerSize.width
    let spacing = Swift.max(0, layout.options.itemSpacing)
    let (left, inner) = ColumnGeometry.innerWidth(
      containerWidth: width, insets: layout.options.insets)
    var top = Swift.max(0, layout.options.insets.top)
    for (section, items) in sections.enumerated() {
      let geometry = layout.geometry(forSection: section, containerWidth: width)
      problems += columnWidthViolations(geometry)
      let spec = context.sections[section]
      let header = layout.headerAttributes(forSection: section)?.frame
      let expectedHeader =
        spec.headerHeight > 0
        ? Rect(x: left, y: top, width: inner, height: spec.headerHeight) : nil
      if header != expectedHeader {
        problems.append(
          "header \(section) is \(String(describing: header)), not \(String(describing: expectedHeader))"
        )
      }
      let itemTop = top + Swift.max(0, spec.headerHeight)
      var nextY = Array(repeating: itemTop, count: geometry.count)
      var bottom = itemTop
      for (position, item) in items.enumerated() {
        guard let column = item.column, column >= 0, column < geometry.count else {
          problems.append("\(describe(item)) has column \(String(describing: item.column))")
          continue
        }
        let expectedColumn: Int
        switch layout.options.placement {
        case .shortestFirst:
          expectedColumn = nextY.indices.min { (nextY[$0], $0) < (nextY[$1], $1) }!
        case .leftToRight: expectedColumn = position % geometry.count
        case .rightToLeft: expectedColumn = geometry.count - 1 - position % geometry.count
        }
        let height = context.measure.height(of: item.path, width: geometry.widths[column])
        let expected = Rect(
          x: geometry.origins[column], y: nextY[column], width: geometry.widths[column],
          height: height)
        if column != expectedColumn {
          problems.append(
            "\(describe(item)) went to column \(column), the rule picks \(expectedColumn)")
        } else if item.frame != expected {
          problems.append("\(describe(item)) should be at [\(expected)]")
        }
        nextY[column] = item.frame.maxY + spacing
        bottom = Swift.max(bottom, item.frame.maxY)
      }
      let showsSomething = spec.headerHeight > 0 || spec.itemCount > 0
      top = bottom + (showsSomething ? Swift.max(0, layout.options.sectionSpacing) : 0)
    }
    return problems
  }

  private static func gridViolations(
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

  private static func zigzagViolations(
    _ layout: ZigzagLayout, sections: [[LayoutAttributes]]
  ) -> [String] {
    var problems: [String] = []
    for items in sections {
      for (position, item) in items.enumerated() {
        let column = position % layout.geometry.count
        if item.column != column || item.frame.minX != layout.geometry.origins[column]
          || item.frame.height != layout.itemHeight
        {
          problems.append("\(describe(item)) is not a zigzag item of column \(column)")
        }
        if position > 0 && item.frame.minY - items[position - 1].frame.minY != layout.step {
          problems.append("\(describe(item)) is not one step \(layout.step) below the previous")
        }
      }
    }
    return problems
  }

  private static func tagViolations(
    _ layout: TagLayout, context: LayoutContext, items: [LayoutAttributes]
  ) -> [String] {
    var problems: [String] = []
    let insets = layout.options.insets
    let (left, inner) = ColumnGeometry.innerWidth(
      containerWidth: context.containerSize.width, insets: insets)
    let spacing = Swift.max(0, layout.options.spacing)
    if layout.scrollAxis == .horizontal {
      let rows = layout.stripRowCount
      var nextX = Array(repeating: Swift.max(0, insets.left), count: rows)
      for item in items {
        let best = nextX.indices.min { (nextX[$0], $0) < (nextX[$1], $1) }!
        if item.row != best || item.frame.minX != nextX[best] {
          problems.append("\(describe(item)) is not left-aligned in row \(best) at \(nextX[best])")
        }
        nextX[best] = item.frame.maxX + spacing
      }
      return problems
    }
    var previous: LayoutAttributes?
    for item in items {
      let size = context.measure.size(of: item.path, maxWidth: inner)
      if item.frame.size != size {
        problems.append("\(describe(item)) is not its measured size \(size)")
      }
      if let before = previous, before.section == item.section, before.row == item.row {
        if item.frame.minX != before.frame.maxX + spacing || item.frame.minY != before.frame.minY {
          problems.append("\(describe(item)) does not follow \(describe(before))")
        }
      } else {
        if item.frame.minX != left { problems.append("\(describe(item)) starts a row off \(left)") }
        if let before = previous, before.section == item.section,
          before.frame.maxX + spacing + item.frame.width <= left + inner
        {
          problems.append("\(describe(item)) wrapped although it fits after \(describe(before))")
        }
      }
      previous = item
    }
    return problems
  }
}
