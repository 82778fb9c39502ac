extension MasonryLayout {
  /// Replays shortest-first or round-robin placement column by column, from the options:
  /// each item must sit in the column the rule picks, right under that column's previous
  /// item, at its measured height; sections stack, their headers across the inner width.
  public func placementViolations(context: LayoutContext, items: [LayoutAttributes])
    -> [String]
  {
    let width = context.containerSize.width
    let spacing = Swift.max(0, options.itemSpacing)
    return LayoutInvariants.stackedSectionViolations(
      context: context, items: items, insets: options.insets,
      sectionSpacing: options.sectionSpacing, header: headerAttributes(forSection:)
    ) { section, itemTop, items, problems in
      let describe = LayoutInvariants.describe
      let geometry = geometry(forSection: section, containerWidth: width)
      problems += LayoutInvariants.columnWidthViolations(geometry)
      var nextY = Array(repeating: itemTop, count: geometry.count)
      var bottom = itemTop
      for (position, item) in items.enumerated() {
        guard let column = item.column, column >= 0, column < geometry.count else {
          problems.append("\(describe(item)) has column \(String(describing: item.column))")
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
            "\(describe(item)) went to column \(column), the rule picks \(expectedColumn)")
        } else if item.frame != expected {
          problems.append("\(describe(item)) should be at [\(expected)]")
        }
        nextY[column] = item.frame.maxY + spacing
        bottom = Swift.max(bottom, item.frame.maxY)
      }
      return bottom
    }
  }
}
