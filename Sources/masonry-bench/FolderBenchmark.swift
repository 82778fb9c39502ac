import Browser
import CardLayouts
import Cards
import Foundation
import LayoutEngine
import PictureFiles
import Thumbnails

#if canImport(Glibc)
  import Glibc
#endif

/// The first frame of a folder of 1,000 pictures, with placeholders: only headers are
/// read before it, so it should take a few hundred milliseconds at most.
enum FolderBenchmark {
  static func run(report: inout BenchmarkReport) {
    _ = BundledSample.collection()
    var template = Array("/tmp/masonry-folder-XXXXXX".utf8CString)
    let folder = template.withUnsafeMutableBufferPointer {
      String(cString: mkdtemp($0.baseAddress!))
    }
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // The sample's 16 pictures, linked under 1,008 names (links: the files are opened and
    // read like any other, without copying 30 MB).
    let names = [
      "bee.gif", "capybara.jpg", "cat.jpg", "clownfish.gif", "dog.jpg", "flamingo.webp",
      "fox.webp", "frog.png", "hedgehog.png", "owl.png", "penguin.png", "pig.jpg", "rabbit.png",
      "seahorse.gif", "squirrel.png", "toucan.webp",
    ]
    for name in names {
      guard let bytes = EmbeddedPictures.bytes(named: "pictures/" + name) else { continue }
      PictureBenchmark.write(bytes, to: folder + "/original-" + name)
    }
    var count = 0
    for copy in 0..<63 {
      for name in names {
        if link(folder + "/original-" + name, folder + "/photo-\(copy)-" + name) == 0 {
          count += 1
        }
      }
    }
    let clock = ContinuousClock()
    var loaded = 0
    var shown = 0
    let elapsed = clock.measure {
      guard
        let collection = try? PictureCards.load(paths: [folder], recursive: false, sort: .name)
      else { return }
      loaded = collection.cards.count
      var state = BrowserState(
        size: Size(width: 120, height: 40), cards: collection, layout: LayoutOptions())
      state.selected = 0
      let screen = FrameComposer.compose(state, caches: BrowserCaches())
      shown = screen.cells.filter { $0.grapheme == "░" }.count
    }
    let milliseconds =
      Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15
    report.emit([
      ("name", "folder_first_frame"), ("pictures", loaded), ("linked", count),
      ("first_frame_ms", milliseconds), ("placeholder_cells", shown),
      ("met", milliseconds < 500 && loaded > 1000),
    ])
  }
}
