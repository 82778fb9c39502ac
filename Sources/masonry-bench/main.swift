import LayoutEngine

// masonry-bench: the engine's speed, as ratios against the seed's method measured in the
// same run. Run in release: `make bench`. Prints one JSON object per line; the last lines
// say whether each target is met.

var report = BenchmarkReport()
let results = [10_000, 100_000, 1_000_000].map {
  LayoutBenchmark.run(itemCount: $0, report: &report)
}
LayoutBenchmark.reportTargets(results, report: &report)
TextBenchmark.run(report: &report)
CardBenchmark.run(report: &report)
report.emit([("name", "memory"), ("peak_rss_mb", PeakMemory.megabytes())])
