/// Sections that grow anywhere, as the sections of a board do when its cards stream in
/// out of order: each section is laid out on its own by a layout of the chosen kind (in
/// its own coordinates, its header at the top), and placed below the sections before it
/// by a tree of their heights. An item added to any section is placed by that section's
/// layout alone (masonry: O(log *C*) for its shortest column), and the sections below
/// move by changing one height in the tree (O(log *S*)); nothing is laid out again.
///
/// The result is the one the section layout gives for all the sections at once (the
/// conformance tests compare them), with the section layout's `sectionSpacing` rows below
/// every section that shows something. The section layout's insets apply to each section.
///
/// - Complexity: a query costs O(log *S* + *C*·log *N* + *K*) (the tree finds the first
///   section, each section on screen answers for itself).
public struct GroupedLayout: CollectionLayout {
  private let makeSection: () -> any CollectionLayout
  /// A section layout prepared with no items at the container's size: what the column
  /// count and widths are when there is no section yet.
  private var template: any CollectionLayout

  private var context: LayoutContext?
  /// The layouts of the sections started so far, in order; all but the last are fully
  /// prepared.
  private var sections: [any CollectionLayout] = []
  /// Each started section's height with the spacing below it: their prefix sums are the
  /// sections' tops.
  private var extents = FenwickTree()
  /// Each section's item count (every section of the context): their prefix sums are the
  /// flat indices of the sections' first items.
  private var itemCounts = FenwickTree()
  public private(set) var placedItemCount = 0

  /// - Parameters:
  ///   - makeSection: a fresh layout for one section (the kind and options chosen).
  public init(makeSection: @escaping () -> any CollectionLayout) {
    self.makeSection = makeSection
    template = makeSection()
  }

  /// The section layout's.
  public var sectionSpacing: Int { template.sectionSpacing }

  public var scrollAxis: Axis { .vertical }

  public mutating func prepare(_ context: LayoutContext, through extent: Int) {
    self.context = context
    template.prepare(
      LayoutContext(containerSize: context.containerSize, sections: [], measure: context.measure),
      through: 0)
    sections = []
    extents = FenwickTree()
    itemCounts = FenwickTree()
    for spec in context.sections { itemCounts.append(Swift.max(0, spec.itemCount)) }
    placedItemCount = 0
    prepareMore(through: extent)
  }

  public mutating func prepareMore(through extent: Int) {
    guard let context else { return }
    while true {
      if let last = sections.indices.last, !sections[last].isFullyPrepared {
        let top = extents.prefixSum(last)
        update(last) { $0.prepareMore(through: Self.local(extent, top: top)) }
        if !sections[last].isFullyPrepared { return }
      }
      let next = sections.count
      guard next < context.sections.count else { return }
      let top = extents.total
      if extent != .max && top >= extent { return }
      var layout = makeSection()
      layout.prepare(sectionContext(next, of: context), through: Self.local(extent, top: top))
      sections.append(layout)
      extents.append(0)
      placedItemCount += layout.placedItemCount
      extents.set(next, to: height(next))
      if !layout.isFullyPrepared { return }
    }
  }

  /// `extent` in the coordinates of a section starting at `top`.
  private static func local(_ extent: Int, top: Int) -> Int {
    extent == .max ? .max : Swift.max(0, extent - top)
  }

  /// Section `index` as a context of its own: one section, its items measured as theirs.
  private func sectionContext(_ index: Int, of context: LayoutContext) -> LayoutContext {
    LayoutContext(
      containerSize: context.containerSize, sections: [context.sections[index]],
      measure: context.measure.forSection(index))
  }

  /// Changes section `index`'s layout by `change`, keeping the count of items placed and
  /// the section's height in the tree.
  private mutating func update(_ index: Int, _ change: (inout any CollectionLayout) -> Void) {
    let before = sections[index].placedItemCount
    change(&sections[index])
    placedItemCount += sections[index].placedItemCount - before
    extents.set(index, to: height(index))
  }

  /// Section `index`'s height and the spacing below it.
  private func height(_ index: Int) -> Int {
    guard let context else { return 0 }
    let spec = context.sections[index]
    let shows = spec.headerHeight > 0 || spec.itemCount > 0
    return sections[index].contentSize.height + (shows ? Swift.max(0, sectionSpacing) : 0)
  }

