import Cards
import TerminalText

/// Wrap throughput over a Japanese and English corpus: the first wrap (sanitising, ICU
/// and widths) against re-wrapping at another width from the prepared text.
enum TextBenchmark {
  static func run(report: inout BenchmarkReport) {
    let sample = BundledSample.collection().cards
    // Paragraphs of mixed text, about 4 MB in all.
    var corpus: [String] = []
    var bytes = 0
    var index = 0
    while bytes < 4_000_000 {
      let card = sample[index % sample.count]
      let other = sample[(index * 7 + 3) % sample.count]
      let text = "\(card.caption) \(card.comment ?? "") \(other.comment ?? "") \(other.caption)"
      corpus.append(text)
      bytes += text.utf8.count
      index += 1
    }
    let megabytes = Double(bytes) / 1_000_000
    var prepared: [PreparedText] = []
    var lines = 0
    let first = Stopwatch.nanoseconds(perOperationOf: 1, rounds: 3) {
      prepared = corpus.map { PreparedText($0) }
      lines = prepared.reduce(0) { $0 + $1.lineCount(width: 30, mode: .word) }
    }
    let rewrap = Stopwatch.nanoseconds(perOperationOf: 1, rounds: 5) {
      lines &+= prepared.reduce(0) { $0 + $1.lineCount(width: 47, mode: .word) }
    }
    let rewrapLines = Stopwatch.nanoseconds(perOperationOf: 1, rounds: 3) {
      lines &+= prepared.reduce(0) { $0 + $1.lines(width: 47, mode: .word).count }
    }
    report.emit([
      ("name", "text.wrap"), ("megabytes", megabytes),
      ("first_wrap_mb_per_s", megabytes / (first / 1e9)),
      ("rewrap_count_mb_per_s", megabytes / (rewrap / 1e9)),
      ("rewrap_lines_mb_per_s", megabytes / (rewrapLines / 1e9)),
      ("ratio", first / rewrap), ("lines", lines),
    ])
  }
}
