extension TileLayout {
  /// Tiles fill the width class's columns row by row, all of one size and width.
  public func placementViolations(context: LayoutContext, items: [LayoutAttributes])
    -> [String]
  {
    let geometry = geometry(containerWidth: context.containerSize.width)
    var problems = LayoutInvariants.gridViolations(
      geometry: geometry, context: context,
      sections: LayoutInvariants.itemsBySection(items, context: context), measured: false)
    for item in items where item.frame.size != tileSize {
      problems.append("\(LayoutInvariants.describe(item)) is not the tile size \(tileSize)")
    }
    if Set(geometry.widths).count > 1 { problems.append("tiles differ in width") }
    return problems
  }
}
