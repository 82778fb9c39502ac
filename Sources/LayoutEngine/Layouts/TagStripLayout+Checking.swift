extension TagStripLayout {
  /// Every chip has its measured size and goes, after the spacing, to the end of the row
  /// that ends leftmost (the top one on ties), at that row's top.
  public func placementViolations(context: LayoutContext, items: [LayoutAttributes])
    -> [String]
  {
    var problems: [String] = []
    let insets = options.insets
    let inner = Swift.max(
      0, context.containerSize.width - Swift.max(0, insets.left) - Swift.max(0, insets.right))
    let spacing = Swift.max(0, options.spacing)
    let lineSpacing = Swift.max(0, options.lineSpacing)
    var nextX = Array(repeating: Swift.max(0, insets.left), count: Swift.max(1, stripRowCount))
    for item in items {
      let describe = LayoutInvariants.describe
      let size = context.measure.size(of: item.path, maxWidth: inner)
      if item.frame.size != size {
        problems.append("\(describe(item)) is not its measured size \(size)")
      }
      let best = nextX.indices.min { (nextX[$0], $0) < (nextX[$1], $1) }!
      let top = Swift.max(0, insets.top) + best * (rowHeight + lineSpacing)
      if item.row != best || item.frame.minX != nextX[best] || item.frame.minY != top {
        problems.append(
          "\(describe(item)) is not left-aligned in row \(best) at \(nextX[best]),\(top)")
      }
      nextX[best] = item.frame.maxX + spacing
    }
    return problems
  }
}
