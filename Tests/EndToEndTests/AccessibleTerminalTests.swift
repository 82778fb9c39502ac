import Foundation
import TestSupport
import Testing

/// `--accessible` in the real program inside tmux: the selected card in words on the top
/// line with the terminal's cursor shown there (where a screen reader reads), one card a
/// line below, nothing drawn in boxes; `j` moves the words to the next card; `A` returns
/// to the wall with the cursor hidden. `masonry render --accessible` prints the same lines.
@Suite(.serialized, .terminal) struct AccessibleTerminalTests {
  @Test func wordsAndTheCursorWhereAReaderReads() throws {
    let session = try TmuxSession(width: 100, height: 30, arguments: "--images none --accessible")
    let screen = try #require(session.waitForScreen { $0.hasPrefix("card 1 of 64: ") })
    #expect(screen.contains("> 1. "))
    #expect(!screen.contains("╭") && !screen.contains("┏") && !screen.contains("░"))
    let cursor = try session.tmux([
      "display", "-p", "-t", "t", "#{cursor_flag} #{cursor_x} #{cursor_y}",
    ])
    #expect(cursor.trimmingCharacters(in: .whitespacesAndNewlines) == "1 0 0", "shown, top left")
    try session.send("j")
    _ = try #require(session.waitForScreen { $0.hasPrefix("card 2 of 64: ") })
    let rendered = try ProgramRun.run(
      TmuxSession.binary, ["render", "--size", "100x30", "--accessible", "--select", "1"])
    let lines = rendered.output.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first?.hasPrefix("card 2 of 64: ") == true)
    try session.send("A")
    _ = try #require(session.waitForScreen { $0.contains("╭") || $0.contains("┏") })
    let hidden = try session.tmux(["display", "-p", "-t", "t", "#{cursor_flag}"])
    #expect(hidden.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "hidden on the wall")
    try session.send("q")
    #expect(session.exitStatus() == "0")
  }
}
