import Cards
import Foundation
import TestSupport
import Testing

/// Sources read as streams by the real program in tmux: standard input with keys from the
/// terminal, a FIFO that has no writer yet, cards arriving in pieces, and `--pick`.
@Suite(.serialized, .terminal) struct StreamingTerminalTests {

  static func feed(count: Int) -> String {
    let path = TemporaryFiles.root + "/feed-\(count).jsonl"
    if !FileManager.default.fileExists(atPath: path) {
      _ = FileManager.default.createFile(
        atPath: path, contents: Data(FeedGenerator(seed: 4).jsonLines(count: count).utf8))
    }
    return path
  }

  /// `masonry - < feed`: the cards come from standard input, the keys from /dev/tty.
  @Test func standardInputWithKeysFromTheTerminal() throws {
    let session = try TmuxSession(
      width: 100, height: 30, arguments: "--images none - < \(Self.feed(count: 500))")
    let first = try #require(
      session.waitForScreen { ScreenText.statusLine($0).contains("of 500") })
    #expect(ScreenText.statusLine(first).hasPrefix(" stdin │"), "standard input is named so")
    try session.send("j")
    _ = try #require(session.waitForScreen { $0 != first }, "j scrolls: keys come from the tty")
    try session.send("q")
    #expect(session.exitStatus() == "0")
  }

  /// A FIFO nobody writes to yet: the browser says it waits, and q still quits.
  @Test func aFIFOWithoutAWriterWaitsAndQKeepsWorking() throws {
    let fifo = TemporaryFiles.path(named: "fifo")
    unlink(fifo)
    #expect(mkfifo(fifo, 0o600) == 0)
    defer { unlink(fifo) }
    let session = try TmuxSession(width: 100, height: 20, arguments: "--images none \(fifo)")
    _ = try #require(session.waitForScreen { $0.contains("waiting for input…") })
    #expect(session.screen().contains("Waiting for input…"))
    try session.send("?")
    _ = try #require(session.waitForScreen { $0.contains("Keys") }, "keys work while waiting")
    try session.send("q", "q")
    #expect(session.exitStatus() == "0")
  }

  /// Cards written into a FIFO in pieces, with pauses: each piece shows up, and the cards
  /// already on screen stay exactly where they were.
  @Test func cardsArrivingInPiecesLeaveTheScreenStill() throws {
    let fifo = TemporaryFiles.path(named: "fifo")
    unlink(fifo)
    #expect(mkfifo(fifo, 0o600) == 0)
    defer { unlink(fifo) }
    let session = try TmuxSession(width: 100, height: 24, arguments: "--images none \(fifo)")
    _ = try #require(session.waitForScreen { $0.contains("waiting for input…") })
    let lines = FeedGenerator(seed: 9).jsonLines(count: 900).split(separator: "\n")
    let writer = open(fifo, O_WRONLY)
    #expect(writer >= 0)
    func write(_ range: Range<Int>) {
      let text = lines[range].joined(separator: "\n") + "\n"
      _ = text.utf8CString.withUnsafeBufferPointer {
        Glibc.write(writer, $0.baseAddress, $0.count - 1)
      }
    }
    write(0..<100)
    let early = try #require(
      session.waitForScreen { ScreenText.statusLine($0).contains("of 100") })
    write(100..<400)
    let later = try #require(
      session.waitForScreen { ScreenText.statusLine($0).contains("of 400") })
    // Everything between the tag strip and the status row is the same frame (the strip
    // keeps its tags in place while loading; at the end they are ranked by use), but for
    // the counts in the section headers, which follow the cards that join.
    func cards(_ screen: String) -> [String] {
      let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
      let strip = rows.firstIndex { $0.hasSuffix(" tags") } ?? -1
      return rows[(strip + 1)...].dropLast(2).map { row in
        guard row.hasPrefix("── "), let dot = row.range(of: " · ") else { return String(row) }
        return String(row[..<dot.lowerBound])
      }
    }
    #expect(cards(early) == cards(later))
    #expect(ScreenText.statusLine(later).contains("loading"))
    write(400..<900)
    close(writer)
    let done = try #require(
      session.waitForScreen {
        ScreenText.statusLine($0).contains("of 900") && !$0.contains("loading")
      })
    #expect(cards(done) == cards(early))
    // The feed's five sections come in runs of 40: grouped, the first holds 5 runs of 900.
    #expect(done.contains("── mammals · 200 ──"))
    try session.send("q")
    #expect(session.exitStatus() == "0")
  }

  /// `--pick`: Enter prints the selected card as one JSON line and exits 0; q and Esc exit
  /// 1 with nothing printed.
  @Test(arguments: [("Enter", "0"), ("q", "1"), ("Escape", "1")])
  func pickAnswersWithTheSelectedCard(key: String, code: String) throws {
    let feed = Self.feed(count: 200)
    let picked = TemporaryFiles.path(named: "picked")
    unlink(picked)
    let session = try TmuxSession(
      width: 100, height: 30, arguments: "--images none --pick - < \(feed) > \(picked)")
    _ = try #require(session.waitForScreen { ScreenText.statusLine($0).contains("of 200") })
    try session.send("l")
    try session.send(key)
    #expect(session.exitStatus() == code)
    let output = (try? String(contentsOfFile: picked, encoding: .utf8)) ?? ""
    if code == "0" {
      #expect(output.hasSuffix("}\n") && output.filter { $0 == "\n" }.count == 1)
      let card = try #require(
        try? JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
      #expect((card["id"] as? String)?.hasPrefix("g") == true)
      #expect(card["id"] as? String != "g0", "l moved the selection off the first card")
    } else {
      #expect(output.isEmpty)
    }
  }

  /// `--follow` in the real program: cards appended show within a poll (the last one
  /// selected), a half-written line waits, `k` stops following the end but reading goes
  /// on, `F` follows again, a truncated file is read again from its start, and so is a
  /// rotated one (renamed away, replaced by a new file).
  @Test func followingAFileAsItGrows() throws {
    let path = TemporaryFiles.path(named: "followed.jsonl")
    try "{\"id\":\"c1\",\"caption\":\"first\"}\n".write(
      toFile: path, atomically: true, encoding: .utf8)
    func append(_ text: String) throws {
      let handle = try #require(FileHandle(forWritingAtPath: path))
      handle.seekToEndOfFile()
      handle.write(Data(text.utf8))
      try handle.close()
    }
    let session = try TmuxSession(
      width: 100, height: 30, arguments: "--images none --follow \(path)")
    _ = try #require(
      session.waitForScreen { ScreenText.statusLine($0).contains("following the end") })
    try append("{\"id\":\"c2\",\"caption\":\"second\"}\n{\"caption\":\"thi")
    _ = try #require(session.waitForScreen { ScreenText.statusLine($0).contains("of 2") })
    try append("rd card\"}\n")
    let three = try #require(
      session.waitForScreen { ScreenText.statusLine($0).contains("of 3") })
    #expect(three.contains("third card"))
    try session.send("k")
    _ = try #require(
      session.waitForScreen { ScreenText.statusLine($0).contains("│ following │") })
    try append("{\"caption\":\"fourth\"}\n")
    _ = try #require(session.waitForScreen { ScreenText.statusLine($0).contains("of 4") })
    try session.send("F")
    _ = try #require(
      session.waitForScreen { ScreenText.statusLine($0).contains("following the end") })
    _ = truncate(path, 0)
    try append("{\"caption\":\"anew\"}\n")
    let again = try #require(
      session.waitForScreen { ScreenText.statusLine($0).contains("1 of 1") })
    #expect(again.contains("anew"))
    // Rotated as logrotate does it: renamed away, a new file made in its place, which is
    // read from its start and followed on.
    #expect(rename(path, path + ".1") == 0)
    try "{\"caption\":\"rotated one\"}\n{\"caption\":\"rotated two\"}\n".write(
      toFile: path, atomically: false, encoding: .utf8)
    let rotated = try #require(
      session.waitForScreen { ScreenText.statusLine($0).contains("2 of 2") })
    #expect(rotated.contains("rotated two") && !rotated.contains("anew"))
    try append("{\"caption\":\"after rotation\"}\n")
    let after = try #require(
      session.waitForScreen { ScreenText.statusLine($0).contains("3 of 3") })
    #expect(after.contains("after rotation"))
    try session.send("q")
    #expect(session.exitStatus() == "0")
  }

  /// `F` after a file was read to its end: what is appended next shows.
  @Test func capitalFFollowsAFileReadToItsEnd() throws {
    let path = TemporaryFiles.path(named: "later.jsonl")
    try "{\"caption\":\"one\"}\n{\"caption\":\"two\"}\n".write(
      toFile: path, atomically: true, encoding: .utf8)
    let session = try TmuxSession(width: 100, height: 30, arguments: "--images none \(path)")
    _ = try #require(session.waitForScreen { ScreenText.statusLine($0).contains("of 2") })
    try session.send("F")
    _ = try #require(
      session.waitForScreen { ScreenText.statusLine($0).contains("following the end") })
    let handle = try #require(FileHandle(forWritingAtPath: path))
    handle.seekToEndOfFile()
    handle.write(Data("{\"caption\":\"three\"}\n".utf8))
    try handle.close()
    let screen = try #require(
      session.waitForScreen { ScreenText.statusLine($0).contains("of 3") })
    #expect(screen.contains("three"))
    try session.send("q")
    #expect(session.exitStatus() == "0")
  }
}
