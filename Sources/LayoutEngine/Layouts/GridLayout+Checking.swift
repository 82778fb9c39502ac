extension GridLayout {
  /// Items fill the columns row by row; rows stack with the row spacing; every cell of a
  /// row starts at the row's top and takes the height of the row's tallest measured cell.
  public func placementViolations(context: LayoutContext, items: [LayoutAttributes])
    -> [String]
  {
    LayoutInvariants.gridViolations(
      geometry: geometry, context: context, items: items, insets: options.insets,
      rowSpacing: options.rowSpacing, sectionSpacing: options.sectionSpacing,
      header: headerAttributes(forSection:), measured: true)
  }
}
