import Browser
import CardLayouts
import LayoutEngine
import TerminalCore
import TerminalScreen
import TerminalTesting
import TerminalText
import TestSupport
import Testing
import Widgets

/// The virtual viewport: `<` and `>` resize the card area inside the terminal, `{` and
/// `}` jump between breakpoints, `=` gives the whole width back.
@Suite struct ViewportTests {
  typealias Step = InMemoryTerminal.Step

  static func keys(_ text: String) -> [Step] {
    text.map { .event(.key(.character($0))) }
  }

  static func session(_ size: Size, _ script: [Step]) -> (BrowserApp, InMemoryTerminal) {
    Sessions.session(size, script)
  }

  @Test(.slow) func narrowingDropsColumnsAtTheBreakpointsTheRulerNames() {
    let size = Size(width: 100, height: 30)
    var columns: [Int] = []
    var lastRuler: ViewportRuler?
    for presses in 0...84 {
      let (app, terminal) = Self.session(size, Self.keys(String(repeating: "<", count: presses)))
      let frame = terminal.frames.last!
      #expect(frame.width == 100 && frame.height == 30)
      let expectedWidth = Swift.max(16, 100 - presses)
      if presses > 0 {
        #expect(app.state.size == Size(width: expectedWidth, height: 29), "after \(presses)")
        // The margin is hatched, the ruler is on the last row.
        if expectedWidth < 100 {
          #expect(frame[expectedWidth, 0].grapheme == "╱")
        }
        #expect(frame.row(29).contains("\(expectedWidth) wide"))
        // The status bar says it while there is room (the ruler always does).
        if expectedWidth >= 60 {
          #expect(frame.row(28).contains("\(expectedWidth) wide"), "the status bar says it")
        }
        // Columns change exactly where the ruler one cell wider said they would.
        if let lastRuler {
          let expected =
            lastRuler.narrower?.width == expectedWidth
            ? lastRuler.narrower!.columns : lastRuler.columns
          #expect(app.caches.layout(for: app.state).columnCount == expected, "at \(expectedWidth)")
        }
        lastRuler = ViewQueries.ruler(for: app.state)
      }
      columns.append(app.caches.layout(for: app.state).columnCount)
    }
    // 100 cells: 3 columns of at least 26; down to 16: one.
    #expect(columns.first == 3 && columns.last == 1)
    #expect(columns == columns.sorted(by: >), "columns only drop as the viewport narrows")
  }

  @Test(.slow) func equalsRestoresTheExactFrameAndKeepsTheSelection() {
    let size = Size(width: 120, height: 36)
    let start: [Step] = [
      .event(.key(.pageDown)), .event(.key(.shiftDown)), .event(.key(.right)),
    ]
    let (before, beforeTerminal) = Self.session(size, start)
    let row = Sessions.selectedScreenFrame(before)!.minY
    var script = start
    for step in 1...40 {
      script += Self.keys("<<<")
      let (app, _) = Self.session(size, script)
      #expect(app.state.selected == before.state.selected, "the card stays selected")
      Sessions.expectSelectionVisible(app, "after \(step * 3) narrower")
    }
    script += Self.keys("=")
    let (after, afterTerminal) = Self.session(size, script)
    #expect(after.state.viewportWidth == nil)
    #expect(after.state.selected == before.state.selected)
    #expect(Sessions.selectedScreenFrame(after)!.minY == row)
    #expect(afterTerminal.frames.last! == beforeTerminal.frames.last!, "the exact frame again")
  }

  @Test func aViewportIsAResizeOfTheCardArea() {
    // Narrowing to W inside a wide terminal lays out exactly as a terminal W wide (one row
    // shorter, for the ruler): the same cards, the same frames, the same selection.
    let script: [Step] = [.event(.key(.pageDown)), .event(.key(.down))]
    for width in [16, 30, 53, 79, 80, 107] {
      let (inViewport, terminal) = Self.session(
        Size(width: 140, height: 40),
        script + Self.keys(String(repeating: "<", count: 140 - width)))
      let (resized, small) = Self.session(
        Size(width: 140, height: 40), script + [.event(.resized(Size(width: width, height: 39)))])
      #expect(inViewport.state.size == resized.state.size)
      #expect(
        inViewport.caches.layout(for: inViewport.state).columnCount
          == resized.caches.layout(for: resized.state).columnCount)
      let wide = terminal.frames.last!
      let narrow = small.frames.last!
      var rowsMatch = true
      // The status bar differs (it names the viewport); the rows above are the same.
      for y in 0..<38 {
        for x in 0..<width where wide[x, y] != narrow[x, y] { rowsMatch = false }
      }
      #expect(rowsMatch, "at \(width): the viewport shows what a \(width)-wide terminal shows")
    }
  }

  @Test func bracesJumpBetweenBreakpointsAndWideningStopsAtTheTerminal() {
    let size = Size(width: 100, height: 30)
    let (jumped, _) = Self.session(size, Self.keys("{"))
    #expect(jumped.caches.layout(for: jumped.state).columnCount == 2)
    let width = jumped.state.size.width
    // One cell wider is the next breakpoint: 3 columns again.
    let (back, _) = Self.session(size, Self.keys("{}"))
    #expect(back.state.size.width == width + 1)
    #expect(back.caches.layout(for: back.state).columnCount == 3)
    let (widest, terminal) = Self.session(size, Self.keys("<<>>>>"))
    #expect(widest.state.size.width == 100)
    #expect(terminal.frames.last!.row(29).contains("100 wide"))
    let (unset, _) = Self.session(size, Self.keys(">"))
    #expect(unset.state.viewportWidth == nil, "> without a viewport does nothing")
    let (narrowest, _) = Self.session(size, Self.keys(String(repeating: "<", count: 120)))
    #expect(narrowest.state.size.width == 16)
  }

  @Test func aTerminalResizeKeepsTheViewportWithinIt() {
    let script: [Step] =
      Self.keys("<<<<<<<<<<") + [.event(.resized(Size(width: 60, height: 20)))]
    let (app, terminal) = Self.session(Size(width: 100, height: 30), script)
    #expect(app.state.size == Size(width: 60, height: 19))
    #expect(terminal.frames.last!.row(19).contains("60 wide"))
    let (grown, _) = Self.session(
      Size(width: 100, height: 30), script + [.event(.resized(Size(width: 120, height: 30)))])
    #expect(grown.state.size.width == 90, "the viewport's own width comes back")
  }
}
