import LayoutEngine
import TestSupport
import Testing

/// Thousands of seeded random layouts, each checked by the invariant checker, with random
/// query rectangles compared against a brute-force filter. A failure names its seed, which
/// reproduces it with `RandomLayoutCase(seed:)`.
@Suite struct RandomInvariantTests {
  /// Random rectangles over and around the content, some empty, some beyond its edges.
  static func queries(for size: Size, using random: inout SeededGenerator) -> [Rect] {
    (0..<6).map { _ in
      let x = Int.random(in: -5...Swift.max(0, size.width) + 5, using: &random)
      let y = Int.random(in: -5...Swift.max(0, size.height) + 5, using: &random)
      return Rect(
        x: x, y: y, width: Int.random(in: 0...Swift.max(1, size.width), using: &random),
        height: Int.random(in: 0...60, using: &random))
    }
  }

  @Test(.slow, arguments: 0..<8)
  func invariantsHoldOnRandomCases(batch: Int) {
    var failures: [String] = []
    for case_ in 0..<300 {
      let seed = UInt64(batch * 1000 + case_)
      let problem = RandomLayoutCase(seed: seed)
      var layout = problem.makeLayout()
      layout.prepare(problem.context)
      var random = SeededGenerator(seed: seed ^ 0xABCD)
      let queries = Self.queries(for: layout.contentSize, using: &random)
      let violations = LayoutInvariants.violations(
        of: layout, context: problem.context, queries: queries)
      if !violations.isEmpty {
        failures.append("seed \(seed) (\(problem.kind)): \(violations.prefix(3))")
      }
    }
    #expect(failures.isEmpty, "\(failures.prefix(5).joined(separator: "\n"))")
  }

  @Test func largeCasesOfEveryKind() {
    for (offset, kind) in RandomLayoutCase.Kind.allCases.enumerated() {
      let big = RandomLayoutCase(seed: 90_000 + UInt64(offset), kind: kind, itemCount: 10_000)
      #expect(big.context.itemCount == 10_000)
      var layout = big.makeLayout()
      layout.prepare(big.context)
      var random = SeededGenerator(seed: big.seed)
      let violations = LayoutInvariants.violations(
        of: layout, context: big.context,
        queries: Self.queries(for: layout.contentSize, using: &random))
      #expect(violations.isEmpty, "seed \(big.seed) \(kind): \(violations.prefix(3))")
    }
  }

  /// Preparing in steps, as the browser does before its first frame, must end exactly
  /// where preparing at once does, and every step must have placed all that intersects
  /// its extent.
  @Test func preparingInStepsEqualsPreparingAtOnce() {
    for seed in UInt64(0)..<400 {
      let problem = RandomLayoutCase(seed: seed, maximumItems: 2_000)
      var whole = problem.makeLayout()
      whole.prepare(problem.context)
      var stepped = problem.makeLayout()
      var random = SeededGenerator(seed: seed)
      var covered = 0
      var extent = Int.random(in: 0...50, using: &random)
      stepped.prepare(problem.context, through: extent)
      while true {
        #expect(stepped.preparedExtent >= extent, "seed \(seed)")
        // The band prepared by this step holds what preparing at once put there.
        let band =
          stepped.scrollAxis == .vertical
          ? Rect(x: -1, y: covered, width: Int.max / 4, height: extent - covered)
          : Rect(x: covered, y: -1, width: extent - covered, height: Int.max / 4)
        #expect(stepped.attributes(in: band) == whole.attributes(in: band), "seed \(seed)")
        if stepped.isFullyPrepared { break }
        covered = extent
        extent += Int.random(in: 1...(20 + extent), using: &random)
        stepped.prepareMore(through: extent)
      }
      let size = whole.contentSize
      let everything = Rect(x: 0, y: 0, width: size.width + 1, height: size.height + 1)
      #expect(
        stepped.attributes(in: everything) == whole.attributes(in: everything), "seed \(seed)")
      #expect(stepped.contentSize == whole.contentSize, "seed \(seed)")
    }
  }

  /// Appending to the last section gives the layout that preparing the longer data would.
  @Test func appendingEqualsPreparingTheLongerData() {
    for seed in UInt64(0)..<400 {
      let problem = RandomLayoutCase(seed: seed, maximumItems: 2_000)
      guard let last = problem.sections.indices.last, problem.sections[last].itemCount > 0 else {
        continue
      }
      var random = SeededGenerator(seed: seed)
      let appended = Int.random(in: 1...problem.sections[last].itemCount, using: &random)
      var shorter = problem.context
      shorter.sections[last].itemCount -= appended
      var layout = problem.makeLayout()
      layout.prepare(shorter)
      layout.appendItems(appended)
      var whole = problem.makeLayout()
      whole.prepare(problem.context)
      #expect(
        LayoutDump.text(of: layout, sections: problem.sections)
          == LayoutDump.text(of: whole, sections: problem.sections), "seed \(seed) \(problem.kind)")
    }
  }

  /// A stream: the data arrives in random pieces (items into the last section, new
  /// sections), each appended to a layout prepared only as far as a screen, or fully; the
  /// result equals preparing everything at once.
  @Test func appendingInPiecesEqualsPreparingAtOnce() {
    for seed in UInt64(0)..<300 {
      let problem = RandomLayoutCase(seed: seed, maximumItems: 1_500)
      guard !problem.sections.isEmpty else { continue }
      var random = SeededGenerator(seed: seed &+ 77)
      var partial = problem.context
      partial.sections = [problem.sections[0]]
      partial.sections[0].itemCount = Int.random(
        in: 0...Swift.max(0, problem.sections[0].itemCount), using: &random)
      var layout = problem.makeLayout()
      let screenOnly = Bool.random(using: &random)
      layout.prepare(partial, through: screenOnly ? 40 : .max)
      // Feed the rest in pieces.
      var section = 0
      var placed = partial.sections[0].itemCount
      while section < problem.sections.count {
        let remaining = problem.sections[section].itemCount - placed
        if remaining > 0 {
          let piece = Int.random(in: 1...remaining, using: &random)
          layout.appendItems(piece)
          placed += piece
          continue
        }
        section += 1
        guard section < problem.sections.count else { break }
        var spec = problem.sections[section]
        placed = Int.random(in: 0...Swift.max(0, spec.itemCount), using: &random)
        spec.itemCount = placed
        layout.appendSections([spec])
      }
      layout.prepareAll()
      var whole = problem.makeLayout()
      whole.prepare(problem.context)
      #expect(
        LayoutDump.text(of: layout, sections: problem.sections)
          == LayoutDump.text(of: whole, sections: problem.sections), "seed \(seed) \(problem.kind)")
    }
  }
}
