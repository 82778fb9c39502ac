import LayoutEngine
import TestSupport
import Testing

/// Each layout's own placement check must catch a frame that breaks its rule: a check that
/// cannot fail would pass any layout.
@Suite struct PlacementCheckTests {
  @Test(arguments: RandomLayoutCase.Kind.allCases)
  func everyLayoutsCheckCatchesAMovedItem(kind: RandomLayoutCase.Kind) {
    var caught = 0
    var tried = 0
    for seed in UInt64(0)..<200 {
      let problem = RandomLayoutCase(seed: 50_000 + seed, kind: kind, maximumItems: 200)
      var layout = problem.makeLayout()
      layout.prepare(problem.context)
      let items = problem.context.sections.indices.flatMap { section in
        (0..<problem.context.sections[section].itemCount).compactMap {
          layout.attributes(forItem: ItemPath(section: section, item: $0))
        }
      }
      guard items.count >= 2, items.contains(where: { !$0.frame.isEmpty }) else { continue }
      #expect(layout.placementViolations(context: problem.context, items: items).isEmpty)
      tried += 1
      var moved = items
      let victim = moved.indices.last { !moved[$0].frame.isEmpty }!
      moved[victim].frame = moved[victim].frame.offsetBy(dx: 0, dy: 1)
      if !layout.placementViolations(context: problem.context, items: moved).isEmpty {
        caught += 1
      }
    }
    #expect(tried > 20)
    #expect(caught == tried, "\(kind): caught \(caught) of \(tried) moved items")
  }
}
