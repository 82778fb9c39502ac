import LayoutEngine

/// The contract every layout keeps, checked on any layout a maker gives: over seeded
/// random problems (container, sections, headers, item sizes) and the degenerate ones
/// (nothing, no room, items of no height, one enormous item), each layout is prepared
/// at once, in lazy steps, and with its items streaming in; the three must agree, and
/// the result must pass `LayoutInvariants` (bounds, overlaps, brute-force queries, the
/// layout's own placement rule). A layout that was never prepared must answer, and stop.
///
/// A test that runs this over a catalogue checks every layout in it, including one
/// registered after the test was written.
package enum LayoutConformance {
  /// One problem: a container and sections whose items have fixed sizes per path (so
  /// every way of preparing measures the same).
  package struct Problem: CustomStringConvertible {
    package var seed: UInt64
    package var context: LayoutContext
    package var sizes: [[Size]]

    package var description: String {
      "seed \(seed): \(context.containerSize.width)×\(context.containerSize.height), "
        + "sections \(context.sections.map { "\($0.itemCount)/h\($0.headerHeight)" })"
    }
  }

  /// The problem of `seed`: most random, some degenerate.
  package static func problem(seed: UInt64) -> Problem {
    var random = SeededGenerator(seed: seed)
    let degenerate = Int.random(in: 0..<8, using: &random) == 0
    let width =
      degenerate
      ? [0, 1, 2, 3].randomElement(using: &random)! : Int.random(in: 4...300, using: &random)
    let height = Int.random(in: 1...60, using: &random)
    let sectionCount = Int.random(in: 0...5, using: &random)
    var sections: [SectionSpec] = []
    var sizes: [[Size]] = []
    let style = Int.random(in: 0..<6, using: &random)
    for _ in 0..<sectionCount {
      let count = random.logUniformCount(upTo: 1_500)
      sections.append(
        SectionSpec(
          itemCount: count,
          headerHeight: Bool.random(using: &random) ? Int.random(in: 0...2, using: &random) : 0))
      sizes.append(
        (0..<count).map { _ in
          switch style {
          case 0: return Size(width: 1, height: 0)
          case 1:
            return Size(
              width: Int.random(in: 1...5, using: &random),
              height: Int.random(in: 0...1, using: &random) == 0 ? ItemMeasure.maximumLength : 3)
          default:
            return Size(
              width: Int.random(in: 1...60, using: &random),
              height: Int.random(in: 0...30, using: &random))
          }
        })
    }
    let measured = sizes
    // Sizes answer both kinds of layout: a height for columns, a size for chips.
    let measure = ItemMeasure.sizes { path, maxWidth in
      let size = measured[path.section][path.item]
      return Size(width: Swift.min(size.width, Swift.max(1, maxWidth)), height: size.height)
    }
    return Problem(
      seed: seed,
      context: LayoutContext(
        containerSize: Size(width: width, height: height), sections: sections, measure: measure),
      sizes: sizes)
  }

  /// Every way the layouts of `make` break the contract, over `cases` problems from
  /// `seed` on, as lines naming the problem; empty when there is none. `make` gets a
  /// generator to choose the layout's options with.
  package static func violations(
    cases: Int, seed: UInt64, make: (inout SeededGenerator) -> any CollectionLayout
  ) -> [String] {
    var problems: [String] = []
    var random = SeededGenerator(seed: seed ^ 0x5EED)
    var unprepared = make(&random)
    unprepared.prepare(toInclude: ItemPath(section: 0, item: 5))
    if !unprepared.attributes(in: Rect(x: 0, y: 0, width: 100, height: 100)).isEmpty {
      problems.append("a layout never prepared returns attributes")
    }
    for index in 0..<UInt64(cases) {
      let problem = problem(seed: seed &+ index)
      let layout = make(&random)
      problems += check(layout, problem, &random).map { "\(problem): \($0)" }
      if problems.count > 20 { break }
    }
    return problems
  }

  /// `layout` (fresh) against `problem`: prepared at once, lazily and streamed.
  private static func check(
    _ fresh: any CollectionLayout, _ problem: Problem, _ random: inout SeededGenerator
  ) -> [String] {
    let context = problem.context
    var batch = fresh
    batch.prepare(context)
    let size = batch.contentSize
    var queries = [Rect(x: 0, y: 0, width: size.width, height: size.height)]
    for _ in 0..<2 {
      queries.append(
        Rect(
          x: Int.random(in: -5...Swift.max(0, size.width), using: &random),
          y: Int.random(in: -5...Swift.max(0, Swift.min(size.height, 1 << 20)), using: &random),
          width: Int.random(in: 0...80, using: &random),
          height: Int.random(in: 0...80, using: &random)))
    }
    var found = LayoutInvariants.violations(of: batch, context: context, queries: queries)
    let expected = frames(of: batch, context)

    var lazy = fresh
    var extent = Int.random(in: 0...40, using: &random)
    lazy.prepare(context, through: extent)
    var steps = 0
    while !lazy.isFullyPrepared && steps < 10_000 {
      extent = extent > (1 << 40) ? .max : extent * 2 + Int.random(in: 1...50, using: &random)
      lazy.prepareMore(through: extent)
      steps += 1
    }
    if !lazy.isFullyPrepared {
      found.append("lazy preparation never finished")
    } else if frames(of: lazy, context) != expected {
      found.append("prepared in steps, the frames differ from prepared at once")
    }

    found += streamed(fresh, problem, expected, &random)
    return found
  }

  /// The layout built up as a stream builds it: the first section's first items, then
  /// items appended to the last section and sections appended after it, in random pieces.
  private static func streamed(
    _ fresh: any CollectionLayout, _ problem: Problem, _ expected: [Rect?],
    _ random: inout SeededGenerator
  ) -> [String] {
    let sections = problem.context.sections
    guard !sections.isEmpty else { return [] }
    var layout = fresh
    var start = problem.context
    let firstCount = Int.random(in: 0...sections[0].itemCount, using: &random)
    start.sections = [SectionSpec(itemCount: firstCount, headerHeight: sections[0].headerHeight)]
    layout.prepare(start)
    var added = [firstCount] + Array(repeating: 0, count: sections.count - 1)
    var current = 0
    while true {
      if added[current] < sections[current].itemCount {
        let piece = Int.random(in: 1...sections[current].itemCount - added[current], using: &random)
        layout.appendItems(piece)
        added[current] += piece
      } else if current + 1 < sections.count {
        current += 1
        let piece = Int.random(in: 0...sections[current].itemCount, using: &random)
        layout.appendSections([
          SectionSpec(itemCount: piece, headerHeight: sections[current].headerHeight)
        ])
        added[current] = piece
      } else {
        break
      }
    }
    layout.prepareAll()
    return frames(of: layout, problem.context) == expected
      ? [] : ["streamed in pieces, the frames differ from prepared at once"]
  }

  /// Every way `GroupedLayout` over the layouts of `make` differs from those layouts
  /// laying out the same sections at once, over `cases` problems: prepared at once, in
  /// lazy steps, and with the items streaming into the sections in a random order (a
  /// section joins when its first item comes, the order the sections first appear in,
  /// then any section grows), checked by `LayoutInvariants` after every piece.
  package static func groupedViolations(
    cases: Int, seed: UInt64, make: @escaping (inout SeededGenerator) -> any CollectionLayout
  ) -> [String] {
    var problems: [String] = []
    var random = SeededGenerator(seed: seed ^ 0x6_0DE5)
    for index in 0..<UInt64(cases) {
      let problem = problem(seed: seed &+ index)
      let options = random
      var batch = make(&random)
      func grouped() -> GroupedLayout {
        GroupedLayout {
          var same = options
          return make(&same)
        }
      }
      batch.prepare(problem.context)
      let expected = frames(of: batch, problem.context)
      var found: [String] = []
      var whole = grouped()
      whole.prepare(problem.context)
      if frames(of: whole, problem.context) != expected {
        found.append("grouped, the frames differ from the sections laid out at once")
      }
      found += LayoutInvariants.violations(
        of: whole, context: problem.context,
        queries: [
          Rect(x: 0, y: 0, width: whole.contentSize.width, height: whole.contentSize.height)
        ])
      var lazy = grouped()
      var extent = Int.random(in: 0...30, using: &random)
      lazy.prepare(problem.context, through: extent)
      while !lazy.isFullyPrepared && extent < (1 << 40) {
        extent = extent * 2 + Int.random(in: 1...50, using: &random)
        lazy.prepareMore(through: extent)
      }
      lazy.prepareAll()
      if frames(of: lazy, problem.context) != expected {
        found.append("grouped in lazy steps, the frames differ")
      }
      found += streamedIntoAnySection(grouped(), problem, expected, &random)
      problems += found.map { "\(problem): \($0)" }
      if problems.count > 20 { break }
    }
    return problems
  }

  /// The items of `problem` arriving in a random interleaving of the sections, in pieces.
  private static func streamedIntoAnySection(
    _ fresh: GroupedLayout, _ problem: Problem, _ expected: [Rect?],
    _ random: inout SeededGenerator
  ) -> [String] {
    let sections = problem.context.sections
    // A random interleaving: the next section starts (with its first item) now and then,
    // and any started section takes its next item.
    var remaining = sections.map { Swift.max(0, $0.itemCount) }
    var started = 0
    var stream: [(section: Int, starts: Bool)] = []
    while started < sections.count || remaining.contains(where: { $0 > 0 }) {
      let growing = (0..<started).filter { remaining[$0] > 0 }
      if started < sections.count && (growing.isEmpty || Int.random(in: 0..<8, using: &random) == 0)
      {
        stream.append((started, true))
        if remaining[started] > 0 { remaining[started] -= 1 }
        started += 1
      } else {
        let section = growing.randomElement(using: &random)!
        remaining[section] -= 1
        stream.append((section, false))
      }
    }
    var layout = fresh
    var context = problem.context
    context.sections = []
    layout.prepare(context, through: Int.random(in: 0...200, using: &random))
    var problems: [String] = []
    var position = 0
    var piece = 0
    while position < stream.count {
      let size = Int.random(in: 1...Swift.max(1, stream.count / 4 + 1), using: &random)
      for (section, starts) in stream[position..<Swift.min(stream.count, position + size)] {
        if starts {
          let spec = SectionSpec(
            itemCount: sections[section].itemCount > 0 ? 1 : 0,
            headerHeight: sections[section].headerHeight)
          context.sections.append(spec)
          layout.appendSections([spec])
        } else {
          context.sections[section].itemCount += 1
          layout.appendItems(1, toSection: section)
        }
      }
      position += size
      piece += 1
      if piece % 3 == 0 || position >= stream.count {
        var placed = layout
        placed.prepareAll()
        let violations = LayoutInvariants.violations(of: placed, context: context)
        if !violations.isEmpty {
          problems.append("streamed, after piece \(piece): \(violations.prefix(2))")
          break
        }
      }
    }
    layout.prepareAll()
    if problems.isEmpty && frames(of: layout, problem.context) != expected {
      problems.append("streamed into any section, the frames differ from laid out at once")
    }
    return problems
  }

  /// Every item's frame and every header's, in order.
  private static func frames(of layout: any CollectionLayout, _ context: LayoutContext) -> [Rect?] {
    var result: [Rect?] = []
    for (section, spec) in context.sections.enumerated() {
      result.append(layout.headerAttributes(forSection: section)?.frame)
      for item in 0..<spec.itemCount {
        result.append(layout.attributes(forItem: ItemPath(section: section, item: item))?.frame)
      }
    }
    return result
  }
}
