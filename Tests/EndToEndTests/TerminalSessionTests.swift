import Foundation
import TestSupport
import Testing

/// The built `masonry` through a real terminal (tmux), as a person would use it.
@Suite(.serialized, .terminal) struct TerminalSessionTests {
  static let statusMarker = "animals.json (bundled)"

  /// The terminal modes from `stty -a`, without its first line (speed and window size,
  /// which the tests change on purpose).
  static func modes(_ stty: String?) -> String {
    (stty ?? "").split(separator: "\n").dropFirst().joined(separator: "\n")
  }

  /// The status bar row of a screen.

  @Test func browsingResizingSearchingAndQuitting() throws {
    // Placeholders: a thumbnail arriving must not pass for the scroll awaited below.
    let session = try TmuxSession(width: 120, height: 40, arguments: "--images none")
    let first = try #require(session.waitForScreen { $0.contains(Self.statusMarker) })
    #expect(first.contains("── mammals"))
    #expect(ScreenText.statusLine(first).contains("4 cols"))
    #expect(first.contains("┏"), "a card is selected")

    // Scroll: the frame moves up a row.
    try session.send("j")
    let scrolled = try #require(
      session.waitForScreen { $0 != first && $0.contains(Self.statusMarker) })
    #expect(!scrolled.contains("── mammals"))

