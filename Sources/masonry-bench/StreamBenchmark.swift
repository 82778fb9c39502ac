import Browser
import CardLayouts
import Cards
import Foundation
import LayoutEngine
import TerminalCore

/// Feeds of many cards through the browser's own path, in process: the first frame, the
/// whole load, `G`, a width change and search keystrokes — each until the frame is
/// composed — and the peak memory, each feed in a process of its own.
enum StreamBenchmark {
  /// One feed, in this process: prints one JSON line of figures.
  static func scenario(path: String, report: inout BenchmarkReport) {
    let clock = ContinuousClock()
    func milliseconds(_ duration: Duration) -> Double {
      Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15
    }
    let size = Size(width: 120, height: 40)
    var state = BrowserState(
      size: .zero, cards: CardCollection(source: path, store: CardStore()), layout: LayoutOptions())
    state.load = .waiting
    let caches = BrowserCaches()
    var reader: CardStreamReader!
    var time = 0
    var searchJob: SearchJob?
    var measureJob: MeasureJob?
    func send(_ event: BrowserEvent) {
      time += 1
      for effect in BrowserReducer.reduce(&state, event, at: time, caches: caches) {
        if case .search(let job) = effect { searchJob = job }
        if case .measure(let job) = effect { measureJob = job }
      }
    }
    // First frame: open, read the first piece, compose.
    let firstFrame = clock.measure {
      reader = try! CardStreamReader(path: path, options: CardReadOptions())
      let (chunks, _, _) = reader.next()
      send(.started(size))
      send(
        .cardsArrived(
          LoadedCards(chunks: chunks, bytesRead: reader.bytesRead, totalBytes: reader.size)))
      _ = FrameComposer.compose(state, caches: caches)
    }
    // The rest, as the loading thread hands it over, each piece shown.
    let load = clock.measure {
      while true {
        let (chunks, error, finished) = reader.next()
        if !chunks.isEmpty {
          send(
            .cardsArrived(
              LoadedCards(chunks: chunks, bytesRead: reader.bytesRead, totalBytes: reader.size)))
          _ = FrameComposer.compose(state, caches: caches)
        }
        if finished {
          send(.loadFinished(error))
          break
        }
      }
    }
    let cards = state.cards.cards.count
    let last = clock.measure {
      send(.key(.character("G")))
      _ = FrameComposer.compose(state, caches: caches)
    }
    let resize = clock.measure {
      send(.resized(Size(width: 97, height: 40)))
      _ = FrameComposer.compose(state, caches: caches)
    }
    // At the top, another width: the first screen is placed, and the measuring worker
    // counts every card's lines meanwhile (here on this thread, timed apart); then G.
    send(.key(.character("g")))
    measureJob = nil
    send(.resized(Size(width: 110, height: 40)))
    _ = FrameComposer.compose(state, caches: caches)
    var measured: [MeasuredCounts] = []
    let background = clock.measure {
      measureJob.map { job in
        job.run(cancellation: Self.running(job.generation)) { measured.append($0) }
      }
    }
    for counts in measured { send(.measured(counts)) }
    let warmLast = clock.measure {
      send(.key(.character("G")))
      _ = FrameComposer.compose(state, caches: caches)
    }
    let resizeBack = clock.measure {
      send(.resized(size))
      _ = FrameComposer.compose(state, caches: caches)
    }
    if ProcessInfo.processInfo.environment["MASONRY_BENCH_WIDTHS"] != nil {
      // Profiling aid: many width changes in a row.
      for width in 60..<120 {
        send(.resized(Size(width: width, height: 40)))
        _ = FrameComposer.compose(state, caches: caches)
      }
    }
    send(.key(.character("g")))
    send(.key(.character("/")))
    var keystrokes: [Double] = []
    for character in "fox" {
      keystrokes.append(
        milliseconds(
          clock.measure {
            send(.key(.character(character)))
            _ = FrameComposer.compose(state, caches: caches)
          }))
    }
    // The count, filled in by the worker (run here, on this thread).
    let count = clock.measure {
      if let job = searchJob {
        var results: [SearchFound] = []
        job.run(cancellation: Self.running(job.generation)) { results.append($0) }
        for found in results { send(.searchFound(found)) }
      }
    }
    report.emit([
      ("name", "stream.feed"), ("path", path), ("cards", cards),
      ("first_frame_ms", milliseconds(firstFrame)), ("load_ms", milliseconds(load)),
      ("last_card_G_ms", milliseconds(last)), ("width_change_after_G_ms", milliseconds(resize)),
      ("background_measuring_ms", milliseconds(background)),
      ("last_card_G_measured_ms", milliseconds(warmLast)),
      ("width_back_ms", milliseconds(resizeBack)),
      ("search_keystroke_ms", keystrokes.max() ?? 0), ("search_count_ms", milliseconds(count)),
      ("matches", state.shown.count),
      ("stored_mb", Double(state.cards.cards.storedBytes) / 1e6),
      ("peak_rss_mb", PeakMemory.megabytes()),
    ])
  }
}

