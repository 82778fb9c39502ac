import Browser
import Cards
import LayoutEngine
import TerminalCore
import Testing

/// Faults found by trying the browser as a new user would, each kept as a test that
/// failed before its fix.
@Suite struct FaultTests {
  /// Select a card, press `r`, and shrink the terminal below the smallest size before the
  /// reload lands: the event loop used to spin for ever in `prepare(toInclude:)` (a layout
  /// that was never prepared makes no progress). Now the reload lands, `q` answers, and
  /// growing again shows the selected card.
  @Test func aReloadThatLandsWhileTheTerminalIsTooSmallKeepsTheBrowserAnswering() {
    var store = BrowserStore(size: Size(width: 100, height: 30))
    store.press(.character("j"), .character("J"), .character("J"))
    let card = store.selectedCard
    #expect(store.send(.key(.character("r"))) == [.reload(marked: .init())])
    store.send(.resized(Size(width: 10, height: 4)))
    store.send(.reloaded(BundledSample.collection(), marks: CardMarks()))
    #expect(store.send(.key(.character("q"))).contains(.quit))
    store.send(.resized(Size(width: 100, height: 30)))
    #expect(store.selectedCard == card)
    #expect(store.selectedScreenFrame() != nil)
  }

  /// The same with every size from nothing to the smallest usable one, and every layout.
  @Test func reloadsAtEveryTinySizeEnd() {
    for width in [0, 1, 5, 15, 16] {
      for height in [0, 1, 3, 5, 6] {
        var store = BrowserStore(size: Size(width: 80, height: 24))
        store.press(.character("J"))
        store.send(.resized(Size(width: width, height: height)))
        store.send(.reloaded(BundledSample.collection(), marks: CardMarks()))
        store.press(.character("G"), .character("J"), .enter, .escape)
        store.send(.resized(Size(width: 80, height: 24)))
        #expect(store.selectedScreenFrame() != nil, "\(width)×\(height)")
      }
    }
  }
}

extension FaultTests {
  /// Pasted text goes whole into the search; its controls are dropped (a pasted Ctrl-C
  /// byte used to end the browser), line breaks and tabs become spaces.
  @Test func pastedControlsAreDroppedAndLineBreaksBecomeSpaces() {
    var store = BrowserStore(size: Size(width: 100, height: 30))
    store.press(.character("/"))
    store.send(.paste("o\u{03}c\u{1B}[A\nq\u{7F}\u{85}\tx"))
    #expect(store.state.searchQuery == "oc[A q  x")
    #expect(store.state.mode.isEditingSearch)
  }

  /// Ctrl-C and Ctrl-Z are keys of the table, in every mode and at any size.
  @Test func ctrlCAndCtrlZWorkInEveryModeAndAtAnySize() {
    for prefix: [Key] in [[], [.character("/")], [.enter], [.character("?")], [.character("t")]] {
      var store = BrowserStore(size: Size(width: 100, height: 30))
      for key in prefix { store.press(key) }
      #expect(store.send(.key(.control("z"))) == [.suspend])
      #expect(store.send(.key(.control("c"))) == [.interrupt])
    }
    var tiny = BrowserStore(size: Size(width: 5, height: 2))
    #expect(tiny.send(.key(.control("c"))) == [.interrupt])
  }
}

/// The mouse is bound in the key tables like the keys: what the wheel does is data there.
@Suite struct MouseBindingTests {
  @Test func theWheelScrollsAsTheTableSays() throws {
    guard
      case .scrollRows(let rows) = try #require(KeyBindings.cards.command(for: .mouse(.wheelDown)))
    else {
      Issue.record("the wheel does not scroll")
      return
    }
    var store = BrowserStore(size: Size(width: 100, height: 30))
    store.send(.mouse(MouseEvent(.wheelDown, x: 5, y: 10)))
    #expect(store.state.scrollOffset == rows)
    store.send(.mouse(MouseEvent(.wheelUp, x: 5, y: 10)))
    #expect(store.state.scrollOffset == 0)
    // In the open card and the help, the wheel scrolls them (small: both scroll).
    store = BrowserStore(Sessions.words, size: Size(width: 24, height: 7))
    store.press(.enter)
    store.send(.mouse(MouseEvent(.wheelDown, x: 5, y: 10)))
    #expect(store.state.mode.detailScroll == rows)
    store.press(.character("?"))
    store.send(.mouse(MouseEvent(.wheelDown, x: 5, y: 10)))
    #expect(store.state.mode.helpScroll == rows)
  }

  /// `q` and Enter act through the tables: Enter in an open card answers only with
  /// `--pick`; q quits even in a terminal too small to draw in.
  @Test func enterAndQGoThroughTheTables() {
    var store = BrowserStore(size: Size(width: 100, height: 30))
    store.press(.enter)
    #expect(store.send(.key(.enter)) == [])
    var picking = BrowserStore(size: Size(width: 100, height: 30), picking: true)
    #expect(picking.send(.key(.enter)) == [.pick], "Enter picks the selected card")
    picking.press(.character("J"))
    #expect(picking.send(.key(.escape)) == [.quit], "Esc cancels")
    var tiny = BrowserStore(size: Size(width: 6, height: 3))
    #expect(tiny.send(.key(.character("q"))) == [.quit])
    #expect(tiny.send(.key(.character("j"))) == [])
  }
}
