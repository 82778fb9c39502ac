import Browser
import CardLayouts
import Cards
import LayoutEngine
import TerminalCore
import TerminalScreen
import TestSupport
import Testing

/// The caches hold only what can be made again from the state: over seeded random
/// sessions (keys, mouse, pastes, resizes, searches, cards streaming in), a browser whose
/// caches are dropped at random steps shows exactly the frames of one that kept them, and
/// every frame is the one fresh caches make from the state alone.
@Suite struct CacheIndependenceTests {
  /// A feed in small pieces, so that many arrive during a session.
  static let pieces = Sessions.chunks(count: 2_400, chunkCards: 300)

  @Test(.slow, arguments: 0..<4)
  func framesDoNotDependOnTheCaches(batch: Int) {
    var random = SeededGenerator(seed: UInt64(9_100 + batch))
    for sequence in 0..<20 {
      var size = Size(
        width: Int.random(in: 20...140, using: &random),
        height: Int.random(in: 8...50, using: &random))
      var first = CardCollection(source: "feed.jsonl", store: CardStore())
      first.append(Self.pieces[0])
      var state = BrowserState(size: .zero, cards: first)
      state.load = .loading(bytesRead: 1, totalBytes: nil)
      var kept = HeadlessBrowser(state)
      var dropped = kept
      kept.send(.started(size))
      dropped.send(.started(size))
      var next = 1
      for step in 0..<40 {
        var event = RandomInput.browserEvent(&random, size: &size)
        if Int.random(in: 0..<4, using: &random) == 0 && next <= Self.pieces.count {
          event =
            next < Self.pieces.count
            ? .cardsArrived(
              LoadedCards(chunks: [Self.pieces[next]], bytesRead: next, totalBytes: nil))
            : .loadFinished(nil)
          next += 1
        }
        kept.send(event, after: 60)
        if Bool.random(using: &random) { dropped.dropCaches() }
        dropped.send(event, after: 60)
        let note = "batch \(batch), sequence \(sequence), step \(step): \(event)"
        let frame = kept.frame
        let sameAsDropped = frame == dropped.frame
        let sameAsFresh = frame == FrameComposer.compose(kept.state, caches: BrowserCaches())
        #expect(sameAsDropped, "\(note): the browser that dropped its caches differs")
        #expect(sameAsFresh, "\(note): fresh caches draw another frame")
        if !sameAsDropped || !sameAsFresh { return }
      }
    }
  }
}
