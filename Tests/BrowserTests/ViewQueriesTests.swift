import Browser
import CardLayouts
import Cards
import LayoutEngine
import TestSupport
import Testing

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
