/// Checks that a prepared layout keeps the promises every layout makes, so that tests can
/// run it over thousands of random cases (after swift-collections' `_checkInvariants`).
///
/// The checks are written independently of the layouts' own code: a brute-force filter
/// instead of the query index, a sweep instead of the lanes, and a replay of each layout's
/// placement rule from the options alone.
public enum LayoutInvariants {
  /// Every violation found in `layout`, prepared with `context`, as one line each; empty
  /// when there is none. `queries` are checked against a brute-force filter.
  ///
  /// - Complexity: O(*n* · *a* + *q* · *n*) for *n* items, at most *a* items crossing any
  ///   horizontal line (about the column count) and *q* queries.
  public static func violations<Layout: CollectionLayout>(
    of layout: Layout, context: LayoutContext, queries: [Rect] = []
  ) -> [String] {
    var problems: [String] = []
    guard layout.isFullyPrepared else { return ["the layout is not fully prepared"] }
    let all = allAttributes(of: layout, context: context, problems: &problems)
    let content = layout.contentSize
    let containerWidth = Swift.max(0, context.containerSize.width)
    if layout.scrollAxis == .vertical && content.width != containerWidth {
      problems.append("content width \(content.width) is not the container's \(containerWidth)")
    }
    for attributes in all {
      let frame = attributes.frame
      let name = describe(attributes)
      if frame.width < 0 || frame.height < 0 { problems.append("\(name) has a negative size") }
      if frame.minX < 0 || frame.minY < 0 || frame.maxX > content.width
        || frame.maxY > content.height
      {
        problems.append(
          "\(name) at \(frame) is outside the content \(content.width)x\(content.height)")
      }
    }
    problems += overlaps(among: all, alongScrollAxis: layout.scrollAxis)
    for query in queries {
      let expected = all.filter { $0.frame.intersects(query) }
        .sorted(by: LayoutAttributes.isOrderedBefore)
      let actual = layout.attributes(in: query)
      if actual != expected {
        problems.append(
          "attributes(in: \(query)) gave \(actual.count) elements, brute force \(expected.count)"
            + firstDifference(actual, expected))
      }
    }
    problems += layout.placementViolations(
      context: context, items: all.filter { $0.kind == .item })
    return problems
  }

  /// Every item's attributes by `attributes(forItem:)`, and every header, checking that the
  /// paths and indices they report are the ones asked for.
  private static func allAttributes<Layout: CollectionLayout>(
    of layout: Layout, context: LayoutContext, problems: inout [String]
  ) -> [LayoutAttributes] {
    var all: [LayoutAttributes] = []
    var index = 0
    if layout.placedItemCount != context.itemCount {
      problems.append("placed \(layout.placedItemCount) items of \(context.itemCount)")
    }
    for (section, spec) in context.sections.enumerated() {
      if let header = layout.headerAttributes(forSection: section) {
        all.append(header)
        if header.kind != .sectionHeader || header.section != section {
          problems.append("header of section \(section) reports \(describe(header))")
        }
      }
      for item in 0..<Swift.max(0, spec.itemCount) {
        let path = ItemPath(section: section, item: item)
        guard let attributes = layout.attributes(forItem: path) else {
          problems.append("item \(path) has no attributes")
          index += 1
          continue
        }
        if attributes.path != path || attributes.index != index || attributes.kind != .item {
          problems.append("item \(path) #\(index) reports \(describe(attributes))")
        }
        all.append(attributes)
        index += 1
      }
    }
    if layout.attributes(forItem: ItemPath(section: context.sections.count, item: 0)) != nil {
      problems.append("an item past the last section has attributes")
    }
    return all
  }

  /// Pairs of elements whose frames share a cell, found by a sweep along the scroll axis:
  /// only the elements that cross the sweep line (about one per column or row) are
  /// compared with each new one.
  static func overlaps(among all: [LayoutAttributes], alongScrollAxis axis: Axis) -> [String] {
    func lead(_ rect: Rect) -> (Int, Int) {
      axis == .vertical ? (rect.minY, rect.minX) : (rect.minX, rect.minY)
    }
    func trail(_ rect: Rect) -> Int { axis == .vertical ? rect.maxY : rect.maxX }
    var problems: [String] = []
    let solid = all.filter { !$0.frame.isEmpty }.sorted { lead($0.frame) < lead($1.frame) }
    var active: [LayoutAttributes] = []
    for element in solid {
      let line = lead(element.frame).0
      active.removeAll { trail($0.frame) <= line }
      for other in active where other.frame.intersects(element.frame) {
        problems.append("\(describe(other)) overlaps \(describe(element))")
        if problems.count > 20 { return problems }
      }
      active.append(element)
    }
    return problems
  }

  package static func describe(_ attributes: LayoutAttributes) -> String {
    let what = attributes.kind == .item ? "item \(attributes.path)" : "header \(attributes.section)"
    return "\(what) [\(attributes.frame)]"
  }

  private static func firstDifference(
    _ actual: [LayoutAttributes], _ expected: [LayoutAttributes]
  ) -> String {
    for (a, e) in zip(actual, expected) where a != e {
      return ": first difference \(describe(a)) vs \(describe(e))"
    }
    return ""
  }
}