extension StreamBenchmark {
  /// A cancellation under which job `generation` is the current one (the benchmark runs
  /// jobs on this thread, where the browser's runner would run them on a worker).
  static func running(_ generation: Int) -> JobCancellation {
    let cancellation = JobCancellation()
    cancellation.start(generation)
    return cancellation
  }

  /// The `stream` part: generated feeds of 10k, 100k and 1M cards and a feed of real
  /// text, each through `scenario` in a process of its own (so each has its own peak
  /// memory), beside orjson reading the same lines in the same run; then the targets.
  static func run(report: inout BenchmarkReport) {
    let folder = NSTemporaryDirectory() + "masonry-bench-stream-\(getpid())"
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var feeds: [(name: String, path: String)] = []
    for count in [10_000, 100_000, 1_000_000] {
      let path = "\(folder)/generated-\(count).jsonl"
      writeGenerated(count: count, to: path)
      feeds.append(("generated \(count)", path))
    }
    let realText = "\(folder)/real-text.jsonl"
    writeRealText(count: 100_000, to: realText)
    feeds.append(("real text 100000", realText))

    var results: [String: [String: Double]] = [:]
    for feed in feeds {
      guard var figures = runScenario(feed.path) else {
        report.emit([("name", "stream.feed"), ("feed", feed.name), ("error", "scenario failed")])
        continue
      }
      let orjson = orjsonSeconds(feed.path)
      let ours = ((figures["first_frame_ms"] ?? 0) + (figures["load_ms"] ?? 0)) / 1000
      figures["whole_load_s"] = ours
      var fields: [(String, Any)] = [("name", "stream.feed"), ("feed", feed.name)]
      for key in [
        "cards", "first_frame_ms", "whole_load_s", "last_card_G_ms", "width_change_after_G_ms",
        "background_measuring_ms", "last_card_G_measured_ms", "search_keystroke_ms",
        "search_count_ms", "matches", "stored_mb", "peak_rss_mb",
      ] {
        fields.append((key, figures[key] ?? -1))
      }
      if let orjson {
        figures["orjson_s"] = orjson
        fields.append(("orjson_s", orjson))
        fields.append(("orjson_over_ours", orjson / ours))
      } else {
        fields.append(("orjson", "not installed (pip install orjson)"))
      }
      if feed.name.hasPrefix("generated"), let endToEnd = tmuxFirstFrame(feed.path) {
        figures["tmux_first_frame_ms"] = endToEnd
        fields.append(("tmux_first_frame_ms", endToEnd))
      }
      report.emit(fields)
      results[feed.name] = figures
    }
    reportTargets(results, report: &report)
  }

