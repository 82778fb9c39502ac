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

/// Keys before pictures: a burst of thumbnails is a frame or two, not one each, and a key
/// held down draws pictures as their placeholders until it is let go.
@Suite struct PictureLatencyTests {
  @Test func aBurstOfThumbnailsDrawsFewFrames() {
    let sample = BundledSample.collection()
    var app = BrowserApp(
      collection: sample, options: LayoutOptions(), pictures: .thumbnails(.palette240)
    ) { sample }
    var terminal = InMemoryTerminal(
      size: Size(width: 120, height: 40), script: [.wakeUpsUntilIdle(idleMilliseconds: 2000)],
      wakeUp: app.wakeUp)
    app.run(on: &terminal)
    #expect(app.state.thumbnails.count >= 10, "thumbnails arrived")
    #expect(
      terminal.frames.count < app.state.thumbnails.count / 2, "\(terminal.frames.count) frames")
    let placeholders = terminal.lastFrame!.cells.filter { $0.grapheme == "░" }.count
    #expect(placeholders < terminal.frames.first!.cells.filter { $0.grapheme == "░" }.count)
  }

  @Test func aKeyHeldDownDrawsPlaceholdersUntilItIsLetGo() {
    let sample = BundledSample.collection()
    var browser = HeadlessBrowser(
      BrowserState(size: .zero, cards: sample, pictures: .thumbnails(.palette240)))
    browser.send(.started(Size(width: 120, height: 40)))
    func placeholders() -> Int { browser.frame.cells.filter { $0.grapheme == "░" }.count }
    let drawn = placeholders()
    browser.send(.key(.character("j")), after: 200)
    #expect(browser.state.keysRepeatUntil == nil, "one key: pictures stay")
    #expect(placeholders() <= drawn + 200)
    browser.send(.key(.character("j")), after: 35)
    browser.send(.key(.character("j")), after: 35)
    #expect(browser.state.keysRepeatUntil != nil, "repeated: the key is held down")
    let held = placeholders()
    #expect(held > drawn + 1_000, "pictures are placeholders while the key repeats")
    browser.send(.tick, after: BrowserReducer.keyRepeatSettle + 10)
    #expect(browser.state.keysRepeatUntil == nil)
    #expect(placeholders() < held, "and come back when it is let go")
  }
}
