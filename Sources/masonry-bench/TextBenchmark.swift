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

extension TextBenchmark {
  /// Shaping real text (`RealTextFeed`'s captions and comments, once each, but those `ASCIIText` and
  /// `CJKText` shape): ICU's path
  /// (sanitise, ICU, widths, as `PreparedText.shape(of:)`) against the table-driven one
  /// (`UnicodeText`), the share the fast path takes, and every shape it makes compared
  /// with ICU's (any difference is counted: it must be none).
  static func runRealText(report: inout BenchmarkReport) {
    let feed = RealTextFeed()
    var texts: [[UInt8]] = []
    // Only the texts `ChunkShapes` shapes: not plain ASCII, not plain Japanese or Chinese.
    for card in feed.woven {
      for text in [card.caption, card.comment].compactMap({ $0 }) {
        let bytes = Array(text.utf8)
        let isOther = bytes.withUnsafeBufferPointer {
          !ASCIIText.isSimple($0) && !CJKText.isSimple($0)
        }
        if isOther { texts.append(bytes) }
      }
    }
    let bytes = texts.reduce(0) { $0 + $1.count }
    let megabytes = Double(bytes) / 1e6
    var slow: [[UInt8]] = []
    let icu = Stopwatch.nanoseconds(perOperationOf: 1, rounds: 1) {
      slow = texts.map { PreparedText.icuShape(of: String(decoding: $0, as: UTF8.self)) }
    }
    // Timed alone, into one reused buffer, as `ChunkShapes` uses it.
    var clusters = 0
    let table = Stopwatch.nanoseconds(perOperationOf: 1, rounds: 3) {
      var scratch = UnicodeText.Scratch()
      var shape: [UInt8] = []
      for text in texts {
        text.withUnsafeBufferPointer {
          if UnicodeText.shape($0, into: &shape, scratch: &scratch) { clusters &+= shape.count }
        }
      }
    }
    var taken = 0
    var differences = 0
    var scratch = UnicodeText.Scratch()
    var shape: [UInt8] = []
    for (text, expected) in zip(texts, slow) {
      let fast = text.withUnsafeBufferPointer {
        UnicodeText.shape($0, into: &shape, scratch: &scratch)
      }
      guard fast else { continue }
      taken += 1
      if shape != expected { differences += 1 }
    }
    report.emit([
      ("name", "text.real_shapes"), ("texts", texts.count), ("megabytes", megabytes),
      ("icu_mb_per_s", megabytes / (icu / 1e9)), ("table_mb_per_s", megabytes / (table / 1e9)),
      ("ratio", icu / table), ("taken_share", Double(taken) / Double(texts.count)),
      ("differences", differences),
    ])
  }
}
