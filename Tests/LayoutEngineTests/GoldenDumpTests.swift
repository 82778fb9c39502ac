import LayoutEngine
import TestSupport
import Testing

/// The seeds' own examples, laid out and compared with readable golden dumps.
@Suite struct GoldenDumpTests {
  private func expectGolden(
    _ layout: some CollectionLayout, _ context: LayoutContext, named name: String
  ) {
    #expect(LayoutInvariants.violations(of: layout, context: context) == [])
    let dump = LayoutDump.text(of: layout, sections: context.sections)
    let mismatch = Snapshot.mismatch(dump, named: name)
    #expect(mismatch == nil, "\(mismatch ?? "")")
  }

  /// Heights of the seed's ten animals as cards 19 cells wide: photo rows from the aspect
  /// ratio plus caption and comment rows.
  private let tenAnimals = [14, 11, 16, 12, 15, 10, 13, 17, 9, 12]

  @Test func tenItemsInTwoRoundRobinColumns() {
    var layout = MasonryLayout(
      options: .init(columns: .fixed(2), gutter: 2, itemSpacing: 1, placement: .leftToRight))
    let heights = tenAnimals
    let context = LayoutContext(
      containerSize: Size(width: 40, height: 24), itemCount: 10,
      measure: .heights { path, _ in heights[path.item] })
    layout.prepare(context)
    expectGolden(layout, context, named: "masonry-ten-round-robin")
  }

  @Test func tenItemsShortestFirst() {
    var layout = MasonryLayout(options: .init(columns: .fixed(2), gutter: 2, itemSpacing: 1))
    let heights = tenAnimals
    let context = LayoutContext(
      containerSize: Size(width: 40, height: 24), itemCount: 10,
      measure: .heights { path, _ in heights[path.item] })
    layout.prepare(context)
    expectGolden(layout, context, named: "masonry-ten-shortest-first")
  }

  @Test func thirtyZigzagItems() {
    var layout = ZigzagLayout(options: .init(columns: 2, itemHeight: 3))
    let context = LayoutContext(
      containerSize: Size(width: 40, height: 24), itemCount: 30, measure: .constant(height: 0))
    layout.prepare(context)
    #expect(layout.contentSize.height == 30 * 3)
    expectGolden(layout, context, named: "zigzag-thirty")
  }

  @Test func threePerRowGridWithUnevenCells() {
    // The seed: inset 16 and 16 between cells at 375 points, here 2 cells of 61.
    var layout = GridLayout(
      options: .init(columns: 3, gutter: 2, rowSpacing: 0, insets: EdgeInsets(all: 2)))
    let heights = [8, 12, 9, 10, 10, 10, 7, 15, 11, 9, 8]
    let context = LayoutContext(
      containerSize: Size(width: 61, height: 24), itemCount: heights.count,
      measure: .heights { path, _ in heights[path.item] })
    layout.prepare(context)
    expectGolden(layout, context, named: "grid-three-per-row")
  }

  @Test(arguments: [(width: 60, name: "tiles-compact"), (width: 120, name: "tiles-regular")])
  func tilesAtAWidthClass(width: Int, name: String) {
    var layout = TileLayout()
    let context = LayoutContext(
      containerSize: Size(width: width, height: 24), itemCount: 18, measure: .constant(height: 0))
    layout.prepare(context)
    #expect(layout.columnCount == (width >= 100 ? 8 : 4))
    expectGolden(layout, context, named: name)
  }

  @Test func threeRowHorizontalTagStrip() {
    // The seed's concerns, as chip widths: the text's width plus a cell of padding each side.
    let widths = [10, 8, 14, 12, 6, 10, 16, 8, 12, 10, 6, 14]
    var layout = TagStripLayout(options: .init(rows: 3, spacing: 1))
    let context = LayoutContext(
      containerSize: Size(width: 30, height: 3), itemCount: widths.count,
      measure: .sizes { path, _ in Size(width: widths[path.item], height: 1) })
    layout.prepare(context)
    #expect(layout.stripRowCount == 3)
    #expect(layout.contentSize.height == 3)
    expectGolden(layout, context, named: "tags-strip-three-rows")
  }

  @Test func wrappingTagCloud() {
    let widths = [10, 8, 14, 12, 6, 10, 16, 8, 12, 10, 6, 14, 45]
    var layout = TagCloudLayout(options: .init(spacing: 1))
    let context = LayoutContext(
      containerSize: Size(width: 30, height: 10), itemCount: widths.count,
      measure: .sizes { path, _ in Size(width: widths[path.item], height: 1) })
    layout.prepare(context)
    expectGolden(layout, context, named: "tags-cloud")
  }

  @Test func sectionedMasonry() {
    var layout = MasonryLayout(
      options: .init(
        columns: .adaptive(minimumWidth: 18), columnsPerSection: [1: 2], gutter: 1,
        itemSpacing: 1, sectionSpacing: 1, insets: EdgeInsets(top: 1, left: 1, bottom: 1, right: 1))
    )
    let sections = [
      SectionSpec(itemCount: 5, headerHeight: 1), SectionSpec(itemCount: 4, headerHeight: 2),
      SectionSpec(itemCount: 0, headerHeight: 0), SectionSpec(itemCount: 3, headerHeight: 1),
    ]
    let context = LayoutContext(
      containerSize: Size(width: 60, height: 24), sections: sections,
      measure: .heights { path, width in 4 + (path.item * 7 + path.section * 3) % 6 + 20 / width })
    layout.prepare(context)
    #expect(layout.columnCount == 3)
    expectGolden(layout, context, named: "masonry-sectioned")
  }
}
