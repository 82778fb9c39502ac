import CardLayouts
import Cards
import LayoutEngine
import TestSupport
import Testing

/// Every layout of the catalogue goes through the same contract (`LayoutConformance`):
/// random and degenerate problems, prepared at once, lazily and streamed, checked by the
/// invariant checker and the layout's own placement rule. A kind registered in the
/// catalogue is checked by the same tests, unasked: `aRegisteredLayoutIsCheckedToo`
/// registers a throwaway one, correct and broken.
@Suite struct CatalogConformanceTests {
  /// Options for `kind` chosen at random, as a person could set them on the command line.
  static func randomOptions(for kind: LayoutKind, using random: inout SeededGenerator)
    -> LayoutOptions
  {
    var options = LayoutOptions()
    options.kind = kind
    if Bool.random(using: &random) { options.columns = Int.random(in: 1...9, using: &random) }
    options.minimumColumnWidth = Int.random(in: 1...60, using: &random)
    options.placement = MasonryLayout.Placement.allCases.randomElement(using: &random)!
    options.gutter = Int.random(in: 0...3, using: &random)
    options.zigzagItemHeight = Int.random(in: 1...12, using: &random)
    return options
  }

  /// The contract over `catalog`: each kind's violations, by name.
  static func violations(in catalog: LayoutCatalog, cases: Int) -> [String: [String]] {
    var result: [String: [String]] = [:]
    for (offset, kind) in catalog.kinds.enumerated() {
      result[kind.name] = LayoutConformance.violations(
        cases: cases, seed: 70_000 + UInt64(offset) * 10_000
      ) { random in kind.makeLayout(randomOptions(for: kind, using: &random)) }
    }
    return result
  }

  /// 800 random problems per layout of the catalogue (4,000 for the five).
  @Test(.slow, arguments: LayoutCatalog.standard.kinds)
  func everyKindKeepsTheContract(kind: LayoutKind) {
    let found = Self.violations(in: LayoutCatalog(checked: [kind])!, cases: 800)[kind.name]!
    #expect(found.isEmpty, "\(kind): \(found.prefix(3))")
  }

  /// Sections that grow anywhere (`GroupedLayout` over each kind): the same frames as
  /// the kind laying out the sections at once, prepared at once, lazily, and with the
  /// cards streaming into the sections in random interleavings, the invariants holding
  /// at every step; 300 problems per kind.
  @Test(.slow, arguments: LayoutCatalog.standard.kinds)
  func everyKindGroupedKeepsTheContract(kind: LayoutKind) {
    let found = LayoutConformance.groupedViolations(cases: 300, seed: 91_000) { random in
      kind.makeLayout(Self.randomOptions(for: kind, using: &random))
    }
    #expect(found.isEmpty, "\(kind): \(found.prefix(3))")
  }

  @Test func aRegisteredLayoutIsCheckedToo() throws {
    let list = LayoutKind(name: "list", key: "9", summary: "one card a row") { _ in
      ListLayout()
    }
    let catalog = try #require(LayoutCatalog.standard.registering(list))
    let checked = Self.violations(in: catalog, cases: 60)
    #expect(checked.keys.contains("list"), "the sixth layout is visited")
    #expect(checked["list"] == [], "and keeps the contract")

    let broken = LayoutKind(name: "broken", key: "8", summary: "") { _ in
      ListLayout(overlaps: true)
    }
    let found = Self.violations(
      in: try #require(LayoutCatalog.standard.registering(broken)), cases: 60)["broken"]!
    #expect(
      found.contains { $0.contains("overlap") }, "a broken layout is caught: \(found.prefix(2))")
    #expect(LayoutCatalog.standard.registering(ListLayoutKinds.taken) == nil, "names are unique")
  }

  /// The sample at many widths, with and without a fixed column count.
  @Test(arguments: LayoutCatalog.standard.kinds)
  func theSampleAtEveryWidth(kind: LayoutKind) {
    let sample = BundledSample.collection()
    let measurer = CardMeasurer(store: sample.cards)
    for columns in [nil, 1, 3] as [Int?] {
      var options = LayoutOptions()
      options.kind = kind
      options.columns = columns
      for width in stride(from: 1, through: 301, by: 6) {
        var layout = options.makeLayout()
        let context = options.context(
          for: sample, measurer: measurer, size: Size(width: width, height: 40))
        layout.prepare(context)
        let queries = [
          Rect(x: 0, y: 0, width: width, height: 40), Rect(x: 0, y: 37, width: width, height: 11),
        ]
        let violations = LayoutInvariants.violations(
          of: layout, context: context, queries: queries)
        #expect(
          violations.isEmpty,
          "\(kind) columns \(String(describing: columns)) width \(width): \(violations.prefix(2))")
      }
    }
  }
}

