import LayoutEngine
import TestSupport
import Testing

/// Inputs at the edges: nothing to lay out, no room, one column, items of no height.
@Suite struct DegenerateInputTests {
  private func check(_ layout: inout some CollectionLayout, _ context: LayoutContext) {
    layout.prepare(context)
    let size = layout.contentSize
    let violations = LayoutInvariants.violations(
      of: layout, context: context,
      queries: [
        Rect(x: 0, y: 0, width: size.width, height: size.height),
        Rect(x: 0, y: 0, width: 0, height: 10), Rect(x: -3, y: -3, width: 2, height: 2),
      ])
    #expect(violations == [])
  }

  private func everyLayout() -> [any CollectionLayout] {
    [
      MasonryLayout(options: .init(columns: .fixed(3), gutter: 5)), GridLayout(),
      TileLayout(), ZigzagLayout(), TagCloudLayout(),
      TagStripLayout(options: .init(rows: 3)),
    ]
  }

  @Test func zeroItemsAndZeroSections() {
    for var layout in everyLayout() {
      for sections in [
        [], [SectionSpec(itemCount: 0)], [SectionSpec(itemCount: 0, headerHeight: 2)],
      ] {
        let context = LayoutContext(
          containerSize: Size(width: 40, height: 10), sections: sections,
          measure: .constant(height: 3))
        check(&layout, context)
        #expect(
          layout.attributes(in: Rect(x: 0, y: 0, width: 40, height: 100)).filter {
            $0.kind == .item
          } == [])
      }
    }
  }

  @Test func widthSmallerThanTheGutters() {
    var layout = MasonryLayout(options: .init(columns: .fixed(4), gutter: 10))
    let context = LayoutContext(
      containerSize: Size(width: 7, height: 10), itemCount: 20, measure: .constant(height: 2))
    check(&layout, context)
    #expect(layout.columnCount == 1)
    #expect(layout.attributes(forItem: ItemPath(section: 0, item: 0))?.frame.width == 7)
  }

  @Test func moreColumnsThanWidth() {
    for width in [0, 1, 2, 5] {
      for var layout in everyLayout() {
        let context = LayoutContext(
          containerSize: Size(width: width, height: 5), itemCount: 30,
          measure: .heights { path, _ in path.item % 4 })
        check(&layout, context)
      }
      var masonry = MasonryLayout(options: .init(columns: .fixed(12), gutter: 0))
      masonry.prepare(
        LayoutContext(
          containerSize: Size(width: width, height: 5), itemCount: 3, measure: .constant(height: 1))
      )
      #expect(masonry.columnCount == Swift.max(1, width))
    }
  }

  @Test func oneColumn() {
    var layout = MasonryLayout(options: .init(columns: .fixed(1), itemSpacing: 0))
    let context = LayoutContext(
      containerSize: Size(width: 30, height: 10), itemCount: 50, measure: .constant(height: 2))
    check(&layout, context)
    #expect(layout.contentSize.height == 100)
    let visible = layout.attributes(in: Rect(x: 0, y: 11, width: 30, height: 4))
    #expect(visible.map(\.item) == [5, 6, 7])
  }

  @Test func zeroHeightItems() {
    for var layout in everyLayout() {
      let context = LayoutContext(
        containerSize: Size(width: 40, height: 10), itemCount: 100,
        measure: .heights { path, _ in path.item % 3 == 0 ? 0 : 2 })
      check(&layout, context)
    }
  }

  @Test func absurdMeasuresAreClampedNotOverflowed() {
    for var layout in everyLayout() {
      let context = LayoutContext(
        containerSize: Size(width: 40, height: 10), itemCount: 50,
        measure: .sizes { path, _ in
          path.item % 2 == 0 ? Size(width: .max, height: .max) : Size(width: .min, height: .min)
        })
      check(&layout, context)
    }
  }

  @Test func insetsWiderThanTheContainer() {
    var layout = MasonryLayout(
      options: .init(insets: EdgeInsets(top: 2, left: 30, bottom: 2, right: 30)))
    let context = LayoutContext(
      containerSize: Size(width: 40, height: 10), itemCount: 5, measure: .constant(height: 2))
    check(&layout, context)
  }

  @Test func gridMeasuresEachItemOncePerPrepare() {
    final class Counter: @unchecked Sendable { var calls: [Int: Int] = [:] }
    let counter = Counter()
    var layout = GridLayout(options: .init(columns: 3))
    let context = LayoutContext(
      containerSize: Size(width: 30, height: 10), itemCount: 10,
      measure: .heights { path, _ in
        counter.calls[path.item, default: 0] += 1
        return 1 + path.item % 4
      })
    layout.prepare(context, through: 3)
    layout.prepareAll()
    layout.appendItems(4)
    #expect(counter.calls.count == 14)
    #expect(counter.calls.values.allSatisfy { $0 == 1 })
  }
}
