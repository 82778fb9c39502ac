extension MasonryLayout {
  /// Replays shortest-first or round-robin placement column by column, from the options:
  /// each item must sit in the column the rule picks, right under that column's previous
  /// item, at its measured height; headers span the inner width above their section.
  public func placementViolations(context: LayoutContext, items: [LayoutAttributes])
    -> [String]
  {
    let sections = LayoutInvariants.itemsBySection(items, context: context)
    var problems: [String] = []
    let width = context.containerSize.width
    let spacing = Swift.max(0, options.itemSpacing)
    let (left, inner) = ColumnGeometry.innerWidth(
      containerWidth: width, insets: options.insets)
    var top = Swift.max(0, options.insets.top)
    for (section, items) in sections.enumerated() {
      let geometry = geometry(forSection: section, containerWidth: width)
      problems += LayoutInvariants.columnWidthViolations(geometry)
      let spec = context.sections[section]
      let header = headerAttributes(forSection: section)?.frame
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
          problems.append(
            "\(LayoutInvariants.describe(item)) has column \(String(describing: item.column))")
          continue
        }
        let expectedColumn: Int
        switch options.placement {
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
            "\(LayoutInvariants.describe(item)) went to column \(column), the rule picks \(expectedColumn)"
          )
        } else if item.frame != expected {
          problems.append("\(LayoutInvariants.describe(item)) should be at [\(expected)]")
        }
        nextY[column] = item.frame.maxY + spacing
        bottom = Swift.max(bottom, item.frame.maxY)
      }
      let showsSomething = spec.headerHeight > 0 || spec.itemCount > 0
      top = bottom + (showsSomething ? Swift.max(0, options.sectionSpacing) : 0)
    }
    return problems
  }
}
