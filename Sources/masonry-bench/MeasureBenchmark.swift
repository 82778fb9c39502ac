import Cards
import Foundation
import TerminalText

/// Measuring a feed's cards alone, on one core, as the measuring worker does it: every
/// card's caption and comment counted at one width from nothing (what a chunk's first
/// count pays, shapes made; the best of three runs), then at another width with what the
/// first kept (what a resize pays) — each in cards a second — and at two neighbouring
/// widths from nothing (what a load pays under masonry's uneven columns). Issue 19's target: the first, whatever the
/// text, at least as fast as the plain-ASCII path (5 million cards a second).
///
/// `MASONRY_BENCH_TEXTS=ascii` (or `other`) instead counts the lines of the texts neither
/// plain ASCII nor plain CJK (ASCII throughout, or not) of the first 30 chunks both ways:
/// shaped, and straight from their bytes (`LineCounter`, as other text), in megabytes a
/// second, and says whether the counts agree. `MASONRY_BENCH_FIRST_ONLY=1` stops after one
/// first count (a profiling aid: a profile then holds that count alone).
enum MeasureBenchmark {
  static func run(path: String, report: inout BenchmarkReport) {
    var chunks: [CardChunk] = []
    if let reader = try? CardStreamReader(path: path, options: CardReadOptions()) {
      while true {
        let (more, _, finished) = reader.next()
        chunks += more
        if finished { break }
      }
    }
    if let texts = ProcessInfo.processInfo.environment["MASONRY_BENCH_TEXTS"] {
      compareTexts(chunks, ascii: texts == "ascii", report: &report)
      return
    }
    let cards = chunks.reduce(0) { $0 + $1.count }
    var shapes: [ChunkShapes?] = []
    // (`MASONRY_BENCH_FIRST_WIDTHS=22,23`: the first count at other widths, for profiles.)
    let firstWidths =
      ProcessInfo.processInfo.environment["MASONRY_BENCH_FIRST_WIDTHS"].map {
        $0.split(separator: ",").compactMap { Int($0) }.filter { $0 > 0 }
      }.flatMap { $0.isEmpty ? nil : $0 } ?? [22]
    // The first count from nothing (a new job, no shapes), three times, the best taken
    // (the machine's speed drifts by a tenth and more from one second to the next; every
    // run is printed). The first run also makes the text tables, once a process.
    var firstRuns: [Double] = []
    let firstOnly = ProcessInfo.processInfo.environment["MASONRY_BENCH_FIRST_ONLY"] != nil
    for _ in 0..<(firstOnly ? 1 : 3) {
      shapes = []
      firstRuns.append(
        Stopwatch.seconds {
          let job = MeasureJob(
            generation: 1, firstChunk: 0, chunks: chunks, widths: firstWidths, wrap: .word,
            shapes: [])
          shapes = chunks.indices.map { job.measure(chunkAt: $0).shapes }
        })
    }
    let first = firstRuns.min()!
    if firstOnly {
      report.emit([
        ("name", "measure"), ("path", path), ("cards", cards),
        ("first_cards_per_s", Double(cards) / first),
      ])
      return
    }
    let again = Stopwatch.seconds {
      let job = MeasureJob(
        generation: 1, firstChunk: 0, chunks: chunks, widths: [31], wrap: .word, shapes: shapes)
      for index in chunks.indices { _ = job.measure(chunkAt: index) }
    }
    // What a load of masonry's uneven columns pays: two neighbouring widths from nothing.
    let firstTwo = Stopwatch.seconds {
      let job = MeasureJob(
        generation: 1, firstChunk: 0, chunks: chunks, widths: [22, 23], wrap: .word, shapes: [])
      for index in chunks.indices { _ = job.measure(chunkAt: index) }
    }
    report.emit([
      ("name", "measure"), ("path", path), ("cards", cards),
      ("first_cards_per_s", Double(cards) / first),
      ("first_runs_cards_per_s", firstRuns.map { Double(cards) / $0 }),
      ("again_cards_per_s", Double(cards) / again),
      ("first_two_widths_cards_per_s", Double(cards) / firstTwo),
    ])
  }

  private static func compareTexts(
    _ chunks: [CardChunk], ascii: Bool, report: inout BenchmarkReport
  ) {
    var texts: [[UInt8]] = []
    for chunk in chunks.prefix(30) {
      for index in 0..<chunk.count {
        chunk.withText(index) { caption, comment in
          for (field, text) in [caption, comment].enumerated()
          where !chunk.textKind(index, field: field).isPlain
            && text.allSatisfy({ $0 < 0x80 && $0 != 0x0A }) == ascii
          {
            texts.append(Array(text))
          }
        }
      }
    }
    let megabytes = Double(texts.reduce(0) { $0 + $1.count }) / 1e6
    var scratch = UnicodeText.Scratch()
    var shape: [UInt8] = []
    for _ in 0..<3 {
      var directCounts: [Int] = []
      var shapedCounts: [Int] = []
      let shaped = Stopwatch.seconds {
        for text in texts {
          text.withUnsafeBufferPointer { bytes in
            if UnicodeText.shape(bytes, into: &shape, scratch: &scratch) {
              shapedCounts.append(
                shape.withUnsafeBufferPointer {
                  PreparedText.lineCount(of: $0, width: 22, mode: .word)
                })
            } else {
              shapedCounts.append(-1)
            }
          }
        }
      }
      let direct = Stopwatch.seconds {
        for text in texts {
          directCounts.append(
            text.withUnsafeBufferPointer {
              LineCounter.count(of: $0, kind: .other, width: 22, mode: .word, scratch: &scratch)
            } ?? -1)
        }
      }
      report.emit([
        ("name", "measure.texts"), ("ascii", ascii), ("texts", texts.count),
        ("megabytes", megabytes), ("shaped_mb_per_s", megabytes / shaped),
        ("direct_mb_per_s", megabytes / direct), ("same", directCounts == shapedCounts),
        ("refused", directCounts.filter { $0 < 0 }.count),
      ])
    }
  }
}
