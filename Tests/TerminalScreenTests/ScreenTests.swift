import LayoutEngine
import TerminalScreen
import Testing

@Suite struct ScreenTests {
  @Test func wideCharactersTakeTwoCellsAndAreNeverSplitAtAClipEdge() {
    var screen = Screen(width: 8, height: 3)
    screen.write("日本語", at: Point(x: 0, y: 0))
    #expect(screen.row(0) == "日本語  ")
    #expect(screen[1, 0].isContinuation)
    // The clip ends in the middle of 本: it becomes a space.
    screen.write("日本語", at: Point(x: 0, y: 1), clip: Rect(x: 0, y: 1, width: 3, height: 1))
    #expect(screen.row(1) == "日      ")
    // The clip starts in the middle of 日: its right half becomes a space.
    screen.write("日本語", at: Point(x: 0, y: 2), clip: Rect(x: 1, y: 2, width: 7, height: 1))
    #expect(screen.row(2) == "  本語  ")
  }

  @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
    var screen = Screen(width: 6, height: 1)
    screen.write("日本語", at: .zero)
    screen.write("x", at: Point(x: 1, y: 0))
    #expect(screen.row(0) == " x本語")
    screen.write("y", at: Point(x: 2, y: 0))
    #expect(screen.row(0) == " xy 語")
  }

  @Test func clustersWiderThanTwoCellsCoverAllTheirCells() {
    var screen = Screen(width: 6, height: 1)
    screen.write("👍🏽ab", at: .zero)
    #expect(screen.row(0) == "👍🏽ab")
    #expect((1...3).allSatisfy { screen[$0, 0].isContinuation })
    screen.write("x", at: Point(x: 2, y: 0))
    #expect(screen.row(0) == "  x ab")
  }

  @Test func controlsThatSlipThroughAreShownNotSent() {
    var screen = Screen(width: 6, height: 1)
    screen.write("a\u{1B}b\u{9B}", at: .zero)
    #expect(screen.row(0) == "a\u{FFFD}b\u{FFFD}  ")
  }

  @Test func styledDumpMarksStyles() {
    var screen = Screen(width: 4, height: 1)
    screen.write("ab", at: .zero, style: CellStyle(bold: true))
    screen.write("c", at: Point(x: 2, y: 0), style: CellStyle(reverse: true))
    #expect(screen.styledDump() == "abc \nbbr.\n")
  }

  /// The SGR dump: the 16 ANSI colours by their own codes (30–37, 90–97 and 40–47,
  /// 100–107), the palette by 38;5 / 48;5, RGB by 38;2; each row reset at its end.
  @Test func ansiTextUsesTheCodesEachDepthKnows() {
    var screen = Screen(width: 4, height: 1)
    screen.write("a", at: .zero, style: CellStyle(foreground: .indexed(1)))
    screen.write("b", at: Point(x: 1, y: 0), style: CellStyle(background: .indexed(12)))
    screen.write("c", at: Point(x: 2, y: 0), style: CellStyle(foreground: .indexed(200)))
    screen.write(
      "d", at: Point(x: 3, y: 0), style: CellStyle(foreground: .rgb(red: 1, green: 2, blue: 3)))
    #expect(
      screen.ansiText()
        == "\u{1B}[0;31ma\u{1B}[0;104mb\u{1B}[0;38;5;200mc\u{1B}[0;38;2;1;2;3md\u{1B}[0m\n")
    #expect(screen.ansiText(colors: false) == "abcd\n")
  }

  /// A screen placed into another keeps its cells, wide characters whole, and is cut at
  /// the edge.
  @Test func placingCopiesCellsAndCutsAtTheEdge() {
    var small = Screen(width: 4, height: 2)
    small.write("日本", at: .zero)
    small.write("ab", at: Point(x: 0, y: 1))
    var screen = Screen(width: 6, height: 2)
    screen.fill(screen.bounds, with: "·")
    screen.place(small, at: Point(x: 3, y: 1))
    #expect(screen.row(0) == "······")
    #expect(screen.row(1) == "···日 ")
  }
}
