import LayoutEngine
import TestSupport
import Testing

/// A measure of runs (`ItemMeasure.heights(_:many:)`, which masonry asks a block of a long
/// section's items at a time) places every item exactly where the measure of one item at a
/// time does: on seeded random masonry cases (every placement rule, uneven column widths,
/// long and short sections), prepared at once, in steps, grown by appended items, and
/// grouped a layout a section, and with items the runs leave to be measured alone. A measure of runs that answered one more than the single one
/// moves items, so the runs are what is read.
@Suite struct MeasureOfRunsTests {
  /// `problem`'s context with a measure of runs beside its measure of one item; `extra`
  /// is added to what the runs answer (0: the same heights), and the runs leave about one
  /// item in `leftOut` to be measured alone (-1; 0: none).
  static func withRuns(_ problem: RandomLayoutCase, extra: Int = 0, leftOut: Int = 0)
    -> LayoutContext
  {
    var context = problem.context
    let heights = problem.heights
    context.measure = .heights(
      { path, width in
        RandomLayoutCase.height(of: heights[path.section][path.item], width: width)
      },
      many: { section, items, width, out in
        for (slot, item) in items.enumerated() {
          // Left out by a hash of the item and the width, as a measurer leaves out what
          // it has not counted at that width.
          if leftOut > 0, (item &* 31 &+ width &* 7 &+ section) % leftOut == 0 {
            out[slot] = -1
          } else {
            out[slot] = RandomLayoutCase.height(of: heights[section][item], width: width) + extra
          }
        }
      })
    return context
  }

  static func dump(_ layout: any CollectionLayout, _ sections: [SectionSpec]) -> String {
    LayoutDump.text(of: layout, sections: sections)
  }

  @Test(arguments: 0..<4)
  func runsPlaceAsSingleItemsDo(batch: Int) {
    var moved = 0
    for case_ in 0..<150 {
      let seed = UInt64(7_000 + batch * 1_000 + case_)
      let problem = RandomLayoutCase(seed: seed, kind: .masonry, maximumItems: 3_000)
      var single = problem.makeLayout()
      single.prepare(problem.context)
      let expected = Self.dump(single, problem.sections)
      // At once.
      var runs = problem.makeLayout()
      runs.prepare(Self.withRuns(problem))
      #expect(Self.dump(runs, problem.sections) == expected, "seed \(seed) at once")
      // Some items left out of the runs: measured alone.
      var partly = problem.makeLayout()
      partly.prepare(Self.withRuns(problem, leftOut: 3))
      #expect(Self.dump(partly, problem.sections) == expected, "seed \(seed) partly")
      // In steps, as a first screen and then scrolling.
      var steps = problem.makeLayout()
      var random = SeededGenerator(seed: seed)
      steps.prepare(Self.withRuns(problem), through: Int.random(in: 0...80, using: &random))
      var extent = 0
      while steps.preparedExtent != .max {
        extent += Int.random(in: 1...400, using: &random)
        steps.prepareMore(through: extent)
      }
      #expect(Self.dump(steps, problem.sections) == expected, "seed \(seed) in steps")
      // Runs that answer otherwise move items when a long section is measured in runs.
      var wrong = problem.makeLayout()
      wrong.prepare(Self.withRuns(problem, extra: 1))
      if Self.dump(wrong, problem.sections) != expected { moved += 1 }
      if Self.dump(runs, problem.sections) != expected { return }
    }
    #expect(moved > 20, "\(moved) cases read the runs")
  }

  /// Items appended to the last section (a stream) and sections placed each by a layout of
  /// its own (grouped) are placed as single items are.
  @Test func appendedAndGroupedRunsPlaceAsSingleItemsDo() {
    for seed in UInt64(9_000)..<9_120 {
      let problem = RandomLayoutCase(seed: seed, kind: .masonry, maximumItems: 2_000)
      guard let last = problem.sections.indices.last else { continue }
      var single = problem.makeLayout()
      single.prepare(problem.context)
      let expected = Self.dump(single, problem.sections)
      // The last section's second half appended after the first is placed.
      let held = problem.sections[last].itemCount / 2
      var start = Self.withRuns(problem)
      start.sections[last].itemCount -= held
      var appended = problem.makeLayout()
      appended.prepare(start)
      appended.appendItems(held)
      appended.prepareMore(through: .max)
      #expect(Self.dump(appended, problem.sections) == expected, "seed \(seed) appended")
      // Grouped: each section a masonry of its own, single items against runs.
      guard case .masonry(let options) = problem.options else { continue }
      var groupedSingle = GroupedLayout { MasonryLayout(options: options) }
      groupedSingle.prepare(problem.context)
      var groupedRuns = GroupedLayout { MasonryLayout(options: options) }
      groupedRuns.prepare(Self.withRuns(problem))
      #expect(
        Self.dump(groupedRuns, problem.sections) == Self.dump(groupedSingle, problem.sections),
        "seed \(seed) grouped")
    }
  }
}
