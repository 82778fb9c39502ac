import Browser
import CardLayouts
import Cards
import FileCuration
import Foundation
import LayoutEngine
import PictureFiles
import TerminalCore
import TerminalTesting
import TestSupport
import Testing
import Thumbnails

/// The viewer (Enter on a picture): next and previous move the wall's selection, the zoom
/// and pan ask for a region of the picture, turns, the slideshow's clock, the facts
/// panel, and the thumbnails made ahead.
@Suite struct ViewerSessionTests {
  static let size = Size(width: 100, height: 30)

  /// The sample's cards with thumbnails on (symbols): every card has a picture.
  static func store(_ size: Size = ViewerSessionTests.size) -> BrowserStore {
    BrowserStore(BundledSample.collection(), size: size, pictures: .thumbnails(.palette240))
  }

  static func viewer(_ store: BrowserStore) -> PictureViewer? { store.state.mode.viewer }

  @Test func enterOpensTheViewerOnPicturesAndTheCardOtherwise() {
    var store = Self.store()
    store.send(.key(.enter)) { $0.mode = .viewer(PictureViewer()) }
    store.send(.key(.escape)) { $0.mode = .browsing }
    // With --images none too: the placeholder, the text, the facts.
    var placeholders = BrowserStore(BundledSample.collection(), size: Self.size)
    placeholders.send(.key(.enter)) { $0.mode = .viewer(PictureViewer()) }
    var words = BrowserStore(
      CardCollection(source: "w", cards: [Card(caption: "no picture")]), size: Self.size,
      pictures: .thumbnails(.palette240))
    words.send(.key(.enter)) { $0.mode = .detail(scroll: 0) }
  }

  @Test func nextAndPreviousMoveTheWallsSelection() {
    var store = Self.store()
    store.press(.enter)
    for key in [Key.character("n"), .character(" "), .right] { store.press(key) }
    #expect(store.state.selected == 3)
    store.press(.backspace, .character("p"), .left)
    #expect(store.state.selected == 0)
    store.send(.key(.character("p"))) { $0.message = "the first picture" }
    store.press(.character("G"))
    #expect(store.state.selected == store.state.shown.count - 1)
    store.send(.key(.character("n"))) { $0.message = "the last picture" }
    store.send(.mouse(MouseEvent(.wheelUp, x: 5, y: 5)))
    #expect(store.state.selected == store.state.shown.count - 2)
    // Closing shows the wall at the card last seen.
    store.press(.escape)
    let frame = store.selectedScreenFrame()
    #expect(frame.map { store.geometry().cardArea.intersects($0) } == true)
  }

  @Test func zoomPanAndTurnAskForARegionOfThePicture() throws {
    // A small screen: the sample's pictures (a few hundred pixels) overflow it at 100%.
    let size = Size(width: 80, height: 12)
    var store = Self.store(size)
    store.press(.enter)
    let fit = try #require(store.state.thumbnails.asked.first)
    #expect(fit.view == .whole && fit.columns == size.width && fit.rows == size.height - 2)
    #expect(store.frame().row(size.height - 1).contains("fit "))
    // Actual pixels: a cell of the symbols' 8 × 16 is 8 × 16 picture pixels.
    store.press(.character("="))
    #expect(Self.viewer(store)?.zoom == .scale(1))
    store.press(.character("+"), .character("+"))
    let zoomed = try #require(store.state.thumbnails.asked.first)
    #expect(!zoomed.view.isWholePicture)
    #expect(zoomed.decodeSide > fit.decodeSide, "a region is decoded from more pixels")
    let status = store.frame().row(size.height - 1)
    #expect(status.contains("200%") && status.contains("showing x "), "\(status)")
    // Pan right to the edge: the view stops there.
    store.press(.character("+"), .character("+"))
    for _ in 0..<20 { store.press(.character("l")) }
    let right = try #require(store.state.thumbnails.asked.first?.view)
    #expect(right.x + right.width == PictureView.unit && right.x > 0)
    store.press(.left)
    let back = try #require(store.state.thumbnails.asked.first?.view)
    #expect(back.x < right.x, "← pans while zoomed")
    #expect(store.state.selected == 0, "and does not change the picture")
    // Turns: four quarters come back upright, each asked for.
    store.press(.character("f"), .character("r"))
    #expect(store.state.thumbnails.asked.first?.view == .turned(1))
    store.press(.character("r"), .character("r"), .character("r"))
    #expect(store.state.thumbnails.asked.first?.view == .whole)
    store.press(.character("R"))
    #expect(store.state.thumbnails.asked.first?.view == .turned(3))
  }

