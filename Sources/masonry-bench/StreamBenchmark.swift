import Cards
import Foundation

/// Feeds of many cards: loading, the first frame, `G`, a width change, a search.
enum StreamBenchmark {
  /// Loads `path` whole and reports the time and the memory.
  static func load(path: String, report: inout BenchmarkReport) {
    let start = DispatchTime.now().uptimeNanoseconds
    let collection = try? CardLoader.load(path: path)
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    report.emit([
      ("name", "stream.load"), ("path", path), ("cards", collection?.cards.count ?? -1),
      ("seconds", seconds), ("stored_mb", Double(collection?.cards.storedBytes ?? 0) / 1e6),
      ("peak_rss_mb", PeakMemory.megabytes()),
    ])
  }
}
