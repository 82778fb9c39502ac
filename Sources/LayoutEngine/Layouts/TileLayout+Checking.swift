extension TileLayout {
  /// Tiles fill the width class's columns row by row, all of one size and width, rows one
  /// spacing apart.
  public func placementViolations(context: LayoutContext, items: [LayoutAttributes])
    -> [String]
  {
    let geometry = geometry(containerWidth: context.containerSize.width)
    var problems = LayoutInvariants.gridViolations(
      geometry: geometry, context: context, items: items, insets: options.insets,
      rowSpacing: options.spacing, sectionSpacing: options.sectionSpacing,
      header: headerAttributes(forSection:), measured: false)
    for item in items where item.frame.size != tileSize {
      problems.append("\(LayoutInvariants.describe(item)) is not the tile size \(tileSize)")
    }
    if Set(geometry.widths).count > 1 { problems.append("tiles differ in width") }
    return problems
  }
}
