import LayoutEngine
import TestSupport

/// A million cards streaming into 1,000 interleaved sections (a card for any section at
/// any time, sections appearing as their first card comes), appended one at a time to a
/// `GroupedLayout` of masonry, beside the same million appended one at a time to a flat
/// masonry feed (one section, every card at its end); then the query for a 120×40 screen
/// at random offsets of each. The per-card cost should be alike: a card joins its
/// section's shortest column and the sections below move by one change of the height
/// tree, whatever section it is for.
enum GroupedLayoutBenchmark {
  static func run(report: inout BenchmarkReport) {
    let cards = 1_000_000
    let sectionCount = 1_000
    var random = SeededGenerator(seed: 1_000)
    let heights = (0..<cards).map { _ in Int.random(in: 4...30, using: &random) }
    // Each card's section: the next section starts every ~1,000 cards, else any started.
    var started = 1
    var sectionOfCard: [Int] = []
    sectionOfCard.reserveCapacity(cards)
    for _ in 0..<cards {
      if started < sectionCount && Int.random(in: 0..<1_000, using: &random) == 0 {
        sectionOfCard.append(started)
        started += 1
      } else {
        sectionOfCard.append(Int.random(in: 0..<started, using: &random))
      }
    }
    // The heights are those of the cards in arrival order, by section and place in it.
    var itemHeights = Array(repeating: [Int](), count: sectionCount)
    for (card, section) in sectionOfCard.enumerated() { itemHeights[section].append(heights[card]) }
    let measured = itemHeights
    let options = MasonryLayout.Options(columns: .fixed(4), gutter: 1, itemSpacing: 1)
    var grouped = GroupedLayout { MasonryLayout(options: options) }
    grouped.prepare(
      LayoutContext(
        containerSize: LayoutBenchmark.screen,
        sections: [SectionSpec(itemCount: 0, headerHeight: 1)],
        measure: .heights { path, _ in measured[path.section][path.item] }))
    var sections = 1
    let groupedAppend = Stopwatch.nanoseconds(perOperationOf: cards, rounds: 1) {
      for section in sectionOfCard {
        if section == sections {
          grouped.appendSections([SectionSpec(itemCount: 1, headerHeight: 1)])
          sections += 1
        } else {
          grouped.appendItems(1, toSection: section)
        }
      }
    }
    var flat = MasonryLayout(options: options)
    flat.prepare(
      LayoutContext(
        containerSize: LayoutBenchmark.screen, itemCount: 0,
        measure: .heights { path, _ in heights[path.item] }))
    let flatAppend = Stopwatch.nanoseconds(perOperationOf: cards, rounds: 1) {
      for _ in 0..<cards { flat.appendItems(1) }
    }
    var checksum = 0
    func queryNanoseconds(_ layout: any CollectionLayout) -> Double {
      let height = layout.contentSize.height
      let offsets = (0..<4096).map { _ in
        Int.random(in: 0...(height - LayoutBenchmark.screen.height), using: &random)
      }
      return Stopwatch.nanoseconds(perOperationOf: 50_000, rounds: 3) {
        for query in 0..<50_000 {
          let rect = Rect(
            origin: Point(x: 0, y: offsets[query & 4095]), size: LayoutBenchmark.screen)
          checksum &+= layout.attributes(in: rect).count
        }
      }
    }
    let groupedQuery = queryNanoseconds(grouped)
    let flatQuery = queryNanoseconds(flat)
    report.emit([
      ("name", "grouped.append_and_query"), ("cards", cards), ("sections", sections),
      ("grouped_append_ns_per_card", groupedAppend), ("flat_append_ns_per_card", flatAppend),
      ("append_ratio", groupedAppend / flatAppend), ("grouped_query_ns", groupedQuery),
      ("flat_query_ns", flatQuery), ("query_ratio", groupedQuery / flatQuery),
      ("placed", grouped.placedItemCount), ("checksum", checksum),
      (
        "met",
        grouped.placedItemCount == cards && groupedAppend / flatAppend <= 3
          && groupedQuery / flatQuery <= 3
      ),
    ])
  }
}