    // Resizes: the columns follow the width and the selected card stays on screen.
    try session.resize(width: 60, height: 20)
    let narrow = try #require(
      session.waitForScreen { ScreenText.statusLine($0).contains("2 cols") })
    #expect(narrow.contains("┏") || narrow.contains("┃") || narrow.contains("┗"))
    try session.resize(width: 200, height: 50)
    let wide = try #require(session.waitForScreen { ScreenText.statusLine($0).contains("7 cols") })
    #expect(wide.contains("┃") || wide.contains("┏") || wide.contains("┗"))

    // Open a picture in the viewer, and close it.
    try session.send("Enter")
    _ = try #require(session.waitForScreen { ScreenText.statusLine($0).contains("fit ") })
    try session.send("Escape")
    _ = try #require(session.waitForScreen { ScreenText.statusLine($0).contains("? help") })

    // Search.
    try session.send("/", "o", "c", "e", "a", "n")
    let searched = try #require(
      session.waitForScreen { ScreenText.statusLine($0).contains("/ocean▏") })
    #expect(ScreenText.statusLine(searched).contains("of 11"))
    try session.send("Enter")
    try session.send("Escape")
    _ = try #require(
      session.waitForScreen {
        ScreenText.statusLine($0).contains("of 64") && ScreenText.statusLine($0).contains("? help")
      })

    // Quit: exit code 0 and the terminal modes as they were.
    try session.send("q")
    #expect(session.waitForFile("exit")?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    let before = Self.modes(session.waitForFile("before"))
    let after = Self.modes(session.waitForFile("after"))
    #expect(!before.isEmpty && before == after)
  }

  /// The viewport in a real terminal: `<` drops columns at the breakpoints the ruler
  /// names, `{` jumps to one, and `=` brings back the very screen it started from.
  @Test func viewportKeysNarrowTheCardsAndEqualsRestoresTheScreen() throws {
    let session = try TmuxSession(width: 100, height: 30, arguments: "--images none")
    let first = try #require(session.waitForScreen { $0.contains(Self.statusMarker) })
    #expect(ScreenText.statusLine(first).contains("3 cols"))
    func lastRow(_ screen: String) -> String {
      String(screen.split(separator: "\n").last ?? "")
    }
    try session.tmux(["send-keys", "-t", "t", "-l", "<<<<<"])
    let narrowed = try #require(session.waitForScreen { lastRow($0).contains("95 wide") })
    #expect(lastRow(narrowed).contains("◂ 2 cols at 79 │ 95 wide · 3 cols"), "\(lastRow(narrowed))")
    #expect(narrowed.contains("╱"), "the margin is hatched")
    try session.tmux(["send-keys", "-t", "t", "-l", "{"])
    let jumped = try #require(
      session.waitForScreen { ScreenText.statusLine($0).contains("79 wide") })
    #expect(ScreenText.statusLine(jumped).contains("2 cols"))
    try session.tmux(["send-keys", "-t", "t", "-l", String(repeating: "<", count: 27)])
    let single = try #require(session.waitForScreen { lastRow($0).contains("52 wide · 1 col") })
    #expect(single.contains("┏") || single.contains("┃"), "the selected card still shows")
    try session.tmux(["send-keys", "-t", "t", "-l", "="])
    let restored = try #require(session.waitForScreen { !$0.contains("wide") })
    #expect(restored == first, "= gives back the exact screen")
    try session.send("q")
    #expect(session.waitForFile("exit")?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
  }

  /// Shift-arrows arrive as terminfo's extended keys (kDN, kUP) and move the selection.
  @Test func shiftArrowsMoveTheSelection() throws {
    let session = try TmuxSession(width: 100, height: 30, arguments: "--images none")
    let first = try #require(session.waitForScreen { $0.contains(Self.statusMarker) })
    func selectedTop(_ screen: String) -> Int? {
      screen.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
        $0.contains("┏")
      }
    }
    let start = try #require(selectedTop(first))
    try session.send("S-Down")
    let below = try #require(session.waitForScreen { selectedTop($0).map { $0 != start } ?? false })
    let lowered = try #require(selectedTop(below))
    #expect(lowered > start)
    try session.send("S-Up")
    _ = try #require(session.waitForScreen { selectedTop($0).map { $0 < lowered } ?? false })
    try session.send("q")
  }

  /// Bytes through a real terminal: one row of scrolling stays small, and a key that
  /// changes nothing sends nothing (shown with a marker: `Z` then `?` sends exactly what `?`
  /// alone sends from the same screen).
  @Test func oneRowOfScrollingStaysWithinTheByteBudget() throws {
    // Placeholders: thumbnails arriving would change the screen under the measurement
    // (pictures have their own byte test).
    let session = try TmuxSession(width: 120, height: 40, arguments: "--images none")
    let first = try #require(session.waitForScreen { $0.contains(Self.statusMarker) })
    let path = try session.startRecording()
    let start = TmuxSession.settledSize(of: path)
    try session.send("j")
    let scrolled = try #require(session.waitForScreen { $0 != first })
    let afterScroll = TmuxSession.settledSize(of: path)
    let scrollBytes = afterScroll - start
    #expect(scrollBytes > 0)
    #expect(scrollBytes <= 1_536, "one row of scrolling sent \(scrollBytes) bytes")
    print("one-row scroll at 120x40: \(scrollBytes) bytes")

    try session.send("Z", "?")
    _ = try #require(session.waitForScreen { $0.contains("Keys") })
    let afterNoOpAndHelp = TmuxSession.settledSize(of: path)
    try session.send("Escape")
    _ = try #require(session.waitForScreen { $0 == scrolled })
    let beforeHelp = TmuxSession.settledSize(of: path)
    try session.send("?")
    _ = try #require(session.waitForScreen { $0.contains("Keys") })
    let afterHelp = TmuxSession.settledSize(of: path)
    #expect(
      afterNoOpAndHelp - afterScroll == afterHelp - beforeHelp,
      "Z sent \((afterNoOpAndHelp - afterScroll) - (afterHelp - beforeHelp)) bytes")
    try session.send("q", "q")
  }

  /// The terminal as the pane has it: alternate screen, cursor shown, mouse reporting.
  static func paneState(_ session: TmuxSession) -> String {
    (try? session.tmux([
      "display-message", "-p", "-t", "t",
      "alternate=#{alternate_on} cursor=#{cursor_flag} mouse=#{mouse_any_flag}",
    ]))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
  }

  static let shellState = "alternate=0 cursor=1 mouse=0"

  /// Every signal whose default ends the process: the terminal comes back exactly (modes,
  /// normal screen, cursor, no mouse reporting) and the process exits with 128 + n.
  @Test(arguments: [
    (SIGTERM, "143"), (SIGHUP, "129"), (SIGQUIT, "131"), (SIGUSR1, "138"), (SIGUSR2, "140"),
    (SIGALRM, "142"), (SIGPIPE, "141"),
    // Real-time signals (glibc: SIGRTMIN is 34, SIGRTMAX 64), whose numbers C only knows at
    // run time: the first, one between and the last.
    (34, "162"), (45, "173"), (64, "192"),
  ])
  func signalWhileBrowsingRestoresTheTerminal(signal: Int32, exitCode: String) throws {
    let session = try TmuxSession(width: 100, height: 30)
    _ = try #require(session.waitForScreen { $0.contains(Self.statusMarker) })
    let pid = try #require(
      session.waitForFile("pid").flatMap {
        Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
      })
    #expect(Self.paneState(session) == "alternate=1 cursor=0 mouse=1")
    kill(pid, signal)
    #expect(
      session.waitForFile("exit")?.trimmingCharacters(in: .whitespacesAndNewlines) == exitCode)
    #expect(Self.modes(session.waitForFile("before")) == Self.modes(session.waitForFile("after")))
    #expect(Self.paneState(session) == Self.shellState)
    // The shell's screen is back: no browser chrome left drawn on the normal screen.
    let screen = session.screen()
    #expect(!screen.contains(Self.statusMarker))
    #expect(!screen.contains("Press space"), "no crash reporter waiting for a key")
  }

  @Test func coloursReachTheTerminalUnlessNoColor() throws {
    let session = try TmuxSession(width: 80, height: 24)
    _ = try #require(session.waitForScreen { $0.contains(Self.statusMarker) })
    let styled = session.styledScreen()
    #expect(styled.contains("\u{1B}[38;5;214m"), "the selected card's border colour")
    #expect(styled.contains("\u{1B}[48;5;"), "image placeholders in their colour")
    try session.send("q")

    let plain = try TmuxSession(width: 80, height: 24, environment: "NO_COLOR=1")
    _ = try #require(plain.waitForScreen { $0.contains(Self.statusMarker) })
    let noColor = plain.styledScreen()
    #expect(!noColor.contains("[38;5;") && !noColor.contains("[48;5;"))
    #expect(noColor.contains("\u{1B}[1m"), "attributes stay")
    try plain.send("q")
  }

  /// 24-bit colour where the terminal has it: `COLORTERM=truecolor` (what kitty,
  /// gnome-terminal, alacritty, Windows Terminal and iTerm2 set) with a 256-colour TERM used
  /// to get 256 colours; now the `-direct` entry of the same family draws, and tmux holds
  /// RGB cells. `--color` overrides it either way.
  @Test(arguments: [
    ("tmux-256color", "COLORTERM=truecolor", "", "\u{1B}[38;2;255;175;0m"),
    ("xterm-256color", "COLORTERM=24bit", "", "\u{1B}[38;2;255;175;0m"),
    ("tmux-256color", "", "--color=24bit", "\u{1B}[38;2;255;175;0m"),
    ("tmux-256color", "", "", "\u{1B}[38;5;214m"),
    ("tmux-256color", "COLORTERM=truecolor", "--color 256", "\u{1B}[38;5;214m"),
    // 16 is the depth and the theme of the terminal's own 16 colours: bright yellow.
    ("tmux-direct", "", "--color=16", "\u{1B}[93m"),
    ("tmux-256color", "COLORTERM=truecolor NO_COLOR=1", "--color=24bit", "\u{1B}[38;2;255;175;0m"),
  ])
  func colourDepthFollowsTheTerminalAndTheOption(
    term: String, environment: String, arguments: String, border: String
  ) throws {
    let session = try TmuxSession(
      width: 80, height: 24, arguments: arguments + " --images none", term: term,
      environment: environment)
    _ = try #require(session.waitForScreen { $0.contains(Self.statusMarker) })
    let styled = session.styledScreen()
    #expect(styled.contains(border), "the selected card's border: \(border.debugDescription)")
    if border.contains("38;2;") {
      #expect(!styled.contains("[38;5;") && !styled.contains("[48;5;"), "no palette colour left")
    } else {
      #expect(!styled.contains("[38;2;") && !styled.contains("[48;2;"), "no 24-bit colour")
    }
    try session.send("q")
    #expect(session.waitForFile("exit")?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
  }

  /// A crash signal (sent by `kill` here, so the program itself is fine): the terminal is
  /// restored, one line says what happened, and the process ends by that signal at once —
  /// no interactive backtracer, no carrying on.
  @Test(arguments: [(SIGSEGV, "139"), (SIGABRT, "134"), (SIGBUS, "135"), (SIGFPE, "136")])
  func crashRestoresTheTerminalAndEnds(signal: Int32, exitCode: String) throws {
    let session = try TmuxSession(width: 100, height: 30)
    _ = try #require(session.waitForScreen { $0.contains(Self.statusMarker) })
    let pid = try #require(
      session.waitForFile("pid").flatMap {
        Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
      })
    kill(pid, signal)
    #expect(
      session.waitForFile("exit", seconds: 2)?.trimmingCharacters(in: .whitespacesAndNewlines)
        == exitCode)
    #expect(Self.modes(session.waitForFile("before")) == Self.modes(session.waitForFile("after")))
    #expect(Self.paneState(session) == Self.shellState)
    #expect(!session.screen().contains(Self.statusMarker))
    #expect(!session.screen().contains("Press space"))
    #expect(session.waitForFile("stderr") == "masonry: crashed (signal \(signal))\n")
  }

  /// Ctrl-Z in a shell with job control: the terminal is the shell's while the browser is
  /// stopped; `fg` brings the browser back, drawn whole, and its keys work.
  @Test func suspendAndResume() throws {
    let session = try TmuxSession(width: 100, height: 30, interactiveShell: true)
    try session.send(
      "stty -a > \(session.directory)/before; \(TmuxSession.binary) --images none", "Enter")
    let first = try #require(session.waitForScreen { $0.contains(Self.statusMarker) })
    try session.send("C-z")
    _ = try #require(session.waitForScreen { $0.contains("Stopped") })
    #expect(Self.paneState(session) == Self.shellState)
    try session.send("stty -a > \(session.directory)/during", "Enter")
    #expect(Self.modes(session.waitForFile("before")) == Self.modes(session.waitForFile("during")))
    try session.send("fg", "Enter")
    let back = try #require(session.waitForScreen { $0.contains(Self.statusMarker) })
    #expect(back == first, "the whole frame is drawn again")
    #expect(Self.paneState(session) == "alternate=1 cursor=0 mouse=1")
    try session.send("j")
    _ = try #require(session.waitForScreen { $0 != first && $0.contains(Self.statusMarker) })
    try session.send("q")
    try session.send("stty -a > \(session.directory)/after", "Enter")
    #expect(Self.modes(session.waitForFile("before")) == Self.modes(session.waitForFile("after")))
  }

  @Test func ctrlCRestoresTheTerminal() throws {
    let session = try TmuxSession(width: 100, height: 30)
    _ = try #require(session.waitForScreen { $0.contains(Self.statusMarker) })
    try session.send("C-c")
    #expect(session.waitForFile("exit")?.trimmingCharacters(in: .whitespacesAndNewlines) == "130")
    #expect(Self.modes(session.waitForFile("before")) == Self.modes(session.waitForFile("after")))
  }

  @Test func unknownTermGivesExit69AndTheMessage() throws {
    let session = try TmuxSession(width: 100, height: 30, term: "no-such-terminal")
    #expect(session.waitForFile("exit")?.trimmingCharacters(in: .whitespacesAndNewlines) == "69")
    let message = session.waitForFile("stderr") ?? ""
    #expect(
      message
        == "masonry: unknown terminal type 'no-such-terminal' (TERM); to print a frame without a terminal, use 'masonry render'\n"
    )
    #expect(Self.modes(session.waitForFile("before")) == Self.modes(session.waitForFile("after")))
  }

  /// Bytes that make no key (a broken mouse report, a skin-toned emoji, DEL) are skipped:
  /// the program reads on. `?` after them proves it; it used to exit 0 here.
  @Test func oddBytesDoNotEndTheProgram() throws {
    let session = try TmuxSession(width: 100, height: 30)
    _ = try #require(session.waitForScreen { $0.contains(Self.statusMarker) })
    try session.tmux([
      "send-keys", "-t", "t", "-H", "1b", "5b", "4d", "f0", "9f", "91", "8d", "f0", "9f", "8f",
      "bd", "7f", "72", "5e",
    ])
    try session.send("?")
    _ = try #require(session.waitForScreen { $0.contains("Keys") }, "help opens after the bytes")
    #expect(session.isRunning(), "still running")
    try session.send("q", "q")
    #expect(session.waitForFile("exit")?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
  }

  /// A paste arrives whole (bracketed paste): its newline neither ends the search nor runs
  /// a key, and a Ctrl-C byte in it is dropped text, not an interrupt (it used to end the
  /// browser with 130: the terminal was in cbreak mode, where the byte is a signal).
  @Test func pastedTextGoesIntoTheSearchWhole() throws {
    let session = try TmuxSession(width: 100, height: 30)
    _ = try #require(session.waitForScreen { $0.contains(Self.statusMarker) })
    try session.send("/")
    _ = try #require(session.waitForScreen { ScreenText.statusLine($0).contains("/▏") })
    try session.tmux(["set-buffer", "-b", "clip", "o\u{03}c\nq\u{1A}"])
    try session.tmux(["paste-buffer", "-p", "-b", "clip", "-t", "t"])
    let pasted = try #require(
      session.waitForScreen { ScreenText.statusLine($0).contains("/oc q▏") })
    // Nothing matches "oc q": the status bar says so, the browser still there.
    #expect(ScreenText.statusLine(pasted).contains("no cards"))
    // (Escape then q at once would be Alt-q: a person's keys come further apart.)
    try session.send("Escape")
    _ = try #require(session.waitForScreen { !ScreenText.statusLine($0).contains("/oc q▏") })
    try session.send("q")
    #expect(session.waitForFile("exit")?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
  }

  /// Terminals without cursor addressing or reverse video cannot show the browser: exit
  /// 69 with the reason, before anything is sent to them.
  @Test(arguments: ["dumb", "vt52"])
  func incapableTerminalsGiveExit69(term: String) throws {
    let session = try TmuxSession(width: 100, height: 30, term: term)
    #expect(session.waitForFile("exit")?.trimmingCharacters(in: .whitespacesAndNewlines) == "69")
    #expect(
      session.waitForFile("stderr")
        == "masonry: terminal type '\(term)' (TERM) cannot address the cursor or show reverse video; to print a frame without a terminal, use 'masonry render'\n"
    )
    #expect(Self.modes(session.waitForFile("before")) == Self.modes(session.waitForFile("after")))
  }

  @Test func notATerminalGivesExit69() throws {
    // In a session of its own: no controlling terminal, so no /dev/tty to fall back on.
    let run = try ProgramRun.run("/usr/bin/setsid", ["--wait", TmuxSession.binary])
    #expect(run.status == 69)
    #expect(
      run.errors
        == "masonry: standard input is not a terminal, nor is there a /dev/tty; to print a frame without one, use 'masonry render'\n"
    )
    #expect(run.output.isEmpty)
  }
}

