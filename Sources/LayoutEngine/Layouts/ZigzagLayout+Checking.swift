extension ZigzagLayout {
  /// Item *i* of a section goes to column *i* mod the column count, at the fixed item
  /// height, *i* steps below where the section's items start.
  public func placementViolations(context: LayoutContext, items: [LayoutAttributes])
    -> [String]
  {
    LayoutInvariants.stackedSectionViolations(
      context: context, items: items, insets: options.insets,
      sectionSpacing: options.sectionSpacing, header: headerAttributes(forSection:)
    ) { _, itemTop, items, problems in
      for (position, item) in items.enumerated() {
        let column = position % geometry.count
        let expected = Rect(
          x: geometry.origins[column], y: itemTop + position * step,
          width: geometry.widths[column], height: itemHeight)
        if item.column != column || item.frame != expected {
          problems.append(
            "\(LayoutInvariants.describe(item)) is not zigzag item \(position) at [\(expected)]")
        }
      }
      let count = items.count
      return itemTop + Swift.max(count * step, count > 0 ? (count - 1) * step + itemHeight : 0)
    }
  }
}
