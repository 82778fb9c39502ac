import LayoutEngine
import TestSupport
import Testing

/// The anchored item keeps its screen row across width changes and layout switches.
@Suite struct AnchoringTests {
  @Test func anchoredItemKeepsItsScreenRowAcrossRandomWidthChanges() {
    var checked = 0
    for seed in UInt64(0)..<1_500 {
      let problem = RandomLayoutCase(seed: seed, maximumItems: 3_000)
      guard problem.context.itemCount > 0 else { continue }
      var random = SeededGenerator(seed: seed)
      var layout = problem.makeLayout()
      guard layout.scrollAxis == .vertical else { continue }
      layout.prepare(problem.context)
      let viewportHeight = Int.random(in: 1...50, using: &random)
      let maxOffset = Swift.max(0, layout.contentSize.height - viewportHeight)
      let offset = Int.random(in: 0...maxOffset, using: &random)
      let viewport = Rect(
        x: 0, y: offset, width: problem.context.containerSize.width, height: viewportHeight)
      let preferred =
        Bool.random(using: &random)
        ? layout.attributes(in: viewport).first { $0.kind == .item }?.path : nil
      guard let anchor = ScrollAnchor.capture(in: layout, viewport: viewport, preferring: preferred)
      else { continue }
      let before = layout.attributes(forItem: anchor.item)!.frame
      let screenRow = before.minY - offset

      // A new width, prepared only as far as the old offset, as a resize does.
      let newWidth = Int.random(in: 1...400, using: &random)
      var resized = problem.makeLayout()
      resized.prepare(problem.context(width: newWidth), through: viewportHeight)
      guard let newOffset = anchor.resolve(in: &resized, viewportLength: viewportHeight) else {
        Issue.record("seed \(seed): anchored item vanished")
        continue
      }
      let after = resized.attributes(forItem: anchor.item)!.frame
      let clampedByContent =
        newOffset == 0
        || (resized.isFullyPrepared
          && newOffset == Swift.max(0, resized.contentSize.height - viewportHeight))
      let shortened = anchor.viewportOffsetInItem >= after.height && after.height > 0
      if !clampedByContent && !shortened {
        #expect(after.minY - newOffset == screenRow, "seed \(seed): row moved")
      }
      if !after.isEmpty && !clampedByContent {
        #expect(
          after.intersects(Rect(x: 0, y: newOffset, width: newWidth, height: viewportHeight)),
          "seed \(seed): anchored item left the screen")
      }
      checked += 1
    }
    #expect(checked > 800)
  }

  @Test func anchorSurvivesASwitchOfLayout() {
    let heights = (0..<500).map { 3 + ($0 * 37) % 11 }
    let context = LayoutContext(
      containerSize: Size(width: 100, height: 30), itemCount: heights.count,
      measure: .heights { path, _ in heights[path.item] })
    var masonry = MasonryLayout(options: .init(columns: .fixed(4)))
    masonry.prepare(context)
    let viewport = Rect(x: 0, y: 400, width: 100, height: 30)
    let selected = masonry.attributes(in: viewport).first!.path
    let anchor = ScrollAnchor.capture(in: masonry, viewport: viewport, preferring: selected)!
    let row = masonry.attributes(forItem: selected)!.frame.minY - 400

    var grid = GridLayout(options: .init(columns: 3))
    grid.prepare(context, through: 30)
    let offset = anchor.resolve(in: &grid, viewportLength: 30)!
    #expect(grid.attributes(forItem: selected)!.frame.minY - offset == row)
    #expect(!grid.isFullyPrepared, "resolving prepares only as far as the anchor needs")
  }
}