/// Random bytes typed into the real program through tmux: it reads on (nothing but `q`,
/// Ctrl-C or a signal ends it), and the screen stays a browser.
@Suite(.serialized, .terminal) struct TerminalInputFuzzTests {
  @Test func randomBytesNeverEndTheProgram() throws {
    let session = try TmuxSession(width: 100, height: 30, arguments: "--images none")
    _ = try #require(
      session.waitForScreen { $0.contains(TerminalSessionTests.statusMarker) })
    var random = SeededGenerator(seed: 99)
    // Not q, Ctrl-C, Ctrl-Z or Ctrl-\: those end or stop it on purpose.
    let excluded: Set<UInt8> = [0x71, 0x03, 0x1A, 0x1C]
    for burst in 0..<150 {
      var bytes: [String] = []
      for _ in 0..<Int.random(in: 1...8, using: &random) {
        var byte = UInt8.random(in: 0...255, using: &random)
        while excluded.contains(byte) { byte = UInt8.random(in: 0...255, using: &random) }
        bytes.append(String(byte, radix: 16))
      }
      try session.tmux(["send-keys", "-t", "t", "-H"] + bytes)
      if burst % 25 == 24 {
        try session.resize(
          width: Int.random(in: 30...120, using: &random),
          height: Int.random(in: 10...40, using: &random))
        #expect(session.isRunning(), "still running after burst \(burst)")
      }
    }
    try session.resize(width: 100, height: 30)
    // Whatever mode the bytes left it in, Escape leads back to the cards and q quits
    // (each key on its own: an Escape right before a key reads as Alt with that key).
    for _ in 0..<4 {
      try session.send("Escape")
      usleep(150_000)
    }
    // `=` gives back the full width if the bytes narrowed the viewport (`<`). The status bar
    // may still be crowded (marks, a filter), so its file name can end in `…`: look for the
    // name's start only, not the whole marker.
    try session.send("=")
    _ = try #require(
      session.waitForScreen { $0.contains("animals.json") },
      "the browser is still drawn: \(session.screen())")
    #expect(session.isRunning())
    try session.send("q")
    #expect(session.waitForFile("exit")?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    #expect(
      TerminalSessionTests.modes(session.waitForFile("before"))
        == TerminalSessionTests.modes(session.waitForFile("after")))
  }
}
