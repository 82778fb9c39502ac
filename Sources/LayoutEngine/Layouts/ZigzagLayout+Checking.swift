extension ZigzagLayout {
  /// Each item alternates between the columns at the fixed item height, one step below
  /// the previous item.
  public func placementViolations(context: LayoutContext, items: [LayoutAttributes])
    -> [String]
  {
    let sections = LayoutInvariants.itemsBySection(items, context: context)
    var problems: [String] = []
    for items in sections {
      for (position, item) in items.enumerated() {
        let column = position % geometry.count
        if item.column != column || item.frame.minX != geometry.origins[column]
          || item.frame.height != itemHeight
        {
          problems.append(
            "\(LayoutInvariants.describe(item)) is not a zigzag item of column \(column)")
        }
        if position > 0 && item.frame.minY - items[position - 1].frame.minY != step {
          problems.append(
            "\(LayoutInvariants.describe(item)) is not one step \(step) below the previous")
        }
      }
    }
    return problems
  }
}