enum ListLayoutKinds {
  /// A kind whose name is the masonry's: a catalogue refuses it.
  static let taken = LayoutKind(name: "masonry", key: "7", summary: "") { _ in
    ListLayout()
  }
}

/// A throwaway sixth layout, written here and nowhere else: one item a row, each as wide
/// as the container and as tall as it measures, headers above their sections. With
/// `overlaps`, every item of a section is drawn at the section's top: the contract
/// catches it.
struct ListLayout: CollectionLayout {
  let overlaps: Bool

  init(overlaps: Bool = false) { self.overlaps = overlaps }

  private var context: LayoutContext?
  private var items: [[Rect]] = []
  private var headers: [Rect?] = []
  private var bottom = 0

  var scrollAxis: Axis { .vertical }

  mutating func prepare(_ context: LayoutContext, through extent: Int) {
    self.context = context
    items = []
    headers = []
    bottom = 0
    let width = Swift.max(0, context.containerSize.width)
    for (section, spec) in context.sections.enumerated() {
      let header =
        spec.headerHeight > 0
        ? Rect(x: 0, y: bottom, width: width, height: spec.headerHeight) : nil
      headers.append(header)
      bottom += header?.height ?? 0
      let top = bottom
      var frames: [Rect] = []
      for item in 0..<spec.itemCount {
        let height = context.measure.height(
          of: ItemPath(section: section, item: item), width: width)
        frames.append(Rect(x: 0, y: overlaps ? top : bottom, width: width, height: height))
        bottom = overlaps ? Swift.max(bottom, top + height) : bottom + height
      }
      items.append(frames)
    }
  }

  mutating func prepareMore(through extent: Int) {}
  var preparedExtent: Int { .max }

  mutating func appendItems(_ count: Int) {
    guard var context, count > 0 else { return }
    if context.sections.isEmpty { context.sections.append(SectionSpec(itemCount: 0)) }
    context.sections[context.sections.count - 1].itemCount += count
    prepare(context, through: .max)
  }

  mutating func appendSections(_ sections: [SectionSpec]) {
    guard var context else { return }
    context.sections += sections
    prepare(context, through: .max)
  }

  var contentSize: Size {
    Size(width: Swift.max(0, context?.containerSize.width ?? 0), height: bottom)
  }
  var columnCount: Int { 1 }
  func columnWidths(atContainerWidth containerWidth: Int) -> [Int] { [containerWidth] }
  var placedItemCount: Int { items.reduce(0) { $0 + $1.count } }

  func attributes(in rect: Rect) -> [LayoutAttributes] {
    var result: [LayoutAttributes] = []
    for section in items.indices {
      if let header = headerAttributes(forSection: section), header.frame.intersects(rect) {
        result.append(header)
      }
      for item in items[section].indices where items[section][item].intersects(rect) {
        result.append(attributes(forItem: ItemPath(section: section, item: item))!)
      }
    }
    return result
  }

  func attributes(forItem path: ItemPath) -> LayoutAttributes? {
    guard path.section >= 0, path.section < items.count, path.item >= 0,
      path.item < items[path.section].count
    else { return nil }
    let index = items[..<path.section].reduce(0) { $0 + $1.count } + path.item
    return LayoutAttributes(
      section: path.section, item: path.item, index: index, frame: items[path.section][path.item],
      column: 0)
  }

  func headerAttributes(forSection section: Int) -> LayoutAttributes? {
    guard section >= 0, section < headers.count, let frame = headers[section] else { return nil }
    let index = items[..<section].reduce(0) { $0 + $1.count }
    return LayoutAttributes(
      kind: .sectionHeader, section: section, item: 0, index: index, frame: frame)
  }

  func placementViolations(context: LayoutContext, items: [LayoutAttributes]) -> [String] {
    items.compactMap { $0.frame.minX == 0 ? nil : "item \($0.index) is not at the left edge" }
  }
}
