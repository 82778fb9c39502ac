import Browser
import CardLayouts
import Cards
import LayoutEngine
import TerminalCore
import TestSupport
import Testing
import Thumbnails

/// The reducer asks `ViewQueries` for the thumbnails of the picture boxes on screen instead
/// of building the scene: over seeded random sessions on the sample's pictures (keys that
/// open cards, scroll, switch layouts and search; the mouse; resizes down to 1×1), what it
/// asks for is exactly what the scene draws boxes for, in the same order.
@Suite struct ViewQueriesTests {
  @Test(arguments: 0..<2)
  func theRequestsOnScreenAreTheScenesBoxes(batch: Int) {
    let sample = BundledSample.collection()
    var random = SeededGenerator(seed: UInt64(12_000 + batch))
    var compared = 0
    var nonEmpty = 0
    var open = 0
    for sequence in 0..<15 {
      var size = Size(
        width: Int.random(in: 20...160, using: &random),
        height: Int.random(in: 8...60, using: &random))
      var state = BrowserState(size: .zero, cards: sample, pictures: .thumbnails(.palette240))
      let caches = BrowserCaches()
      var time = 0
      _ = BrowserReducer.reduce(&state, .started(size), at: time, caches: caches)
      for step in 0..<50 {
        let event = RandomInput.browserEvent(&random, size: &size)
        time += 40
        _ = BrowserReducer.reduce(&state, event, at: time, caches: caches)
        guard state.transition == nil else { continue }
        let drawn = BrowserScene(state, caches: caches).pictureBoxes.sorted { a, b in
          (a.card == nil ? 0 : 1, a.frame.minY, a.frame.minX)
            < (b.card == nil ? 0 : 1, b.frame.minY, b.frame.minX)
        }.compactMap(\.request)
        let asked = ViewQueries.pictureRequestsOnScreen(state, caches: caches)
        #expect(asked == drawn, "batch \(batch), sequence \(sequence), step \(step): \(event)")
        compared += 1
        if !drawn.isEmpty { nonEmpty += 1 }
        if state.mode.viewer != nil && !drawn.isEmpty { open += 1 }
      }
    }
    // Many steps show pictures, some of them the viewer's: the comparison is not of two
    // empty lists.
    #expect(
      compared > 500 && nonEmpty > compared / 3 && open > 10,
      "\(compared) compared, \(nonEmpty) with pictures, \(open) with the viewer's")
  }
}

/// On a slow link the pictures on screen are asked for again with about half the pixels
/// where the terminal scales them (kitty), and sixels in 64 colours; on a fast one, or
/// with `--link local`, as made for the terminal's cells.
@Suite struct SlowLinkRequestTests {
  static func requests(
    _ protocolKind: PixelProtocol, link: PictureLink, choice: LinkChoice = .auto
  ) -> [ThumbnailRequest] {
    var capabilities = TerminalCapabilities(
      colorDepth: .direct, pixelProtocol: protocolKind,
      cellPixelSize: CellShape(width: 10, height: 20))
    capabilities.sixelColors = 256
    capabilities.overSSH = true
    var state = BrowserState(
      size: .zero, cards: BundledSample.collection(), pictures: .thumbnails(.truecolor),
      capabilities: capabilities)
    state.linkChoice = choice
    let caches = BrowserCaches()
    _ = BrowserReducer.reduce(&state, .started(Size(width: 100, height: 30)), at: 0, caches: caches)
    _ = BrowserReducer.reduce(&state, .pictureLinkChanged(link), at: 10, caches: caches)
    return ViewQueries.pictureRequestsOnScreen(state, caches: caches)
  }

  @Test func aSlowLinkAsksForSmallerPictures() {
    let slow = PictureLink(pending: 500_000, throughput: 140_000)
    let kittySlow = Self.requests(.kitty, link: slow)
    let kittyFast = Self.requests(.kitty, link: PictureLink(throughput: 50_000_000))
    #expect(!kittySlow.isEmpty && kittySlow.count == kittyFast.count)
    #expect(kittySlow.allSatisfy { $0.cellShape == CellShape(width: 5, height: 10) })
    #expect(kittyFast.allSatisfy { $0.cellShape == CellShape(width: 10, height: 20) })
    #expect(
      Self.requests(.kitty, link: slow, choice: .local).allSatisfy {
        $0.cellShape == CellShape(width: 10, height: 20)
      })
    // A sixel is drawn at its own pixels: the same cells, fewer colours.
    let sixel = Self.requests(.sixel, link: slow)
    #expect(
      sixel.allSatisfy { $0.cellShape == CellShape(width: 10, height: 20) && $0.sixelColors == 64 })
  }

  /// On a slow link a picture comes in symbols as well, in the cells its pixels are drawn
  /// over (kitty above the text, a sixel in place of it), shown until they arrive; not
  /// where the cells are the picture (placeholders), nor on a fast link.
  @Test func aSlowLinkShowsSymbolsUntilThePixelsArrive() {
    let slow = PictureLink(pending: 500_000, throughput: 140_000)
    for kind in PixelProtocol.allCases {
      let requests = Self.requests(kind, link: slow)
      #expect(!requests.isEmpty && requests.allSatisfy { $0.symbolsUnder == kind.showsOverText })
      #expect(
        Self.requests(kind, link: PictureLink(throughput: 50_000_000)).allSatisfy {
          !$0.symbolsUnder
        })
      #expect(Self.requests(kind, link: slow, choice: .local).allSatisfy { !$0.symbolsUnder })
    }
    #expect(PixelProtocol.kitty.showsOverText && PixelProtocol.sixel.showsOverText)
    #expect(!PixelProtocol.kittyUnicode.showsOverText)
  }

  /// Over SSH (or `--link slow`) pictures go a cell row at a time, whatever the link
  /// measures (`LinkChoice.queuesCellPictures`): the requests ask for the rows encoded
  /// ahead; `--link local` does not.
  @Test func picturesGoingByCellRowAreAskedForSo() {
    for kind in PixelProtocol.allCases {
      for link in [PictureLink(throughput: 140_000), PictureLink(throughput: 50_000_000)] {
        let requests = Self.requests(kind, link: link)
        #expect(!requests.isEmpty && requests.allSatisfy(\.byCellRow))
        #expect(Self.requests(kind, link: link, choice: .local).allSatisfy { !$0.byCellRow })
      }
    }
  }
}
