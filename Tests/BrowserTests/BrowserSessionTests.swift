import Browser
import CardLayouts
import Cards
import LayoutEngine
import Synchronization
import TerminalCore
import TerminalScreen
import TerminalTesting
import TestSupport
import Testing
import Widgets

/// Whole browser sessions in the in-memory terminal: scripted keys and resizes in,
/// frames and state out.
private func key(_ key: Key) -> InMemoryTerminal.Step { .event(.key(key)) }

/// Counts the reads of a source, from any thread.
private final class ReadCounter: Sendable {
  private let count = Atomic<Int>(0)
  func next() -> Int { count.add(1, ordering: .relaxed).newValue }
}

@Suite struct BrowserSessionTests {
  typealias Step = InMemoryTerminal.Step

  @Test func goldenSession() {
    let script: [Step] = [
      key(.character("j")), key(.character("j")), key(.character("l")), key(.shiftDown),
      key(.enter), key(.character("j")), key(.escape), key(.character("?")),
    ]
    let (_, terminal) = Sessions.session(Size(width: 72, height: 22), script)
    var text = ""
    for (number, frame) in terminal.frames.enumerated() {
      text += "== frame \(number)\n" + frame.plainText()
    }
    let mismatch = Snapshot.mismatch(text, named: "session")
    #expect(mismatch == nil, "\(mismatch ?? "")")
  }

