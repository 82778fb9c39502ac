import Foundation
import TestSupport
import Testing

/// The start-up probe's answers arriving late, in the real program: a pseudo-terminal
/// between tmux and masonry holds the terminal's answers back (a slow SSH link) and sends
/// them after the probe's window closed, or in two pieces. Late answers are never read as
/// keys (the screen is the same as when no answer ever comes, `q` still quits), and
/// answers still arriving keep the window open.
@Suite(.serialized, .terminal) struct LateProbeAnswerTests {
  static let esc = ProbeAnswerSamples.esc
  static let terminals = [("xterm", ProbeAnswerSamples.xterm), ("kitty", ProbeAnswerSamples.kitty)]

  /// The pseudo-terminal in between: `late.py DELAY SPLIT ANSWERS -- PROGRAM…` strips the
  /// probe's queries from what masonry writes and answers them itself DELAY ms later (the
  /// second half SPLIT ms after the first when SPLIT is not 0).
  static let proxy = #"""
    import os, pty, sys, select, time, tty, fcntl, termios, struct, signal
    # late.py DELAY_MS SPLIT_MS ANSWERS_HEX -- PROGRAM ARGS...
    delay = int(sys.argv[1]) / 1000.0
    split = int(sys.argv[2]) / 1000.0
    answers = b"" if sys.argv[3] == "-" else bytes.fromhex(sys.argv[3])
    argv = sys.argv[5:]
    size = fcntl.ioctl(0, termios.TIOCGWINSZ, b"\0" * 8)
    pid, master = pty.fork()
    if pid == 0:
        os.environ.pop("TMUX", None)
        os.execvp(argv[0], argv)
    # Cells only: with no size in pixels, masonry asks the terminal.
    rows, columns = struct.unpack("HHHH", size)[:2]
    fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    tty.setraw(0)
    pending = []  # (time, bytes)
    buffer = b""
    asked = False
    start = "\x1b_Gi=3".encode()  # the kitty queries (shared memory, graphics) come first
    end = b"\x1b[c"
    while True:
        now = time.monotonic()
        timeout = min([t for t, _ in pending], default=now + 1) - now
        ready, _, _ = select.select([0, master], [], [], max(0, timeout))
        now = time.monotonic()
        for t, data in [p for p in pending if p[0] <= now]:
            os.write(master, data)
        pending = [p for p in pending if p[0] > now]
        if master in ready:
            try:
                data = os.read(master, 65536)
            except OSError:
                break
            if not data:
                break
            if not asked:
                buffer += data
                i = buffer.find(start)
                j = buffer.find(end, i) if i >= 0 else -1
                if not start.startswith(buffer[: len(start)]):
                    # The program did not begin by asking: nothing to hold back.
                    asked = True
                    data, buffer = buffer, b""
                elif j >= 0:
                    asked = True
                    data = buffer[:i] + buffer[j + len(end):]
                    cut = len(answers) // 2 if split > 0 else len(answers)
                    pending.append((now + delay, answers[:cut]))
                    if cut < len(answers):
                        pending.append((now + delay + split, answers[cut:]))
                    buffer = b""
                else:
                    continue
            os.write(1, data)
        if 0 in ready:
            data = os.read(0, 4096)
            if not data:
                break
            os.write(master, data)
    _, status = os.waitpid(pid, 0)
    sys.exit(os.waitstatus_to_exitcode(status))
    """#

  static func wrapper(delay: Int, split: Int, answers: String) -> String {
    let path = TemporaryFiles.write(proxy, named: "late-answers.py")
    let hex = answers.isEmpty ? "-" : answers.utf8.map { String(format: "%02x", $0) }.joined()
    return "python3 \(path) \(delay) \(split) \(hex) --"
  }

  /// The screen once it has settled, a second and a half after the start (answers 400 ms
  /// late have long arrived), and whether `q` then quits with 0.
  static func run(delay: Int, split: Int = 0, answers: String) throws -> (
    screen: String, exit: String?, keys: [String]
  ) {
    let trace = TemporaryFiles.path(named: "trace")
    let session = try TmuxSession(
      width: 100, height: 30, arguments: "--images none --no-cache", term: "xterm-256color",
      environment: "MASONRY_TRACE=\(trace)",
      wrapper: wrapper(delay: delay, split: split, answers: answers))
    _ = try #require(session.waitForScreen { $0.contains("of 64") })
    usleep(1_500_000)
    var screen = session.screen()
    while let next = Optional(session.screen()), next != screen {
      screen = next
      usleep(200_000)
    }
    try session.send("q")
    let exit = session.exitStatus()
    // Every key the browser read (`MASONRY_TRACE`: `<time> key <key>` lines).
    let keys = ((try? String(contentsOfFile: trace, encoding: .utf8)) ?? "")
      .split(separator: "\n").filter { $0.contains(" key ") }
      .map { String($0.split(separator: " ", maxSplits: 2).last ?? "") }
    return (screen, exit, keys)
  }

  /// Answers 400 ms late change nothing: the browser reads no key but the `q` typed, `q`
  /// quits, and the screen is the one a terminal that never answers gets (what the
  /// answers would have told comes too late to count: symbols, the default cell).
  @Test(arguments: [0, 1])
  func lateAnswersAreNeverKeys(terminal: Int) throws {
    let (name, answers) = Self.terminals[terminal]
    let silent = try Self.run(delay: 0, answers: "")
    let late = try Self.run(delay: 400, answers: answers)
    #expect(silent.exit == "0" && late.exit == "0", "\(name): q quits")
    #expect(late.screen == silent.screen, "\(name)")
    #expect(late.keys == [#"character("q")"#], "\(name): \(late.keys)")
    // In two pieces 300 ms apart, both after the window: the piece held at the pause is
    // dropped, and the rest is known as its rest. (A piece that ends in `ESC [` is dropped as
    // an unknown key's sequence, or let through as Escape and `[`; nothing more.)
    let parted = try Self.run(delay: 400, split: 300, answers: answers)
    #expect(parted.exit == "0" && parted.screen == silent.screen, "\(name) in pieces")
    let others = parted.keys.filter { $0 != "escape" && $0 != #"character("[")"# }
    #expect(others == [#"character("q")"#], "\(name) in pieces: \(parted.keys)")
  }

  /// `--probe` with kitty's answers: prompt, in two pieces (half at 150 ms, the rest at
  /// 350 ms: past the first 250 ms, but the window stays open while answers arrive), and
  /// all at 400 ms (the window closed at 250 ms with nothing: symbols).
  @Test func answersStillArrivingKeepTheWindowOpen() throws {
    for (delay, split, answered) in [(0, 0, true), (150, 200, true), (400, 0, false)] {
      let session = try TmuxSession(
        width: 150, height: 20, arguments: "--probe", term: "xterm-256color",
        wrapper: Self.wrapper(delay: delay, split: split, answers: ProbeAnswerSamples.kitty))
      let screen = try #require(session.waitForScreen { $0.contains("pixels:") })
      let pixels = screen.split(separator: "\n").first { $0.hasPrefix("pixels:") } ?? ""
      if answered {
        #expect(screen.contains("probe: answered in"), "\(delay)+\(split)")
        #expect(pixels.hasPrefix("pixels: kitty"), "\(delay)+\(split)")
      } else {
        // The time the window stayed open: 250 ms, and more on a loaded machine.
        let waited = screen.split(separator: "\n").first {
          $0.hasPrefix("probe: no full answer in ")
        }
        .flatMap { Double($0.dropFirst(25).prefix { $0.isNumber || $0 == "." }) }
        #expect((250.0..<1_500).contains(waited ?? 0), "\(screen)")
        #expect(!pixels.hasPrefix("pixels: kitty"))
      }
      #expect(session.exitStatus() == "0")
    }
  }
}
