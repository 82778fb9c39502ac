import Foundation
import TestSupport
import Testing

/// `--follow` never ends the browser, as `tail -F` never ends: in the real program, a
/// malformed line (a writer that crashed mid-line, then wrote the next line whole) is
/// skipped and said with its place, and following goes on; a file replaced by a folder or
/// a device keeps the cards and says why, and is read again once it is a file again; a
/// file truncated and rewritten with a first line that is no card goes on with the rest;
/// `F` tries a halted file again at once.
@Suite(.serialized, .terminal) struct FollowResilienceTerminalTests {

  static func append(_ text: String, to path: String) throws {
    let handle = try #require(FileHandle(forWritingAtPath: path))
    handle.seekToEndOfFile()
    handle.write(Data(text.utf8))
    try handle.close()
  }

  @Test func followingGoesOnPastWhatWouldHaveEndedIt() throws {
    let path = TemporaryFiles.path(named: "log.jsonl")
    try "{\"caption\":\"one\"}\n{\"caption\":\"two\"}\n".write(
      toFile: path, atomically: true, encoding: .utf8)
    let session = try TmuxSession(
      width: 120, height: 30, arguments: "--images none --follow \(path)")
    _ = try #require(session.waitForScreen { ScreenText.statusLine($0).contains("of 2") })

    // A writer crashed mid-line and wrote the next line whole: the bad line is skipped,
    // said with its place, and the lines after it are read.
    try Self.append(
      "{\"caption\":\"cut sh{\"caption\":\"three\"}\n{\"caption\":\"four\"}\n", to: path)
    let skipped = try #require(
      session.waitForScreen { ScreenText.statusLine($0).contains("of 3") && $0.contains("four") })
    #expect(
      ScreenText.statusLine(skipped).contains("log.jsonl:3:"), "\(ScreenText.statusLine(skipped))")
    #expect(ScreenText.statusLine(skipped).contains("(skipped)"))
    try Self.append("{\"caption\":\"five\"}\n", to: path)
    _ = try #require(session.waitForScreen { ScreenText.statusLine($0).contains("of 4") })

    // Replaced by a folder: the cards stay, the status bar says why.
    #expect(rename(path, path + ".1") == 0)
    #expect(mkdir(path, 0o755) == 0)
    let halted = try #require(
      session.waitForScreen { ScreenText.statusLine($0).contains("following halted") })
    #expect(ScreenText.statusLine(halted).contains("of 4"), "the cards stay")
    #expect(ScreenText.statusLine(halted).contains("is a directory"))
    // F tries again at once: still a folder, still halted.
    try session.send("F")
    _ = try #require(
      session.waitForScreen { ScreenText.statusLine($0).contains("following halted") })

    // Replaced by a device (a link to /dev/null): still halted, still the cards.
    #expect(rmdir(path) == 0)
    #expect(symlink("/dev/null", path) == 0)
    let device = try #require(
      session.waitForScreen { ScreenText.statusLine($0).contains("is not a regular file") })
    #expect(ScreenText.statusLine(device).contains("of 4"))

    // Replaced by a FIFO: never opened (it would wait for a writer for ever).
    #expect(unlink(path) == 0)
    #expect(mkfifo(path, 0o644) == 0)
    try session.send("F")
    _ = try #require(
      session.waitForScreen { ScreenText.statusLine($0).contains("is not a regular file") })
    // A file again: read from its start, and followed on.
    #expect(unlink(path) == 0)
    try "{\"caption\":\"new one\"}\n".write(toFile: path, atomically: false, encoding: .utf8)
    let renewed = try #require(
      session.waitForScreen {
        ScreenText.statusLine($0).contains("1 of 1") && $0.contains("new one")
      })
    #expect(!ScreenText.statusLine(renewed).contains("halted"))
    try Self.append("{\"caption\":\"new two\"}\n", to: path)
    _ = try #require(session.waitForScreen { ScreenText.statusLine($0).contains("2 of 2") })

    // Truncated and rewritten with a first line that is no card: skipped, the rest read.
    _ = truncate(path, 0)
    _ = try #require(session.waitForScreen { ScreenText.statusLine($0).contains("no cards") })
    try Self.append("not a card at all\n{\"caption\":\"after the bad line\"}\n", to: path)
    let rewritten = try #require(
      session.waitForScreen {
        ScreenText.statusLine($0).contains("1 of 1") && $0.contains("after the bad")
      })
    _ = rewritten
    try Self.append("{\"caption\":\"and on\"}\n", to: path)
    _ = try #require(session.waitForScreen { ScreenText.statusLine($0).contains("2 of 2") })
    try session.send("q")
    #expect(session.exitStatus() == "0")
  }
}
