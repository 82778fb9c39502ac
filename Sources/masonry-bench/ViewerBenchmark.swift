import Browser
import CBenchPictures
import CardLayouts
import Cards
import Foundation
import LayoutEngine
import PictureFiles
import TerminalCore
import TerminalScreen
import Thumbnails

/// The viewer through the browser's own loop (`BrowserApp` in a `TimedTerminal` that
/// draws for kitty, 120×40 cells of 9×18 pixels) on a folder of five 24-megapixel JPEGs
/// (6000×4000): `n` after the next picture was made ahead (the target: at most 100 ms from
/// the key to the frame that places it), the same step to a picture not made ahead (`G`,
/// the baseline: decoding and encoding on demand), then actual pixels on it (the region
/// decoded from the whole picture) and a pan (the same decode, cached).
enum ViewerBenchmark {
  static func run(report: inout BenchmarkReport) {
    let folder = PictureBenchmark.makeFolder() + "/viewer"
    mkdir(folder, 0o755)
    _ = BundledSample.collection()  // registers the sample's pictures
    guard let cat = try? DecodedPicture.decode(.embedded("pictures/cat.jpg"), maxSide: 1 << 20)
    else { return }
    let pixels = PictureBenchmark.photo(from: cat, width: 6000, height: 4000, alpha: false)
    var bytes = 0
    for index in 1...5 {
      let path = "\(folder)/photo-\(index).jpg"
      masonry_bench_write_jpeg(path, pixels, 6000, 4000, 90, 0)
      bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }
    guard
      let collection = try? PictureCards.load(
        paths: [folder], recursive: false, sort: .name)
    else { return }
    let size = Size(width: 120, height: 40)
    let capabilities = TerminalCapabilities(
      colorDepth: .direct, pixelProtocol: .kitty, cellPixelSize: CellShape(width: 9, height: 18))
    func status(_ screen: Screen) -> String { screen.row(screen.height - 1) }
    final class Seen: @unchecked Sendable { var id: UInt32 = 0 }
    let seen = Seen()
    /// Done at the frame that places `name` over the screen's width (the viewer's picture).
    func shows(_ name: String) -> ([PicturePlacement]) -> Bool {
      { placements in
        guard
          let placed = placements.first(where: {
            $0.picture.label.hasSuffix(name) && $0.box.width >= 100
          })
        else { return false }
        seen.id = placed.picture.id
        return true
      }
    }
    /// Done at the first frame that places a picture other than the one seen last (a zoom
    /// or pan shows the view before it until its own is made).
    let changes: ([PicturePlacement]) -> Bool = { placements in
      guard let placed = placements.first, placed.picture.id != seen.id else { return false }
      seen.id = placed.picture.id
      return true
    }
    let always: (Screen) -> Bool = { _ in true }
    let zoomed: (Screen) -> Bool = { status($0).contains("100%") }
    let steps: [TimedTerminal.Step] = [
      .init(name: "wall", event: nil, isDone: { status($0).contains("of 5") }),
      .init(
        name: "open", event: .key(.enter), isDone: always, picturesDone: shows("photo-1.jpg")),
      .init(
        name: "next_made_ahead", event: .key(.character("n")), isDone: always,
        picturesDone: shows("photo-2.jpg"), after: 3000),
      .init(
        name: "last_on_demand", event: .key(.character("G")), isDone: always,
        picturesDone: shows("photo-5.jpg"), after: 3000),
      .init(
        name: "actual_pixels", event: .key(.character("=")), isDone: zoomed,
        picturesDone: changes, after: 1000),
      .init(
        name: "pan", event: .key(.character("l")), isDone: zoomed, picturesDone: changes,
        after: 500),
    ]
    let wakeUp = WakeUpSignal()
    var terminal = TimedTerminal(
      size: size, wakeUp: wakeUp, steps: steps, started: ContinuousClock().now)
    do {
      var app = BrowserApp(
        collection: collection, options: LayoutOptions(),
        pictures: .thumbnails(.truecolor), capabilities: capabilities, wakeUp: wakeUp,
        reload: { collection })
      app.run(on: &terminal)
    }
    guard terminal.isFinished else {
      report.emit([
        ("name", "viewer"),
        ("error", "the viewer ended before the script's frames: \(terminal.timings.keys.sorted())"),
      ])
      return
    }
    let timings = terminal.timings
    let next = timings["next_made_ahead"] ?? .infinity
    report.emit([
      ("name", "viewer"), ("pictures", "5 JPEGs of 6000x4000"), ("jpeg_bytes", bytes),
      ("terminal", "kitty 120x40 cells of 9x18 px"),
      ("open_ms", timings["open"] ?? 0), ("next_made_ahead_ms", next),
      ("next_on_demand_ms", timings["last_on_demand"] ?? 0),
      ("actual_pixels_ms", timings["actual_pixels"] ?? 0), ("pan_ms", timings["pan"] ?? 0),
      ("target_next_ms", 100), ("next_met", next <= 100),
    ])
  }
}
