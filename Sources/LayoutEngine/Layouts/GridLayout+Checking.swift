extension GridLayout {
  /// Items fill the columns row by row; every cell of a row starts at the row's top and
  /// takes the height of the row's tallest measured cell.
  public func placementViolations(context: LayoutContext, items: [LayoutAttributes])
    -> [String]
  {
    LayoutInvariants.gridViolations(
      geometry: geometry, context: context,
      sections: LayoutInvariants.itemsBySection(items, context: context), measured: true)
  }
}
