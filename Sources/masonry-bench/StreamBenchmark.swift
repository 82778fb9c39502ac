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
    var state = BrowserState(size: .zero, layout: LayoutOptions())
    state.load = .waiting
    var content: BrowserContent!
    var reader: CardStreamReader!
    var time = 0
    var searchJob: SearchJob?
    var measureJob: MeasureJob?
    func send(_ event: BrowserEvent) {
      time += 1
      for effect in BrowserReducer.reduce(&state, event, at: time, content: &content) {
        if case .search(let job) = effect { searchJob = job }
        if case .measure(let job) = effect { measureJob = job }
      }
    }
    // First frame: open, read the first piece, compose.
    let firstFrame = clock.measure {
      reader = try! CardStreamReader(path: path, options: CardReadOptions())
      content = BrowserContent(collection: CardCollection(source: path, store: CardStore()))
      let (chunks, _, _) = reader.next()
      send(.started(size))
      send(
        .cardsArrived(
          LoadedCards(chunks: chunks, bytesRead: reader.bytesRead, totalBytes: reader.size)))
      _ = FrameComposer.compose(state, content: &content)
    }
    // The rest, as the loading thread hands it over, each piece shown.
    let load = clock.measure {
      while true {
        let (chunks, error, finished) = reader.next()
        if !chunks.isEmpty {
          send(
            .cardsArrived(
              LoadedCards(chunks: chunks, bytesRead: reader.bytesRead, totalBytes: reader.size)))
          _ = FrameComposer.compose(state, content: &content)
        }
        if finished {
          send(.loadFinished(error))
          break
        }
      }
    }
    let cards = content.collection.cards.count
    let last = clock.measure {
      send(.key(.character("G")))
      _ = FrameComposer.compose(state, content: &content)
    }
    let resize = clock.measure {
      send(.resized(Size(width: 97, height: 40)))
      _ = FrameComposer.compose(state, content: &content)
    }
    // At the top, another width: the first screen is placed, and the measuring worker
    // counts every card's lines meanwhile (here on this thread, timed apart); then G.
    send(.key(.character("g")))
    measureJob = nil
    send(.resized(Size(width: 110, height: 40)))
    _ = FrameComposer.compose(state, content: &content)
    var measured: [MeasuredCounts] = []
    let background = clock.measure { measureJob?.run { measured.append($0) } }
    for counts in measured { send(.measured(counts)) }
    let warmLast = clock.measure {
      send(.key(.character("G")))
      _ = FrameComposer.compose(state, content: &content)
    }
    let resizeBack = clock.measure {
      send(.resized(size))
      _ = FrameComposer.compose(state, content: &content)
    }
    if ProcessInfo.processInfo.environment["MASONRY_BENCH_WIDTHS"] != nil {
      // Profiling aid: many width changes in a row.
      for width in 60..<120 {
        send(.resized(Size(width: width, height: 40)))
        _ = FrameComposer.compose(state, content: &content)
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
            _ = FrameComposer.compose(state, content: &content)
          }))
    }
    // The count, filled in by the worker (run here, on this thread).
    let count = clock.measure {
      if let job = searchJob {
        var results: [SearchFound] = []
        job.run { results.append($0) }
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
      ("matches", content.shown.count),
      ("stored_mb", Double(content.collection.cards.storedBytes) / 1e6),
      ("peak_rss_mb", PeakMemory.megabytes()),
    ])
  }
}