  private static func reportTargets(
    _ results: [String: [String: Double]], report: inout BenchmarkReport
  ) {
    guard let small = results["generated 10000"], let medium = results["generated 100000"],
      let large = results["generated 1000000"]
    else { return }
    func target(_ name: String, _ value: Double, _ limit: Double, atMost: Bool = true) {
      report.emit([
        ("name", "target"), ("target", name), ("value", value), ("limit", limit),
        ("met", atMost ? value <= limit : value >= limit),
      ])
    }
    target("first frame of 1M cards, ms", large["first_frame_ms"] ?? .infinity, 150)
    target(
      "first frame of 1M over 10k cards",
      (large["first_frame_ms"] ?? .infinity)
        / Swift.max(0.001, small["first_frame_ms"] ?? 0), 3)
    if let orjson = large["orjson_s"], let ours = large["whole_load_s"] {
      target("whole load of 1M cards, orjson time over ours", orjson / ours, 1, atMost: false)
    }
    target("peak memory for 1M cards after G, MB", large["peak_rss_mb"] ?? .infinity, 400)
    target("G after loading 1M cards, ms", large["last_card_G_ms"] ?? .infinity, 500)
    target(
      "width change after G at 100k cards, ms", medium["width_change_after_G_ms"] ?? .infinity, 50)
    target("search keystroke at 1M cards, ms", large["search_keystroke_ms"] ?? .infinity, 100)
  }

  /// `count` generated cards as JSON Lines, written a piece at a time.
  private static func writeGenerated(count: Int, to path: String) {
    _ = FileManager.default.createFile(atPath: path, contents: nil)
    guard let file = FileHandle(forWritingAtPath: path) else { return }
    defer { try? file.close() }
    let generator = FeedGenerator(seed: 42)
    var start = 0
    while start < count {
      let end = Swift.min(count, start + 20_000)
      var piece = ""
      for index in start..<end { piece += generator.line(index) + "\n" }
      file.write(Data(piece.utf8))
      start = end
    }
  }

  /// Real text: the bundled sample's hand-written Japanese and English, with its
  /// punctuation (most of it takes ICU), cycled to `count` cards.
  private static func writeRealText(count: Int, to path: String) {
    let sample = Array(BundledSample.collection().cards)
    var text = ""
    for index in 0..<count {
      var card = sample[index % sample.count]
      card.id = "r\(index)"
      card.image?.path = nil
      card.image?.source = nil
      text += card.jsonLine + "\n"
    }
    _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
  }

  /// The figures of `scenario` run in a child process.
  private static func runScenario(_ path: String) -> [String: Double]? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    process.arguments = ["feed", path]
    let output = Pipe()
    process.standardOutput = output
    guard (try? process.run()) != nil else { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let line = String(decoding: data, as: UTF8.self).split(separator: "\n").first {
      $0.contains("\"stream.feed\"")
    }
    guard let line,
      let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    else { return nil }
    return object.compactMapValues { ($0 as? NSNumber)?.doubleValue }
  }

  /// End to end: from starting the release `masonry` on `path` in a 120×40 tmux pane to
  /// the first frame showing cards there (the screen polled every 5 ms), or `nil` without
  /// tmux or the binary.
  private static func tmuxFirstFrame(_ path: String) -> Double? {
    let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
      .deletingLastPathComponent().appendingPathComponent("masonry").path
    guard FileManager.default.isExecutableFile(atPath: binary) else { return nil }
    let tmux = Tmux(socket: "masonry-bench-\(getpid())")
    defer { tmux.kill() }
    let start = DispatchTime.now().uptimeNanoseconds
    guard
      tmux.run([
        "new-session", "-d", "-s", "b", "-x", "120", "-y", "40",
        "env TERM=tmux-256color LANG=C.UTF-8 \(binary) --images none \(path); sleep 5",
      ])
    else { return nil }
    while DispatchTime.now().uptimeNanoseconds - start < 20_000_000_000 {
      if let screen = tmux.capture(["capture-pane", "-p", "-t", "b"]), screen.contains(" of ") {
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
      }
      usleep(5_000)
    }
    return nil
  }

  /// orjson's time for the same lines, or `nil` without Python or orjson.
  private static func orjsonSeconds(_ path: String) -> Double? {
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("scripts/orjson-baseline.py").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script, path]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0,
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { return nil }
    return (object["seconds"] as? NSNumber)?.doubleValue
  }
}
