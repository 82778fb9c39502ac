import LayoutEngine

// masonry-bench: the engine's speed, as ratios against the seed's method measured in the
// same run. Run in release: `make bench`. Prints one JSON object per line; the last lines
// say whether each target is met.

// `masonry-bench pictures` (or `layout`, `text`, `cards`) runs one part; no argument, all.
var report = BenchmarkReport()
let parts = Set(CommandLine.arguments.dropFirst().filter { !$0.contains("/") })
func runs(_ part: String) -> Bool { parts.isEmpty || parts.contains(part) }
if runs("layout") {
  let results = [10_000, 100_000, 1_000_000].map {
    LayoutBenchmark.run(itemCount: $0, report: &report)
  }
  LayoutBenchmark.reportTargets(results, report: &report)
}
if runs("text") { TextBenchmark.run(report: &report) }
if runs("cards") { CardBenchmark.run(report: &report) }
if let index = CommandLine.arguments.firstIndex(of: "feed"), index + 1 < CommandLine.arguments.count
{
  // One feed in this process (the `stream` part runs each feed so, for its peak memory).
  StreamBenchmark.scenario(path: CommandLine.arguments[index + 1], report: &report)
}
if runs("pictures") {
  PictureBenchmark.run(report: &report)
  FolderBenchmark.run(report: &report)
}
report.emit([("name", "memory"), ("peak_rss_mb", PeakMemory.megabytes())])
