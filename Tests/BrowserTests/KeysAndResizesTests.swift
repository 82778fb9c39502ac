import Browser
import CardLayouts
import Cards
import LayoutEngine
import TerminalCore
import TerminalScreen
import Testing
import Widgets

/// Keys and resizes as people met them in real terminals, each asserted step by step.
@Suite struct KeysAndResizesTests {
  static let large = Size(width: 120, height: 40)

  /// Selects, by a click, the card whose top border is on screen row `row` (or the first
  /// one below it); returns the row it is at.
  static func clickCard(nearRow row: Int, _ store: inout BrowserStore) -> Int {
    let geometry = store.geometry()
    let cards = store.caches.cards(
      in: geometry.viewport(scrolledTo: store.state.scrollOffset), for: store.state)
    let shift = geometry.cardArea.minY - store.state.scrollOffset
    let target = cards.filter { $0.frame.minY + shift >= row }
      .min { ($0.frame.minY, $0.frame.minX) < ($1.frame.minY, $1.frame.minX) }!
    let top = target.frame.minY + shift
    store.send(.mouse(MouseEvent(.click, x: target.frame.minX + 2, y: top + 1))) {
      $0.selected = target.index
      $0.selectionRow = top
    }
    return top
  }

  @Test func aResizeKeepsTheSelectedCardAtItsRowAndComesBack() {
    var store = BrowserStore(size: Self.large)
    let row = Self.clickCard(nearRow: 13, &store)
    #expect(row >= 13 && row < 25, "a card in the middle of the screen")
    let card = store.selectedCard
    let before = store.frame()

    store.send(.resized(Size(width: 40, height: 12)))
    #expect(store.selectedCard == card, "the same card stays selected")
    #expect(store.state.selectionRow == row, "its row is remembered")
    let small = store.selectedScreenFrame()!
    let area = store.geometry().cardArea
    #expect(small.minY >= area.minY && small.minY < area.maxY, "its top border shows")
    #expect(store.frame().row(small.minY).contains("┏"))

    store.send(.resized(Self.large))
    #expect(store.selectedCard == card)
    #expect(store.selectedScreenFrame()?.minY == row)
    #expect(store.frame() == before, "back exactly where it was")
  }

  @Test func aRoundTripThroughATinyWindowAtTheTopComesBackExactly() {
    var store = BrowserStore(size: Self.large)
    let first = store.frame()
    #expect(first.row(3).hasPrefix("── mammals"))
    store.send(.resized(Size(width: 20, height: 8)))
    #expect(store.selectedCard == 0)
    store.send(.resized(Self.large)) {
      $0.terminalSize = Self.large
    }
    #expect(store.frame() == first)
  }

  @Test func resizesFrom200To30ColumnsAndBackKeepTheRowWheneverTheScreenAllows() {
    var store = BrowserStore(size: Size(width: 200, height: 50))
    store.press(.pageDown, .pageDown)
    let row = Self.clickCard(nearRow: 20, &store)
    let card = store.selectedCard
    for width in Array(stride(from: 190, through: 30, by: -20)) + [50, 80, 110, 140, 170, 200] {
      store.send(.resized(Size(width: width, height: 50)))
      #expect(store.selectedCard == card, "width \(width)")
      let frame = store.selectedScreenFrame()!
      let geometry = store.geometry()
      let maximum = Scrolling.maximumOffset(store.state, store.caches, geometry: geometry)
      if store.state.scrollOffset != 0 && store.state.scrollOffset != maximum
        && frame.height <= geometry.cardArea.height
      {
        #expect(frame.minY == row, "row at width \(width)")
      }
    }
  }

