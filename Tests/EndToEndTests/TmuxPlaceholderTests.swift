import Foundation
import TestSupport
import Testing

/// Pictures inside tmux as kitty's Unicode placeholders, end to end: the real masonry in a
/// tmux pane whose client runs in a pseudo-terminal that answers like kitty 0.35 (Debian's
/// kitty, 0.26.5, draws no placeholders and its tmux, 3.3a, no sixel: what is checked here
/// is bytes and cells, not pixels). Every byte tmux sends that terminal is recorded.
@Suite(.serialized, .terminal) struct TmuxPlaceholderTests {
  /// `outer.py LOG ROWS COLUMNS -- PROGRAM…`: PROGRAM (tmux's client) in a pseudo-terminal
  /// of ROWS × COLUMNS cells of 10 × 20 pixels, every byte it writes appended to LOG, the
  /// start-up questions answered as kitty 0.35.2 answers them.
  static let outer = #"""
    import base64, os, pty, re, select, sys, fcntl, termios, struct
    log = open(sys.argv[1], "ab")
    rows, columns = int(sys.argv[2]), int(sys.argv[3])
    pid, master = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "xterm-kitty"
        os.execvp(sys.argv[5], sys.argv[5:])
    fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, columns * 10, rows * 20))
    answers = [
        (rb"\x1b\[>0?q", lambda m: b"\x1bP>|kitty(0.35.2)\x1b\\"),
        (rb"\x1b_G([^\x1b;]*)(;[^\x1b]*)?\x1b\\", None),
        (rb"\x1b\[>c", lambda m: b"\x1b[>1;4000;35c"),
        (rb"\x1b\[c", lambda m: b"\x1b[?62;52c"),
        (rb"\x1b\[16t", lambda m: b"\x1b[6;20;10t"),
        (rb"\x1b\[14t", lambda m: b"\x1b[4;%d;%dt" % (rows * 20, columns * 10)),
        (rb"\x1b\[\?2026\$p", lambda m: b"\x1b[?2026;2$y"),
    ]
    pattern = re.compile(b"|".join(b"(?:" + p + b")" for p, _ in answers))
    buffer = b""
    while True:
        ready, _, _ = select.select([master], [], [], 1)
        if not ready:
            continue
        try:
            data = os.read(master, 65536)
        except OSError:
            break
        if not data:
            break
        log.write(data)
        log.flush()
        buffer = buffer[-4096:] + data
        position = 0
        while True:
            match = pattern.search(buffer, position)
            if not match:
                break
            text = match.group(0)
            position = match.end()
            if text.startswith(b"\x1b_G"):
                keys = dict(k.split(b"=", 1) for k in text[3:].split(b";")[0].split(b",") if b"=" in k)
                # A kitty on this machine: shared memory objects are read (and removed).
                shared = None
                if keys.get(b"t") == b"s":
                    name = base64.b64decode(text[3:].split(b";", 1)[1].rstrip(b"\x1b\\"))
                    shared = "/dev/shm" + name.decode()
                    found = os.path.exists(shared)
                    if found and keys.get(b"a") != b"q":
                        os.unlink(shared)
                if keys.get(b"a") == b"q":
                    ok = shared is None or found
                    os.write(master, b"\x1b_Gi=" + keys.get(b"i", b"0") + (b";OK" if ok else b";EBADF:no such object") + b"\x1b\\")
                continue
            for p, answer in answers:
                if answer and re.fullmatch(p, text):
                    os.write(master, answer(text))
                    break
        buffer = buffer[position:]
    os.waitpid(pid, 0)
    """#

  /// A placeholder cell as `capture-pane -e` shows it: its image's id (the colour), its
  /// row and column in the image, and where it is.
  struct Placeholder: Hashable {
    var id: Int
    var row: Int
    var column: Int
    var x: Int
    var y: Int
  }

  /// The placeholder cells of a styled capture (`capture-pane -p -e`), each with its colour
  /// (`38;5;N`) and the row and column its marks name.
  static func placeholders(_ styled: String) -> [Placeholder] {
    let marks = Dictionary(
      uniqueKeysWithValues: [UInt32](markList).enumerated().map { ($1, $0) })
    var found: [Placeholder] = []
    for (y, line) in styled.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      var color = -1
      var x = 0
      let scalars = Array(line.unicodeScalars)
      var index = 0
      while index < scalars.count {
        let scalar = scalars[index]
        if scalar == "\u{1B}" {
          // An SGR sequence: the foreground colour it sets, if any.
          var end = index + 1
          while end < scalars.count && scalars[end] != "m" { end += 1 }
          let parameters = String(
            String.UnicodeScalarView(scalars[(index + 2)..<Swift.min(end, scalars.count)]))
          let numbers = parameters.split(separator: ";").map { Int($0) ?? -1 }
          var at = 0
          while at < numbers.count {
            if numbers[at] == 38 && at + 2 < numbers.count && numbers[at + 1] == 5 {
              color = numbers[at + 2]
              at += 3
            } else {
              if numbers[at] == 0 || numbers[at] == 39 { color = -1 }
              at += 1
            }
          }
          index = end + 1
          continue
        }
        if scalar.value == 0x10EEEE {
          let row = index + 1 < scalars.count ? marks[scalars[index + 1].value] : nil
          let column = index + 2 < scalars.count ? marks[scalars[index + 2].value] : nil
          found.append(Placeholder(id: color, row: row ?? -1, column: column ?? -1, x: x, y: y))
          index += 3
          x += 1
          continue
        }
        if scalar.properties.generalCategory != .nonspacingMark { x += 1 }
        index += 1
      }
    }
    return found
  }

  /// The marks numbering rows and columns, as the protocol lists them (the first 64 are
  /// enough for a 100 × 30 pane).
  static let markList: [UInt32] = [
    0x0305, 0x030D, 0x030E, 0x0310, 0x0312, 0x033D, 0x033E, 0x033F, 0x0346, 0x034A, 0x034B,
    0x034C, 0x0350, 0x0351, 0x0352, 0x0357, 0x035B, 0x0363, 0x0364, 0x0365, 0x0366, 0x0367,
    0x0368, 0x0369, 0x036A, 0x036B, 0x036C, 0x036D, 0x036E, 0x036F, 0x0483, 0x0484, 0x0485,
    0x0486, 0x0487, 0x0592, 0x0593, 0x0594, 0x0595, 0x0597, 0x0598, 0x0599, 0x059C, 0x059D,
    0x059E, 0x059F, 0x05A0, 0x05A1, 0x05A8, 0x05A9, 0x05AB, 0x05AC, 0x05AF, 0x05C4, 0x0610,
    0x0611, 0x0612, 0x0613, 0x0614, 0x0615, 0x0616, 0x0617, 0x0657, 0x0658,
  ]

  /// Each picture's cells form its rectangle: one id a picture, its rows and columns
  /// counting up from where it starts on screen, the same offset for every cell.
  static func checkRectangles(_ cells: [Placeholder], _ note: String) {
    for (id, mine) in Dictionary(grouping: cells, by: \.id) {
      let offsets = Set(mine.map { ($0.x - $0.column) * 1_000 + ($0.y - $0.row) })
      #expect(offsets.count == 1, "\(note): picture \(id) is not one rectangle")
      #expect(id >= 16 && id <= 255, "\(note): id \(id)")
      let columns = Set(mine.map(\.column))
      let rows = Set(mine.map(\.row))
      #expect(mine.count == columns.count * rows.count, "\(note): picture \(id) has holes")
    }
  }

  /// The image escapes in `bytes` (transmissions by id, placements, deletions).
  static func imageEscapes(_ bytes: Data) -> (transmitted: [Int], others: Int) {
    let text = String(decoding: bytes, as: UTF8.self)
    var transmitted: [Int] = []
    var others = 0
    for escape in text.components(separatedBy: "\u{1B}_G").dropFirst() {
      // Base64 or shared memory (`a=t,f=100,t=s,i=`): a kitty on this machine.
      let keys = escape.prefix { $0 != ";" && $0 != "\u{1B}" }.split(separator: ",")
      if keys.contains("a=t"),
        let id = keys.first(where: { $0.hasPrefix("i=") }).flatMap({ Int($0.dropFirst(2)) })
      {
        transmitted.append(id)
      } else if !escape.hasPrefix("m=") {
        others += 1
      }
    }
    return (transmitted, others)
  }

  @Test func picturesAreSentOnceAndMoveAsText() throws {
    let log = TemporaryFiles.path(named: "outer.log")
    FileManager.default.createFile(atPath: log, contents: nil)
    // masonry starts once the outer terminal's client is attached (it asks that terminal).
    let waiting = TemporaryFiles.write(
      "while [ -z \"$(tmux list-clients)\" ]; do sleep 0.05; done; exec \"$@\"\n",
      named: "wait-for-client.sh")
    let pictures = Repository.url.appendingPathComponent("Data/pictures").path
    let session = try TmuxSession(
      width: 100, height: 30, arguments: "--no-cache \(pictures)", term: "tmux-256color",
      wrapper: "sh \(waiting)")
    let script = TemporaryFiles.write(Self.outer, named: "outer.py")
    let client = Process()
    client.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    client.arguments = [
      "python3", script, log, "31", "100", "--", "tmux", "-L", session.socket, "attach", "-t", "t",
    ]
    client.standardInput = FileHandle.nullDevice
    try client.run()
    defer { client.terminate() }

    // The first screen: every picture on it in placeholder cells, each image sent once.
    let first = session.waitForScreen(seconds: 20) { screen in
      screen.unicodeScalars.filter { $0.value == 0x10EEEE }.count > 200
    }
    try #require(first != nil, "no placeholder cells: \(session.screen())")
    _ = session.waitForSteadyScreen(quiet: 1, seconds: 20)
    let styled = session.styledScreen()
    let cells = Self.placeholders(styled)
    Self.checkRectangles(cells, "first screen")
    let shownIDs = Set(cells.map(\.id))
    #expect(shownIDs.count >= 6, "\(shownIDs)")
    let settled = TmuxSession.settledSize(of: log)
    let sent = try Data(contentsOf: URL(fileURLWithPath: log))
    let escapes = Self.imageEscapes(sent)
    #expect(Set(escapes.transmitted).isSuperset(of: shownIDs))
    #expect(escapes.transmitted.count == Set(escapes.transmitted).count, "an image sent twice")
    // The probe went out through passthrough, and nothing else did: tmux unwraps it.
    #expect(!String(decoding: sent, as: UTF8.self).contains("\u{1B}Ptmux;"))
    let probe = try session.tmux(["show-options", "-p", "-t", "t"])
    #expect(probe.contains("allow-passthrough on"), "masonry turns passthrough on: \(probe)")

    // Scrolling down and back: the pictures seen before come back as text alone.
    try session.send("PgDn")
    _ = session.waitForSteadyScreen(quiet: 1, seconds: 20)
    let down = Self.placeholders(session.styledScreen())
    Self.checkRectangles(down, "scrolled down")
    let afterDown = TmuxSession.settledSize(of: log)
    try session.send("PgUp")
    _ = session.waitForSteadyScreen(quiet: 1, seconds: 20)
    let back = Self.placeholders(session.styledScreen())
    Self.checkRectangles(back, "scrolled back")
    #expect(Set(back.map(\.id)) == shownIDs)
    try session.send("PgDn")
    _ = session.waitForSteadyScreen(quiet: 1, seconds: 20)
    let again = try Data(contentsOf: URL(fileURLWithPath: log))
    let moved = Self.imageEscapes(again.subdata(in: afterDown..<again.count))
    #expect(moved.transmitted.isEmpty && moved.others == 0, "picture bytes for a scroll")
    #expect(afterDown > settled)

    // Another window: tmux draws it, and no placeholder of masonry's pane goes out; back
    // in masonry's window tmux draws its cells again, and no picture is sent.
    let beforeSwitch = TmuxSession.settledSize(of: log)
    try session.tmux(["new-window", "-t", "t", "sleep 30"])
    let other = TmuxSession.settledSize(of: log)
    let switched = try Data(contentsOf: URL(fileURLWithPath: log)).subdata(
      in: beforeSwitch..<other)
    #expect(
      !String(decoding: switched, as: UTF8.self).unicodeScalars.contains { $0.value == 0x10EEEE })
    try session.tmux(["select-window", "-t", "t:0"])
    let returned = TmuxSession.settledSize(of: log)
    let redrawn = try Data(contentsOf: URL(fileURLWithPath: log)).subdata(in: other..<returned)
    #expect(
      String(decoding: redrawn, as: UTF8.self).unicodeScalars.contains { $0.value == 0x10EEEE })
    #expect(Self.imageEscapes(redrawn).transmitted.isEmpty)

    // A narrower window: the columns change, every picture is one rectangle still.
    try session.tmux(["resize-window", "-t", "t", "-x", "70"])
    _ = session.waitForSteadyScreen(quiet: 1, seconds: 20)
    Self.checkRectangles(Self.placeholders(session.styledScreen()), "narrower")
    try session.send("q")
    #expect(session.exitStatus() == "0")
    // At the end passthrough is as it was, and the images are freed.
    let options = try session.tmux(["show-options", "-p", "-t", "t"])
    #expect(!options.contains("allow-passthrough"))
    let end = try Data(contentsOf: URL(fileURLWithPath: log))
    #expect(String(decoding: end, as: UTF8.self).contains("a=d,d=I,i=\(shownIDs.min() ?? 0),"))
  }
}