  public var preparedExtent: Int {
    guard let context else { return 0 }
    if let last = sections.indices.last, !sections[last].isFullyPrepared {
      let extent = sections[last].preparedExtent
      return extent == .max ? .max : extents.prefixSum(last) + extent
    }
    return sections.count == context.sections.count ? .max : extents.total
  }

  /// Adds `count` items at the end of section `section`: placed by that section's layout
  /// alone when it was placed; every section below it moves by the change of its height.
  ///
  /// - Complexity: the section layout's own append, and O(log *S*).
  public mutating func appendItems(_ count: Int, toSection section: Int) {
    // The context changed in place: a copy of it would copy every section's spec (O(S) an
    // append, the whole load's time growing with the sections times the pieces).
    guard count > 0, let sectionCount = context?.sections.count, section >= 0,
      section < sectionCount
    else { return }
    context!.sections[section].itemCount += count
    itemCounts.set(section, to: Swift.max(0, context!.sections[section].itemCount))
    guard section < sections.count else { return }
    update(section) { $0.appendItems(count) }
  }

  public mutating func appendItems(_ count: Int) {
    guard count > 0, let context else { return }
    if context.sections.isEmpty {
      appendSections([SectionSpec(itemCount: count)])
    } else {
      appendItems(count, toSection: context.sections.count - 1)
    }
  }

  public mutating func appendSections(_ added: [SectionSpec]) {
    guard !added.isEmpty, context != nil else { return }
    let wasComplete = isFullyPrepared
    context!.sections += added
    for spec in added { itemCounts.append(Swift.max(0, spec.itemCount)) }
    if wasComplete { prepareMore(through: .max) }
  }

  public var contentSize: Size {
    let width = Swift.max(0, context?.containerSize.width ?? 0)
    guard let last = sections.indices.last else { return Size(width: width, height: 0) }
    return Size(
      width: width, height: extents.prefixSum(last) + sections[last].contentSize.height)
  }

  public var columnCount: Int { sections.first?.columnCount ?? template.columnCount }

  public func columnWidths(atContainerWidth containerWidth: Int) -> [Int] {
    template.columnWidths(atContainerWidth: containerWidth)
  }

  /// `attributes` of section `section`'s layout, in the whole content's coordinates.
  private func global(_ attributes: LayoutAttributes, section: Int, top: Int) -> LayoutAttributes {
    var result = attributes
    result.section = section
    result.index = itemCounts.prefixSum(section) + attributes.item
    result.frame = attributes.frame.offsetBy(dx: 0, dy: top)
    return result
  }

  public func attributes(in rect: Rect) -> [LayoutAttributes] {
    var result: [LayoutAttributes] = []
    var section = rect.minY <= 0 ? 0 : extents.index(covering: rect.minY)
    while section < sections.count {
      let top = extents.prefixSum(section)
      if top >= rect.maxY { break }
      for attributes in sections[section].attributes(in: rect.offsetBy(dx: 0, dy: -top)) {
        result.append(global(attributes, section: section, top: top))
      }
      section += 1
    }
    return result
  }

  public func attributes(forItem path: ItemPath) -> LayoutAttributes? {
    guard path.section >= 0, path.section < sections.count,
      let attributes = sections[path.section].attributes(
        forItem: ItemPath(section: 0, item: path.item))
    else { return nil }
    return global(attributes, section: path.section, top: extents.prefixSum(path.section))
  }

  public func headerAttributes(forSection section: Int) -> LayoutAttributes? {
    guard section >= 0, section < sections.count,
      let header = sections[section].headerAttributes(forSection: 0)
    else { return nil }
    return global(header, section: section, top: extents.prefixSum(section))
  }

  /// Each section's own rule, on its items in its own coordinates.
  public func placementViolations(context: LayoutContext, items: [LayoutAttributes]) -> [String] {
    var bySection: [Int: [LayoutAttributes]] = [:]
    for item in items { bySection[item.section, default: []].append(item) }
    var problems: [String] = []
    for (section, sectionItems) in bySection.sorted(by: { $0.key < $1.key })
    where section < sections.count && section < context.sections.count {
      let top = extents.prefixSum(section)
      let local = sectionItems.map { item -> LayoutAttributes in
        var local = item
        local.section = 0
        local.index = item.item
        local.frame = item.frame.offsetBy(dx: 0, dy: -top)
        return local
      }
      problems += sections[section].placementViolations(
        context: sectionContext(section, of: context), items: local
      ).map { "section \(section): \($0)" }
    }
    return problems
  }
}