  @Test func firstAndLastKeysSelectTheEndsAndALayoutSwitchAfterGStartsAtTheTop() {
    var store = BrowserStore(size: Self.large)
    let count = store.state.shown.count
    for end in [Key.character("G"), .end] {
      store.send(.key(end))
      #expect(store.state.selected == count - 1)
      let area = store.geometry().cardArea
      #expect(store.selectedScreenFrame()!.intersects(area), "the last card shows")
      store.send(.key(.home)) {
        $0.selected = 0
        $0.scrollOffset = 0
        $0.selectionRow = 4
      }
    }
    store.press(.pageDown, .pageDown, .character("G"), .character("g"))
    #expect(store.state.selected == 0 && store.state.scrollOffset == 0)
    store.send(.key(.character("2")))
    #expect(store.state.layoutOptions.kind == .grid)
    #expect(store.state.scrollOffset == 0, "the grid starts at the top")
    #expect(store.state.selected == 0)
  }

  @Test func tagStripWalksInReadingOrderAndScrollsBackOnEscape() {
    var store = BrowserStore(size: Size(width: 60, height: 30))
    let strip = TagStripWidget(tags: store.state.tags.order, layout: store.geometry().tagStrip)
    let order = strip.readingOrder
    #expect(order != Array(order.indices), "the strip deals tags into rows: reading order differs")
    store.send(.key(.character("t"))) { $0.mode = .tags(focused: order[0]) }
    var visited = [order[0]]
    for _ in 1..<order.count {
      store.send(.key(.right))
      visited.append(store.state.mode.focusedTag!)
    }
    #expect(visited == order, "→ walks row by row, left to right")
    #expect(store.state.tagStripOffset > 0, "the strip scrolled to the last tag")
    store.send(.key(.escape)) {
      $0.mode = .browsing
      $0.tagStripOffset = 0
    }
    let top = store.frame().row(0)
    #expect(top.hasSuffix(" \(store.state.tags.order.count) tags"))
    #expect(store.frame().plainText().contains("›"), "rows cut at the edge say so")
  }

  @Test func theHelpScrollsInASmallTerminalAndSaysWhenMoreIsBelow() {
    var store = BrowserStore(size: Size(width: 50, height: 14))
    store.send(.key(.character("?"))) { $0.mode = .help(scroll: 0, over: .browsing) }
    #expect(store.frame().plainText().contains("↓ more"))
    store.send(.key(.character("j"))) { $0.mode = .help(scroll: 1, over: .browsing) }
    for _ in 0..<20 { store.send(.key(.pageDown)) }
    let bottom = store.frame().plainText()
    #expect(!bottom.contains("↓ more"), "at the end nothing more is below")
    #expect(bottom.contains("close the help"), "the last line shows")
    store.send(.key(.escape)) { $0.mode = .browsing }
  }

  @Test func searchHighlightsMatchesAndSaysWhenOnlyATagMatched() {
    var store = BrowserStore(size: Self.large)
    store.send(.key(.character("/"))) { $0.mode = .searching(previousQuery: "") }
    store.send(.paste("Long\nears")) {
      $0.searchQuery = "Long ears"
      $0.selected = 0
      // One card in one section: its section's header above it, under the strip.
      $0.selectionRow = 4
    }
    #expect(store.state.mode.isEditingSearch, "a pasted newline does not end the search")
    let frame = store.frame()
    let matchCells = frame.cells.filter { $0.style.background == Theme.match.background }
    #expect(matchCells.map(\.grapheme).joined() == "Long ears", "the match is highlighted")

    // A card that matches through a tag only: the tag is named on the status line.
    let cards = store.state.cards.cards
    let (tag, card) = store.state.tags.order.lazy.compactMap { tag -> (String, Int)? in
      let index = cards.firstIndex {
        $0.tags.contains(tag)
          && !($0.caption + ($0.comment ?? "")).lowercased().contains(tag.lowercased())
      }
      return index.map { (tag, $0) }
    }.first!
    var tagged = BrowserStore(size: Self.large)
    tagged.press(.character("/"))
    tagged.send(.paste(tag))
    tagged.press(.enter)
    while tagged.selectedCard != card { tagged.press(.character("n")) }
    #expect(tagged.frame().row(39).contains("matched tag #\(tag)"))
  }

