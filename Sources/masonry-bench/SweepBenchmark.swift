import Foundation

/// `masonry sweep --widths 20..300` on the bundled sample and on 100 000 generated cards,
/// against the baseline a person would otherwise run: `masonry layout --width W` once per
/// width (a shell loop), each a process that loads and lays out the cards afresh. The
/// baseline for 100 000 cards runs every tenth width and is counted per width.
enum SweepBenchmark {
  static func run(report: inout BenchmarkReport) {
    guard let masonry = PictureBenchmark.siblingExecutable("masonry") else {
      report.emit([("name", "sweep"), ("skipped", "no release masonry beside the benchmark")])
      return
    }
    let feed = NSTemporaryDirectory() + "masonry-bench-sweep-\(getpid()).jsonl"
    defer { unlink(feed) }
    guard
      PictureBenchmark.spawn(
        masonry, ["generate", "--count", "100000", "--seed", "7"], output: feed)
        == 0
    else {
      report.emit([("name", "sweep"), ("skipped", "masonry generate failed")])
      return
    }
    for (name, source, baselineStep) in [("sample", [String](), 1), ("100k", [feed], 10)] {
      let sweep = PictureBenchmark.bestProcessTime(
        masonry, ["sweep"] + source + ["--widths", "20..300"], runs: name == "sample" ? 3 : 1)
      var baseline = 0.0
      var widths = 0
      for width in stride(from: 20, through: 300, by: baselineStep) {
        baseline += PictureBenchmark.bestProcessTime(
          masonry, ["layout"] + source + ["--width", "\(width)"], runs: 1)
        widths += 1
      }
      let perWidth = baseline / Double(widths)
      report.emit([
        ("name", "sweep 20..300, \(name)"), ("sweep_s", sweep / 1e9),
        ("sweep_per_width_ms", sweep / 281 / 1e6),
        ("layout_loop_per_width_ms", perWidth / 1e6),
        ("layout_loop_s_for_281_widths", perWidth * 281 / 1e9),
        ("speedup", perWidth * 281 / sweep),
      ])
    }
  }
}