  @Test func scrollingToTheEndsKeepsASelection() {
    let (app, _) = Sessions.session(Size(width: 100, height: 30), [key(.end)])
    #expect(
      app.state.scrollOffset
        == Scrolling.maximumOffset(
          app.state, app.caches, geometry: app.caches.geometry(for: app.state)))
    Sessions.expectSelectionVisible(app, "at the end")
    let (top, _) = Sessions.session(
      Size(width: 100, height: 30), [key(.end), key(.character("g"))])
    #expect(top.state.scrollOffset == 0)
    Sessions.expectSelectionVisible(top, "back at the top")
    let (paged, _) = Sessions.session(
      Size(width: 100, height: 30),
      [
        key(.pageDown), key(.control("d")), key(.pageUp),
        .event(.mouse(MouseEvent(.wheelDown, x: 5, y: 5))),
      ])
    // 26 card rows: a page is 25, half a page 13, the wheel 3.
    #expect(paged.state.scrollOffset == 25 + 13 - 25 + 3)
  }

  @Test func selectionIsNeverLostUnderRandomKeys() {
    let keys: [Key] = [
      .up, .down, .left, .right, .shiftUp, .shiftDown, .pageUp, .pageDown, .home, .end,
      .character("j"),
      .character("k"), .character("h"), .character("l"), .character("J"), .character("K"),
      .character("1"),
      .character("2"), .character("3"), .character("4"), .character("5"), .character("+"),
      .character("-"),
      .character("0"), .character("p"), .control("d"), .control("u"), .enter, .escape,
      .character("t"),
    ]
    var random = SeededGenerator(seed: 11)
    for _ in 0..<12 {
      var script: [Step] = []
      for _ in 0..<40 {
        if Int.random(in: 0..<8, using: &random) == 0 {
          script.append(
            .event(
              .resized(
                Size(
                  width: Int.random(in: 20...220, using: &random),
                  height: Int.random(in: 8...60, using: &random)))))
        } else {
          script.append(key(keys.randomElement(using: &random)!))
        }
        script.append(.wait(milliseconds: 200))
      }
      let (app, terminal) = Sessions.session(Size(width: 120, height: 40), script)
      Sessions.expectSelectionVisible(app, "after a random session")
      #expect(
        terminal.frames.allSatisfy { $0.plainText().split(separator: "\n").count == $0.height })
    }
  }

  @Test func resizingFrom200To30ColumnsAndBackKeepsTheSelectedCardsRow() {
    // Select a card in the middle of the screen.
    let base: [Step] = [key(.pageDown), key(.pageDown), key(.shiftDown), key(.right)]
    let (start, _) = Sessions.session(Size(width: 200, height: 50), base)
    let row = Sessions.selectedScreenFrame(start)!.minY
    var script = base
    var widths = [200]
    for width in Array(stride(from: 190, through: 30, by: -20))
      + Array(stride(from: 50, through: 200, by: 30))
    {
      script.append(.event(.resized(Size(width: width, height: 50))))
      widths.append(width)
      let (app, _) = Sessions.session(Size(width: 200, height: 50), script)
      Sessions.expectSelectionVisible(app, "at width \(width)")
      #expect(app.state.selected == start.state.selected, "the same card stays selected")
      let frame = Sessions.selectedScreenFrame(app)!
      let clamped =
        app.state.scrollOffset == 0
        || app.state.scrollOffset
          == Scrolling.maximumOffset(
            app.state, app.caches, geometry: app.caches.geometry(for: app.state))
      if !clamped { #expect(frame.minY == row, "row at width \(width)") }
      #expect(app.state.size.width == width)
    }
  }

  @Test func adaptiveColumnsFollowTheWidth() {
    let (wide, _) = Sessions.session(Size(width: 200, height: 40), [])
    let (narrow, _) = Sessions.session(
      Size(width: 200, height: 40), [.event(.resized(Size(width: 60, height: 20)))])
    #expect(wide.caches.layout(for: wide.state).columnCount == 7)
    #expect(narrow.caches.layout(for: narrow.state).columnCount == 2)
  }

  @Test func tooSmallThenRecovers() {
    let (app, terminal) = Sessions.session(
      Size(width: 80, height: 24),
      [
        .event(.resized(Size(width: 10, height: 5))), .wait(milliseconds: 100),
        .event(.resized(Size(width: 80, height: 24))),
      ])
    #expect(terminal.frames.count == 3)
    #expect(terminal.frames.dropFirst().first?.plainText().contains("too small") == true)
    #expect(terminal.lastFrame?.plainText().contains("too small") == false)
    Sessions.expectSelectionVisible(app)
  }

  @Test func searchFiltersIncrementallyIgnoringCaseAndWidth() {
    let (typed, terminal) = Sessions.session(
      Size(width: 100, height: 30), [key(.character("/"))] + InMemoryTerminal.typing("OCEAN"))
    #expect(typed.state.mode.isEditingSearch)
    let expected = Sessions.sample.cards.filter {
      ($0.caption + ($0.comment ?? "") + $0.tags.joined()).lowercased().contains("ocean")
    }
    #expect(typed.state.shown.count == expected.count)
    #expect(expected.count > 5)
    #expect(terminal.lastFrame!.row(29).contains("/OCEAN▏"))
    let (fullwidth, _) = Sessions.session(
      Size(width: 100, height: 30),
      [key(.character("/"))] + InMemoryTerminal.typing("ｏｃｅａｎ") + [key(.enter)])
    #expect(fullwidth.state.shown.count == typed.state.shown.count)
    #expect(!fullwidth.state.mode.isEditingSearch)
    let (kana, _) = Sessions.session(
      Size(width: 100, height: 30),
      [key(.character("/"))] + InMemoryTerminal.typing("ﾊﾟﾝﾀﾞ") + [key(.enter)])
    #expect(kana.state.shown.map { Sessions.sample.cards[$0].caption } == ["レッサーパンダ", "ジャイアントパンダ"])
    let (next, _) = Sessions.session(
      Size(width: 100, height: 30),
      [key(.character("/"))] + InMemoryTerminal.typing("ﾊﾟﾝﾀﾞ") + [key(.enter), key(.character("n"))])
    #expect(next.state.selected == 1)
    let (cancelled, _) = Sessions.session(
      Size(width: 100, height: 30),
      [key(.character("/"))] + InMemoryTerminal.typing("ocean") + [key(.escape)])
    #expect(cancelled.state.shown.count == 64)
    #expect(cancelled.state.searchQuery == "")
  }

  @Test func tagFocusFiltersAndEscapeClears() {
    let (filtered, terminal) = Sessions.session(
      Size(width: 100, height: 30), [key(.character("t")), key(.right), key(.right), key(.enter)])
    // → walks the chips in reading order: row by row, left to right.
    let geometry = filtered.caches.geometry(for: filtered.state)
    let order = TagStripWidget(tags: filtered.state.tags.order, layout: geometry.tagStrip)
      .readingOrder
    let tag = filtered.state.tags.order[order[2]]
    #expect(filtered.state.tagFilter == tag)
    #expect(filtered.state.shown.allSatisfy { Sessions.sample.cards[$0].tags.contains(tag) })
    #expect(filtered.state.shown.count < 64)
    // The active chip, and only it, is drawn reversed in the strip.
    let frame = terminal.lastFrame!
    let chip = geometry.tagStrip.attributes(forItem: ItemPath(section: 0, item: order[2]))!.frame
    let stripRows = 0..<geometry.regions.tagStrip.height
    let reversed = stripRows.flatMap { y in
      (0..<frame.width).filter { frame[$0, y].style.reverse }.map { Point(x: $0, y: y) }
    }
    #expect(!reversed.isEmpty)
    #expect(
      reversed.allSatisfy { $0.y == chip.minY && $0.x >= chip.minX && $0.x < chip.maxX },
      "reversed cells lie on the active chip only")
    #expect(reversed.count == chip.width, "the whole chip is reversed")
    let (cleared, _) = Sessions.session(
      Size(width: 100, height: 30), [key(.character("t")), key(.right), key(.enter), key(.escape)])
    #expect(cleared.state.tagFilter == nil)
    #expect(cleared.state.shown.count == 64)
  }

  @Test func layoutSwitchAnimatesThenSettles() {
    // The input ends 40 ms in, mid-animation (a script that just ends lets time pass).
    let (moving, terminal) = Sessions.session(
      Size(width: 100, height: 30),
      [key(.character("2")), .wait(milliseconds: 40), .event(.endOfInput)])
    #expect(moving.state.layoutOptions.kind == .grid)
    #expect(moving.state.transition != nil)
    #expect(terminal.frames.count >= 3, "frames drawn during the animation")
    let (settled, _) = Sessions.session(
      Size(width: 100, height: 30),
      [key(.character("2")), .wait(milliseconds: 40), .wait(milliseconds: 200)])
    #expect(settled.state.transition == nil)
    for (digit, kind) in zip("12345", LayoutKind.all) {
      let (app, _) = Sessions.session(
        Size(width: 100, height: 30),
        [key(.character("l")), key(.character(digit)), .wait(milliseconds: 300)])
      #expect(app.state.layoutOptions.kind == kind)
      Sessions.expectSelectionVisible(app, "\(kind)")
    }
  }

  @Test func columnsAndPlacementKeys() {
    let (more, _) = Sessions.session(Size(width: 100, height: 30), [key(.character("+"))])
    #expect(more.caches.layout(for: more.state).columnCount == 4)
    let (fewer, _) = Sessions.session(
      Size(width: 100, height: 30), [key(.character("-")), key(.character("-"))])
    #expect(fewer.caches.layout(for: fewer.state).columnCount == 1)
    let (adaptive, _) = Sessions.session(
      Size(width: 100, height: 30), [key(.character("-")), key(.character("0"))])
    #expect(adaptive.state.layoutOptions.columns == nil)
    let (placed, _) = Sessions.session(
      Size(width: 100, height: 30), [key(.character("p")), .wait(milliseconds: 200)])
    #expect(placed.state.layoutOptions.placement == .leftToRight)
  }

  @Test func detailViewOpensScrollsAndCloses() {
    // Cards without pictures open as cards (a picture opens the viewer).
    let words = Sessions.words
    let (open, terminal) = Sessions.session(
      Size(width: 30, height: 8), [key(.enter), key(.character("j")), key(.character("j"))],
      collection: words)
    #expect(open.state.mode.detailScroll == 2)
    #expect(terminal.lastFrame!.row(0).hasPrefix("┏"))
    let (closed, _) = Sessions.session(
      Size(width: 60, height: 16), [key(.enter), key(.escape)], collection: words)
    #expect(closed.state.mode.detailScroll == nil)
    let (clicked, _) = Sessions.session(
      Size(width: 100, height: 30), [.event(.mouse(MouseEvent(.doubleClick, x: 40, y: 8)))])
    #expect(clicked.state.selected == 1)
    #expect(clicked.state.mode.viewer != nil, "a double click on a picture opens the viewer")
  }

  @Test func quitAndEndOfInputEndTheSession() {
    let (_, quit) = Sessions.session(
      Size(width: 80, height: 24), [key(.character("q")), key(.character("j"))])
    #expect(quit.frames.count == 1)
    let (_, ended) = Sessions.session(Size(width: 80, height: 24), [])
    #expect(ended.frames.count == 1)
  }

  @Test func reloadKeepsTheSelectedCard() {
    var cards = Array(Sessions.sample.cards)
    cards.insert(Card(caption: "A new card", section: "mammals"), at: 0)
    let fresher = CardCollection(source: Sessions.sample.source, cards: cards)
    // Measuring ahead would wake the loop too: the one wake-up awaited is the reload's.
    var app = BrowserApp(
      collection: Sessions.sample, options: LayoutOptions(), measuresAhead: false
    ) { fresher }
    var terminal = InMemoryTerminal(
      size: Size(width: 100, height: 30),
      script: [key(.right), key(.shiftDown), key(.character("r")), .waitForWakeUp(seconds: 10)],
      wakeUp: app.wakeUp)
    app.run(on: &terminal)
    let before = Sessions.session(Size(width: 100, height: 30), [key(.right), key(.shiftDown)]).0
    let wasSelected = Sessions.sample.cards[before.state.shown[before.state.selected!]]
    let nowSelected = app.state.shownCard(app.state.selected!)
    #expect(nowSelected == wasSelected)
    #expect(app.state.shown.count == 65)
    #expect(terminal.lastFrame!.row(29).contains("reloaded 65 cards"))
  }

  /// Each `r` reads the source again and shows what it holds now, even when the status
  /// message is the same as after the last reload.
  @Test func reloadingTwiceShowsTheEditedText() {
    let reads = ReadCounter()
    var app = BrowserApp(
      collection: Sessions.sample, options: LayoutOptions(), measuresAhead: false
    ) {
      let read = reads.next()
      var cards = Array(Sessions.sample.cards)
      cards[0].caption = "Edited caption, version \(read)"
      return CardCollection(source: Sessions.sample.source, cards: cards)
    }
    var terminal = InMemoryTerminal(
      size: Size(width: 100, height: 30),
      script: [
        key(.character("r")), .waitForWakeUp(seconds: 10), key(.character("r")),
        .waitForWakeUp(seconds: 10),
      ],
      wakeUp: app.wakeUp)
    app.run(on: &terminal)
    let texts = terminal.frames.map { $0.plainText() }
    #expect(texts.contains { $0.contains("version 1") })
    #expect(texts.last?.contains("version 2") == true, "the second reload is drawn")
    #expect(texts.last?.contains("reloaded 64 cards") == true)
  }

  @Test func keysThatChangeNothingDrawNothing() {
    let (_, terminal) = Sessions.session(
      Size(width: 80, height: 24), [key(.character("k")), key(.home), key(.character("Z"))])
    #expect(terminal.frames.count == 1)
  }
}