  @Test func cutTextEndsWithAnEllipsisInEveryLayout() {
    let sample = BundledSample.collection()
    let measurer = CardMeasurer(store: sample.cards)
    var cut = 0
    for index in sample.cards.indices {
      for (width, height) in [(14, 8), (20, 8), (30, 6), (16, 5)] {
        let natural = measurer.metrics(ofCard: index, width: width)
        let drawn = measurer.drawnLines(ofCard: index, width: width, height: height)
        #expect(drawn.metrics.height <= max(height, CardStyle.verticalChrome + 1))
        let hidden =
          drawn.metrics.captionRows < natural.captionRows
          || drawn.metrics.commentRows < natural.commentRows
        guard hidden, let last = (drawn.caption + drawn.comment).last else { continue }
        cut += 1
        #expect(last.hasSuffix("…"), "card \(index) at \(width)×\(height): '\(last)'")
      }
    }
    #expect(cut > 50)
  }

  @Test func countsAreSingularForOne() {
    var store = BrowserStore(size: Self.large)
    store.press(.character("-"), .character("-"), .character("-"))
    #expect(store.state.message == "1 column")
    store.press(.character("+"))
    #expect(store.state.message == "2 columns")
    let one = CardCollection(source: "one.json", cards: [Card(caption: "Only", tags: ["solo"])])
    var single = BrowserStore(one, size: Self.large)
    single.send(.reloaded(one, marks: CardMarks())) { $0.message = "reloaded 1 card" }
    #expect(single.frame().row(0).hasSuffix(" 1 tag"))
    // Standard input is called so in the status bar.
    let piped = CardCollection(source: "-", cards: [Card(caption: "Piped", tags: [])])
    let fromStdin = BrowserStore(piped, size: Self.large)
    let status = fromStdin.frame().row(Self.large.height - 1)
    #expect(status.hasPrefix(" stdin "), "\(status)")
  }

  /// A whole session, every step's state spelled out.
  @Test func aSessionStepByStep() {
    var store = BrowserStore(size: Size(width: 60, height: 16))
    // 60×16: the strip takes three rows, the mammals header one; the first card is
    // selected with its top on row 4.
    #expect(store.state.selected == 0 && store.state.selectionRow == 4)
    store.send(.key(.character("j"))) {
      $0.scrollOffset = 1
      $0.selectionRow = 3
    }
    store.send(.key(.character("k"))) {
      $0.scrollOffset = 0
      $0.selectionRow = 4
    }
    store.send(.key(.character("Z")))
    store.send(.key(.character("l"))) { $0.selected = 1 }
    store.send(.key(.enter)) { $0.mode = .viewer(PictureViewer()) }
    store.send(.key(.character("t"))) {
      var viewer = PictureViewer()
      viewer.showsText = false
      $0.mode = .viewer(viewer)
    }
    store.send(.key(.character("?"))) {
      var viewer = PictureViewer()
      viewer.showsText = false
      $0.mode = .help(scroll: 0, over: .viewer(viewer))
    }
    store.send(.key(.character("q"))) {
      var viewer = PictureViewer()
      viewer.showsText = false
      $0.mode = .viewer(viewer)
    }
    store.send(.key(.escape)) { $0.mode = .browsing }
    store.send(.key(.character("/"))) { $0.mode = .searching(previousQuery: "") }
    store.send(.key(.character("z"))) {
      $0.searchQuery = "z"
      $0.selected = 0
      // The only section left keeps its header: the card sits under it.
      $0.selectionRow = 4
    }
    let zebra = store.selectedCard!
    store.send(.key(.escape)) {
      // Cancelling the search keeps the card that was selected; it is taller than the
      // card area, so its top shows at the top.
      $0.mode = .browsing
      $0.searchQuery = ""
      $0.selected = zebra
      $0.scrollOffset = 339
      $0.selectionRow = 3
    }
    let effects = store.send(.key(.character("r")))
    #expect(effects == [.reload(marked: .init())])
    #expect(store.send(.key(.character("q"))) == [.quit])
  }
}
