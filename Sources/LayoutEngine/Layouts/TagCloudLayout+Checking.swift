extension TagCloudLayout {
  /// Every chip has its measured size and follows the previous chip of its row after the
  /// spacing; a row starts at the left inset, one line spacing below the row before (a
  /// section's first row where its items start), and only when its first chip did not fit
  /// after the previous row's last.
  public func placementViolations(context: LayoutContext, items: [LayoutAttributes])
    -> [String]
  {
    let (left, inner) = ColumnGeometry.innerWidth(
      containerWidth: context.containerSize.width, insets: options.insets)
    let spacing = Swift.max(0, options.spacing)
    let lineSpacing = Swift.max(0, options.lineSpacing)
    return LayoutInvariants.stackedSectionViolations(
      context: context, items: items, insets: options.insets,
      sectionSpacing: options.sectionSpacing, header: headerAttributes(forSection:)
    ) { _, itemTop, items, problems in
      let describe = LayoutInvariants.describe
      var previous: LayoutAttributes?
      var rowTop = itemTop
      var rowBottom = itemTop
      for item in items {
        let size = context.measure.size(of: item.path, maxWidth: inner)
        if item.frame.size != size {
          problems.append("\(describe(item)) is not its measured size \(size)")
        }
        if let before = previous, before.row == item.row {
          if item.frame.minX != before.frame.maxX + spacing || item.frame.minY != rowTop {
            problems.append("\(describe(item)) does not follow \(describe(before))")
          }
        } else {
          if let before = previous {
            rowTop = rowBottom + lineSpacing
            if before.frame.maxX + spacing + item.frame.width <= left + inner {
              problems.append(
                "\(describe(item)) wrapped although it fits after \(describe(before))")
            }
          }
          rowBottom = rowTop
          if item.frame.minX != left || item.frame.minY != rowTop {
            problems.append("\(describe(item)) does not start a row at \(left),\(rowTop)")
          }
        }
        rowBottom = Swift.max(rowBottom, item.frame.maxY)
        previous = item
      }
      return rowBottom
    }
  }
}
