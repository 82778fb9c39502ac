extension TagCloudLayout {
  /// Every chip has its measured size and follows the previous chip of its row after the
  /// spacing; a row starts at the left inset, and only when its first chip did not fit
  /// after the previous row's last.
  public func placementViolations(context: LayoutContext, items: [LayoutAttributes])
    -> [String]
  {
    var problems: [String] = []
    let (left, inner) = ColumnGeometry.innerWidth(
      containerWidth: context.containerSize.width, insets: options.insets)
    let spacing = Swift.max(0, options.spacing)
    var previous: LayoutAttributes?
    for item in items {
      let describe = LayoutInvariants.describe
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
