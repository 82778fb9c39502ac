import LayoutEngine
import TestSupport

/// Masonry `prepare` and `attributes(in:)` against the seed's method, at one item count.
enum LayoutBenchmark {
  static let columns = 4
  static let screen = Size(width: 120, height: 40)

  struct Result {
    var itemCount: Int
    var ourPrepareNanoseconds: Double
    var ourQueryNanoseconds: Double
    var baselineQueryNanoseconds: Double
  }

  static func run(itemCount: Int, report: inout BenchmarkReport) -> Result {
    var random = SeededGenerator(seed: UInt64(itemCount))
    let heights = (0..<itemCount).map { _ in Int.random(in: 4...30, using: &random) }
    let context = LayoutContext(
      containerSize: screen, itemCount: itemCount,
      measure: .heights { path, _ in heights[path.item] })
    let rounds = Swift.max(3, 3_000_000 / itemCount)
    var checksum = 0

    // Cold: the first prepare of a fresh layout, which also pays for fresh memory. Warm:
    // preparing again, as every resize does, reusing the layout's buffers.
    var ours = MasonryLayout(options: .init(columns: .fixed(columns), gutter: 1, itemSpacing: 1))
    let ourCold = Stopwatch.nanoseconds(perOperationOf: itemCount, rounds: 1) {
      ours.prepare(context)
    }
    let ourPrepare = Stopwatch.nanoseconds(perOperationOf: itemCount, rounds: rounds) {
      ours.prepare(context)
    }
    var baseline = SeedBaselineLayout(columns: columns, width: screen.width, gutter: 1, spacing: 1)
    let baselineCold = Stopwatch.nanoseconds(perOperationOf: itemCount, rounds: 1) {
      baseline.prepare(itemCount: itemCount) { heights[$0] }
    }
    let baselinePrepare = Stopwatch.nanoseconds(perOperationOf: itemCount, rounds: rounds) {
      baseline.prepare(itemCount: itemCount) { heights[$0] }
    }
    report.emit([
      ("name", "masonry.prepare"), ("items", itemCount), ("ours_ns_per_item", ourPrepare),
      ("baseline_ns_per_item", baselinePrepare), ("ratio", baselinePrepare / ourPrepare),
      ("ours_items_per_second", 1e9 / ourPrepare), ("ours_cold_ns_per_item", ourCold),
      ("baseline_cold_ns_per_item", baselineCold),
    ])

    let height = ours.contentSize.height
    let offsets = (0..<4096).map { _ in
      Int.random(in: 0...(height - screen.height), using: &random)
    }
    let ourQueries = 50_000
    let ourQuery = Stopwatch.nanoseconds(perOperationOf: ourQueries, rounds: 5) {
      for query in 0..<ourQueries {
        let rect = Rect(origin: Point(x: 0, y: offsets[query & 4095]), size: screen)
        checksum &+= ours.attributes(in: rect).count
      }
    }
    let baselineQueries = Swift.max(20, 20_000_000 / itemCount)
    let baselineQuery = Stopwatch.nanoseconds(perOperationOf: baselineQueries, rounds: 3) {
      for query in 0..<baselineQueries {
        let rect = Rect(origin: Point(x: 0, y: offsets[query & 4095]), size: screen)
        checksum &+= baseline.attributes(in: rect).count
      }
    }
    report.emit([
      ("name", "masonry.attributes_in_rect"), ("items", itemCount),
      ("ours_ns_per_query", ourQuery), ("baseline_ns_per_query", baselineQuery),
      ("ratio", baselineQuery / ourQuery), ("checksum", checksum),
    ])
    return Result(
      itemCount: itemCount, ourPrepareNanoseconds: ourPrepare, ourQueryNanoseconds: ourQuery,
      baselineQueryNanoseconds: baselineQuery)
  }

  /// The targets of issue 2, each as a line with its value and whether it is met.
  static func reportTargets(_ results: [Result], report: inout BenchmarkReport) {
    guard let small = results.first(where: { $0.itemCount == 10_000 }),
      let large = results.first(where: { $0.itemCount == 1_000_000 })
    else { return }
    let speedup = large.baselineQueryNanoseconds / large.ourQueryNanoseconds
    report.emit([
      ("name", "target.query_speedup_at_1M"), ("value", speedup), ("target", ">= 1000"),
      ("met", speedup >= 1000),
    ])
    let scaling = large.ourQueryNanoseconds / small.ourQueryNanoseconds
    report.emit([
      ("name", "target.query_1M_over_10k"), ("value", scaling), ("target", "<= 3"),
      ("met", scaling <= 3),
    ])
    let perSecond = 1e9 / large.ourPrepareNanoseconds
    report.emit([
      ("name", "target.prepare_items_per_second_at_1M"), ("value", perSecond),
      ("note", "warm: preparing again with the layout's buffers, as on a resize"),
      ("target", ">= 20000000"), ("met", perSecond >= 20_000_000),
    ])
  }
}
