import Browser
import CardLayouts
import Cards
import LayoutEngine
import PictureFiles
import TerminalCore
import TerminalScreen
import TerminalTesting
import Testing
import Thumbnails

/// Thumbnails through the event path: asked for by an effect, made on workers, delivered
/// as events, drawn in the cards.
@Suite struct PictureSessionTests {
  @Test func thumbnailsArriveAndReplaceThePlaceholders() {
    let sample = BundledSample.collection()
    var app = BrowserApp(
      collection: sample, options: LayoutOptions(), pictures: .thumbnails(.palette240)
    ) { sample }
    let script: [InMemoryTerminal.Step] = [.wakeUpsUntilIdle(idleMilliseconds: 2000)]
    var terminal = InMemoryTerminal(
      size: Size(width: 120, height: 40), script: script, wakeUp: app.wakeUp)
    app.run(on: &terminal)
    let first = terminal.frames.first!
    let last = terminal.lastFrame!
    let placeholders = { (screen: Screen) in screen.cells.filter { $0.grapheme == "░" }.count }
    #expect(placeholders(first) > 0)
    #expect(placeholders(last) < placeholders(first), "pictures replaced placeholders")
    #expect(app.state.thumbnails.count > 0)
  }
}
