import Cards
import Foundation
import LayoutEngine

// masonry-bench: the engine's speed, as ratios against the seed's method measured in the
// same run. Run in release: `make bench`. Prints one JSON object per line; the last lines
// say whether each target is met.

// `masonry-bench pictures` (or `layout`, `grouped`, `text`, `cards`, `stream`, `sweep`, `keys`, `pixels`, `reopen`,
// `link`, `transfer`) runs one part; no
// argument, all. `masonry-bench feed FILE` runs the stream scenario on one feed;
// `masonry-bench parse FILE` times reading and parsing it alone; `masonry-bench measure
// FILE` times measuring its cards alone, on one core;
// `masonry-bench realfeed FILE COUNT` writes the real-text feed; `masonry-bench photos`
// makes the folder of 1,000 photographs and prints its path; `masonry-bench keys-load
// FILE` measures keys through tmux while FILE loads.
// The allocator as the executable sets it, so that peak memory is the program's.
AllocationPolicy.apply()
var report = BenchmarkReport()
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.count == 2 && arguments[0] == "feed" {
  // One feed in this process (the `stream` part runs each feed so, for its peak memory).
  StreamBenchmark.scenario(path: arguments[1], report: &report)
  exit(0)
}
if arguments.count == 2 && arguments[0] == "keys-load" {
  // Keys through tmux while a long feed loads (the real 1M feed).
  KeyLatencyBenchmark.runDuringLoad(feed: arguments[1], report: &report)
  exit(0)
}
if arguments.count == 2 && arguments[0] == "parse" {
  // Reading and parsing alone, as the browser's loading thread does it (no measuring, no
  // event loop): to see the load's own cost beside orjson's.
  let clock = ContinuousClock()
  var cards = 0
  let seconds = clock.measure {
    guard let reader = try? CardStreamReader(path: arguments[1], options: CardReadOptions())
    else { return }
    while true {
      let (chunks, _, finished) = reader.next()
      cards += chunks.reduce(0) { $0 + $1.count }
      if finished { break }
    }
  }
  report.emit([
    ("name", "parse"), ("path", arguments[1]), ("cards", cards),
    ("seconds", Double(seconds.components.seconds) + Double(seconds.components.attoseconds) / 1e18),
  ])
  exit(0)
}
if arguments.count == 2 && arguments[0] == "measure" {
  // Measuring alone on one core (the stream part runs it on its real feed).
  MeasureBenchmark.run(path: arguments[1], report: &report)
  exit(0)
}
if arguments == ["photos"] {
  // The keys part's folder of 1,000 photographs, kept, for scripts/pixels-vs-timg.sh.
  print(KeyLatencyBenchmark.makeFolder())
  exit(0)
}
if arguments == ["mixed"] {
  // The formats part's files, 200 of them under mixed names, kept, for
  // scripts/pixels-vs-timg.sh (make bench PART=pixels-mixed).
  print(FormatBenchmark.makeMixedFolder())
  exit(0)
}
if arguments.count == 3 && arguments[0] == "realfeed", let count = Int(arguments[2]) {
  // The stream part's real-text feed, written to a file (to try it on other tools).
  let feed = RealTextFeed()
  let bytes = feed.write(count: count, to: arguments[1])
  var fields: [(String, Any)] = [("name", "realfeed"), ("cards", count), ("bytes", bytes)]
  for (source, records) in feed.counts { fields.append((source, records)) }
  report.emit(fields)
  exit(0)
}
if arguments.count == 2 && arguments[0] == "transfer-inner" {
  // Inside the kitty the transfer part starts.
  TransferBenchmark.inner(output: arguments[1])
  exit(0)
}
let parts = Set(arguments)
func runs(_ part: String) -> Bool { parts.isEmpty || parts.contains(part) }
if runs("layout") {
  let results = [10_000, 100_000, 1_000_000].map {
    LayoutBenchmark.run(itemCount: $0, report: &report)
  }
  LayoutBenchmark.reportTargets(results, report: &report)
}
if runs("layout") || parts.contains("grouped") { GroupedLayoutBenchmark.run(report: &report) }
if runs("text") {
  TextBenchmark.run(report: &report)
  TextBenchmark.runRealText(report: &report)
}
if runs("cards") { CardBenchmark.run(report: &report) }
if runs("stream") { StreamBenchmark.run(report: &report) }
if runs("sweep") { SweepBenchmark.run(report: &report) }
if runs("keys") { KeyLatencyBenchmark.run(report: &report) }
if runs("pixels") { PixelBenchmark.run(report: &report) }
if runs("pixels") || parts.contains("reopen") { PixelBenchmark.runReopen(report: &report) }
if runs("pictures") {
  PictureBenchmark.run(report: &report)
  FolderBenchmark.run(report: &report)
} else if parts.contains("fidelity") {
  // The fidelity comparison alone: no timing, so it can run on a busy machine.
  PictureBenchmark.runFidelity(report: &report)
}
if runs("viewer") { ViewerBenchmark.run(report: &report) }
if runs("link") { LinkBenchmark.run(report: &report) }
if runs("link") || parts.contains("transfer") { TransferBenchmark.run(report: &report) }
if parts.contains("formats") { FormatBenchmark.run(report: &report) }
if parts.contains("animation") { AnimationBenchmark.run(report: &report) }
report.emit([("name", "memory"), ("peak_rss_mb", PeakMemory.megabytes())])
