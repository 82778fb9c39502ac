import Cards
import Foundation
import LayoutEngine
import TestSupport

/// Loading JSON Lines feeds, and measuring and laying out a million cards end to end.
enum CardBenchmark {
  /// The baseline reader: Foundation's JSONDecoder, line by line, into the same fields.
  private struct DecodedCard: Decodable {
    struct Image: Decodable {
      var width: Int
      var height: Int
      var color: String?
    }
    var id: String?
    var caption: String
    var comment: String?
    var image: Image?
    var tags: [String]?
    var section: String?
  }

  static func run(report: inout BenchmarkReport) {
    for count in [100_000, 1_000_000] {
      let path = NSTemporaryDirectory() + "masonry-bench-\(count).jsonl"
      let feed = FeedGenerator(seed: 42).jsonLines(count: count)
      _ = FileManager.default.createFile(atPath: path, contents: Data(feed.utf8))
      defer { try? FileManager.default.removeItem(atPath: path) }

      var collection: CardCollection?
      let ours = Stopwatch.nanoseconds(perOperationOf: count, rounds: count > 100_000 ? 1 : 3) {
        collection = try? CardLoader.load(path: path)
      }
      let decoder = JSONDecoder()
      var decoded = 0
      let baseline = Stopwatch.nanoseconds(perOperationOf: count, rounds: 1) {
        guard let data = FileManager.default.contents(atPath: path) else { return }
        for line in data.split(separator: UInt8(ascii: "\n")) {
          if (try? decoder.decode(DecodedCard.self, from: line)) != nil { decoded += 1 }
        }
      }
      report.emit([
        ("name", "cards.load_jsonl"), ("cards", collection?.cards.count ?? 0),
        ("ours_cards_per_second", 1e9 / ours),
        ("baseline_jsondecoder_cards_per_second", 1e9 / baseline), ("ratio", baseline / ours),
        ("baseline_cards", decoded),
      ])

      guard count == 1_000_000, let collection else { continue }
      // End to end: count every card's lines at one width, measure at the column width, lay out.
      var measurer: CardMeasurer?
      let prepareText = Stopwatch.nanoseconds(perOperationOf: count, rounds: 1) {
        measurer = CardMeasurer(store: collection.cards)
        for index in 0..<collection.cards.count { _ = measurer?.metrics(ofCard: index, width: 40) }
      }
      guard let measurer else { continue }
      var layout = MasonryLayout(options: .init(columns: .adaptive(minimumWidth: 26)))
      let all = CardSelection(all: collection)
      let lookup = all.pathLookup
      // Measured as the browser measures: runs of a section's cards at a time.
      func context(width: Int) -> LayoutContext {
        LayoutContext(
          containerSize: Size(width: width, height: 40), sections: all.sectionSpecs(),
          measure: measurer.itemMeasure(
            cardIndex: { lookup.cardIndex(of: $0) },
            cardIndices: { lookup.cardIndices(section: $0, items: $1, into: $2) }))
      }
      let layOut = Stopwatch.nanoseconds(perOperationOf: count, rounds: 1) {
        layout.prepare(context(width: 120))
      }
      let relayout = Stopwatch.nanoseconds(perOperationOf: count, rounds: 1) {
        layout.prepare(context(width: 97))
      }
      let firstScreen = Stopwatch.nanoseconds(perOperationOf: 1, rounds: 5) {
        layout.prepare(context(width: 120), through: 40)
      }
      report.emit([
        ("name", "cards.measure_and_layout_1M"), ("cards", count),
        ("count_lines_cards_per_second", 1e9 / prepareText),
        ("measure_and_layout_cards_per_second", 1e9 / layOut),
        ("resize_relayout_cards_per_second", 1e9 / relayout),
        ("end_to_end_seconds", (prepareText + layOut) * Double(count) / 1e9),
        ("first_screen_ms", firstScreen / 1e6),
      ])
    }
  }
}