  @Test func theNextAndPreviousPicturesAreMadeAhead() throws {
    var store = Self.store()
    store.press(.character("l"), .enter)
    let asked = store.state.thumbnails.asked
    let sources = asked.map(\.source)
    let shown = store.state.shown
    let cards = store.state.cards.cards
    #expect(
      sources
        == [1, 2, 0].map { cards[shown[$0]].image!.source! },
      "the picture shown, then the next, then the previous")
    #expect(Set(asked.map(\.columns)) == [Self.size.width])
  }

  @Test func theSlideshowStepsOnItsClockAndGoesRound() {
    var store = Self.store()
    store.press(.enter, .character("G"))
    #expect(store.state.selected == store.state.shown.count - 1)
    let start = store.state.time
    store.send(.key(.character("s")))
    #expect(store.state.message == "slideshow: a picture every 3 s (s stops)")
    #expect(store.state.deadline == start + 100 + 3000)
    var ticks = 0
    while store.state.selected != 0 && ticks < 100 {
      store.send(.tick)
      ticks += 1
    }
    #expect(store.state.selected == 0, "the last picture, then the first")
    #expect(ticks == 30, "every 100 ms a tick: the step at 3 s")
    store.send(.key(.character("s")))
    #expect(Self.viewer(store)?.slideshow == nil && store.state.deadline == nil)
  }

  @Test func theFactsPanelReadsTheHeaderOffTheLoop() throws {
    var store = Self.store()
    store.press(.enter)
    let effects = store.send(.key(.character("i")))
    let source = try #require(store.state.shownCard(0).image?.source)
    #expect(effects.contains(.readFacts(source)))
    let facts = PictureFacts(lines: [
      PictureFacts.Line("camera", "Canon EOS 5D"), PictureFacts.Line("ISO", "400"),
    ])
    store.send(.factsRead(source, .success(facts)))
    let text = store.frame().plainText()
    #expect(text.contains("camera      Canon EOS 5D") && text.contains("ISO         400"))
    // The next picture asks for its own.
    let next = store.send(.key(.character("n")))
    #expect(next.contains { if case .readFacts = $0 { true } else { false } })
  }

  @Test func dInTheViewerTrashesAndShowsTheNextPicture() throws {
    let (folder, collection) = try Sessions.pictureFolder(3)
    let curator = Curator(trash: Trash(dataHome: "\(folder)/data"), home: folder)
    var store = BrowserStore(collection, size: Self.size, pictures: .thumbnails(.palette240))
    store.press(.character("l"), .enter)
    let effects = store.send(.key(.character("d")))
    #expect(effects.contains(.curate(.trash(["\(folder)/p1.jpg"]))))
    store.send(.curated(curator.perform(.trash(["\(folder)/p1.jpg"]))))
    #expect(store.state.mode.viewer != nil)
    #expect(store.state.selectedCard == 2, "the next picture takes its place")
  }

  @Test func slideshowOptionStartsInTheViewerOnTheFirstPicture() {
    let collection = BundledSample.collection()
    var app = BrowserApp(collection: collection, options: LayoutOptions(), slideshow: 500) {
      collection
    }
    var terminal = InMemoryTerminal(
      size: Self.size,
      script: [.wait(milliseconds: 600), .wait(milliseconds: 600), .event(.key(.character("q")))],
      wakeUp: app.wakeUp)
    app.run(on: &terminal)
    #expect(app.state.mode.base == .browsing, "q closed the viewer")
    #expect(app.state.selected == 2, "a step at each wait past its time")
    let said = terminal.frames.map { $0.row(Self.size.height - 1) }
    #expect(said.contains { $0.contains("slideshow 0.5 s") })
  }
}
