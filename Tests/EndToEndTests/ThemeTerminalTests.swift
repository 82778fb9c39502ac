import TestSupport
import Testing

/// `--color` themes in the real program inside tmux: the colours named are the ones the
/// terminal gets, through ncurses, for the roles named; the others keep the base theme's.
@Suite(.serialized, .terminal) struct ThemeTerminalTests {
  @Test func namedColoursReachTheTerminal() throws {
    let session = try TmuxSession(
      width: 100, height: 30, arguments: "--images none --color 256,border:196,header:#00d700")
    let screen = try #require(
      session.waitForScreen { ScreenText.statusLine($0).contains("of 64") })
    #expect(!screen.isEmpty)
    let styled = session.styledScreen()
    #expect(styled.contains("38;5;196m"), "borders in 196")
    #expect(styled.contains("38;5;40m"), "headers in #00d700 (40 in the palette)")
    #expect(!styled.contains("38;5;244m"), "no border left in the dark theme's grey")
    #expect(styled.contains("38;5;214m"), "the selection keeps the dark theme's colour")
    try session.send("q")
    #expect(session.exitStatus() == "0")
  }
}
