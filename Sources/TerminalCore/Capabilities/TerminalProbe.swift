/// The questions asked of a terminal at start-up and what its answers decide: which
/// picture protocol it gets and why. The asking itself (raw mode, one write, reading until
/// the last device attributes answer or `timeout`) is the curses backend's; everything
/// here is pure, so every terminal's answers can be replayed in tests.
package enum TerminalProbe {
  /// How long the answers are waited for: a terminal that answers nothing costs this once.
  package static let timeout = 250
  /// While answers are still arriving, the wait goes on this long after the last of them
  /// (a slow link brings them in pieces), up to `longestWait` in all, in milliseconds.
  /// Whatever comes later is dropped from the input (`LateAnswerFilter`).
  package static let afterAnswer = 250
  package static let longestWait = 1_500

  /// The deadline after an answer (or a piece of one) arrived at `now`, for a probe that
  /// began at `start` with `deadline` (all in microseconds).
  package static func extended(deadline: Int, start: Int, now: Int) -> Int {
    Swift.min(start + longestWait * 1000, Swift.max(deadline, now + afterAnswer * 1000))
  }

  /// The kitty graphics query: a 1×1 picture that is only checked, never stored (`a=q`).
  static let kittyQuery = "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\"
  /// Every query, device attributes last: each terminal tried answers in order, so its
  /// answer ends the reading.
  static let queries =
    kittyQuery
    + "\u{1B}[16t"  // a cell's size in pixels
    + "\u{1B}[14t"  // the text area's size in pixels
    + "\u{1B}[?1;1;0S"  // XTSMGRAPHICS: the sixel colour registers
    + "\u{1B}[?2;1;0S"  // XTSMGRAPHICS: the largest sixel
    + "\u{1B}[?2026$p"  // DECRQM: synchronized output
    + "\u{1B}[>0q"  // XTVERSION
    + "\u{1B}[c"  // DA1, the sentinel

  /// The kitty query of a 1×1 PNG in the shared memory object `name` (`t=s`, `i=32`):
  /// `OK` when kitty runs on this machine and can read what masonry puts there, so that
  /// pictures need not cross the link as base64.
  static func sharedMemoryQuery(_ name: String) -> String {
    "\u{1B}_Gi=32,a=q,t=s,f=100;"
      + String(decoding: Base64.encode(Array(name.utf8)), as: UTF8.self) + "\u{1B}\\"
  }

  /// What the shared memory object of `sharedMemoryQuery` holds: a PNG of one red pixel.
  package static let sharedMemoryPicture: [UInt8] = [
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44,
    0x52, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x02, 0x00, 0x00, 0x00, 0x90,
    0x77, 0x53, 0xDE, 0x00, 0x00, 0x00, 0x0C, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0xF8,
    0xCF, 0xC0, 0x00, 0x00, 0x03, 0x01, 0x01, 0x00, 0xC9, 0xFE, 0x92, 0xEF, 0x00, 0x00, 0x00,
    0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
  ]

  /// The bytes to write in one write, and how many device attributes answers end the
  /// reading; with `sharedMemory`, the name of an object holding `sharedMemoryPicture`,
  /// kitty is asked whether it reads it. Inside tmux the queries go to the outer terminal
  /// through passthrough (`ESC P tmux ; …`, escapes doubled) with a second DA1 after them:
  /// tmux answers its own at once, the outer terminal's come after it.
  package static func request(insideTmux: Bool, sharedMemory: String? = nil)
    -> (bytes: [UInt8], answersExpected: Int)
  {
    let queries = (sharedMemory.map(sharedMemoryQuery) ?? "") + queries
    guard insideTmux else { return (Array(queries.utf8), 1) }
    var wrapped = Array("\u{1B}Ptmux;".utf8)
    for byte in queries.utf8 {
      if byte == 0x1B { wrapped.append(0x1B) }
      wrapped.append(byte)
    }
    wrapped += Array("\u{1B}\\\u{1B}[c".utf8)
    return (wrapped, 2)
  }

  /// What the terminal is, from the environment alone (a remote shell passes `TERM` and
  /// often `TERM_PROGRAM`, `TMUX` only inside tmux).
  package struct Environment: Hashable, Sendable {
    package var term: String
    package var termProgram: String?
    package var insideTmux: Bool
    package var noColor: Bool
    /// What tmux says of its client's terminal, when it was asked (`TmuxPane`).
    package var tmuxClient: TmuxClientFeatures?

    package init(_ environment: [String: String]) {
      term = environment["TERM"] ?? ""
      termProgram = environment["TERM_PROGRAM"]
      insideTmux = !(environment["TMUX"] ?? "").isEmpty
      noColor = !(environment["NO_COLOR"] ?? "").isEmpty
    }

    /// Whether the probe may be sent at all: not to a dumb terminal.
    package var mayAsk: Bool { term != "dumb" && !term.isEmpty }
  }

  /// The picture protocol for a terminal, with the reason, in order: an explicit choice;
  /// no probe, `NO_COLOR` or no cell size give symbols; inside tmux, kitty's Unicode
  /// placeholders where the terminal outside answers through passthrough as one that draws
  /// them (`drawsPlaceholders`), with 256 colours or more, else symbols; then kitty
  /// graphics where the query answered OK; iTerm2's images where `TERM_PROGRAM` or
  /// XTVERSION names iTerm2, WezTerm or mlterm; sixel where DA1 lists 4 (not konsole: its
  /// sixels are not erased by text); else symbols.
  package static func choose(
    _ choice: ImageChoice, answers: ProbeAnswers?, environment: Environment,
    cellKnown: Bool, colors: ColorDepth = .direct
  ) -> (protocol: PixelProtocol?, reason: String) {
    switch choice {
    case .kitty: return (.kitty, "--images kitty")
    case .sixel: return (.sixel, "--images sixel")
    case .iterm: return (.iterm, "--images iterm")
    case .kittyUnicode: return (.kittyUnicode, "--images kitty-unicode")
    case .symbols: return (nil, "--images symbols")
    case .placeholders: return (nil, "--images none: placeholders")
    case .auto: break
    }
    guard let answers else { return (nil, "not asked (no terminal, or TERM is dumb)") }
    if environment.noColor { return (nil, "NO_COLOR is set") }
    guard cellKnown else { return (nil, "the cell's size in pixels is unknown") }
    if environment.insideTmux || answers.version?.hasPrefix("tmux") == true {
      return insideTmux(answers: answers, environment: environment, colors: colors)
    }
    if answers.kittyGraphics { return (.kitty, "the kitty graphics query answered OK") }
    let names = [environment.termProgram ?? "", answers.version ?? ""].map { $0.lowercased() }
    for name in ["iterm", "wezterm", "mlterm"] where names.contains(where: { $0.hasPrefix(name) }) {
      return (.iterm, "the terminal names itself \(name)")
    }
    if answers.hasSixel {
      if answers.version?.lowercased().hasPrefix("konsole") == true {
        return (nil, "konsole's sixels are not erased by text, and its kitty query failed")
      }
      return (.sixel, "DA1 lists 4: sixel")
    }
    if answers.deviceAttributes.isEmpty { return (nil, "no answer within \(timeout) ms") }
    return (nil, "no picture protocol answered")
  }

  /// Inside tmux: kitty's Unicode placeholders where the terminal outside (answering
  /// through passthrough) draws them and there are 256 colours; else sixel where tmux
  /// itself draws it (its own DA1, the first to come, lists 4: tmux 3.4 on, built with
  /// sixel) and its client's terminal shows it (tmux's `sixel` feature, or that
  /// terminal's DA1); else symbols, saying why.
  static func insideTmux(answers: ProbeAnswers, environment: Environment, colors: ColorDepth)
    -> (protocol: PixelProtocol?, reason: String)
  {
    let outside = answers.version.flatMap { $0.hasPrefix("tmux") ? nil : $0 }
    let noPlaceholders: String
    if let outside, answers.kittyGraphics, drawsPlaceholders(outside) {
      guard colors >= .palette256 else {
        return (nil, "inside tmux, but placeholder cells need 256 colours")
      }
      return (
        .kittyUnicode,
        "inside tmux, \(outside) outside draws kitty's Unicode placeholders (through passthrough)"
      )
    } else if let outside {
      noPlaceholders =
        answers.kittyGraphics
        ? "\(outside) outside draws no Unicode placeholders (kitty 0.28 or later and Ghostty do)"
        : "the terminal outside (\(outside)) has no kitty graphics"
    } else {
      noPlaceholders = "the terminal outside did not answer through passthrough"
    }
    let tmuxDrawsSixel = answers.deviceAttributes.first?.dropFirst().contains(4) ?? false
    let clientShowsSixel =
      environment.tmuxClient?.names.contains("sixel") == true
      || (answers.deviceAttributes.count > 1
        && answers.deviceAttributes.last?.dropFirst().contains(4) == true)
    if tmuxDrawsSixel && clientShowsSixel {
      return (.sixel, "inside tmux, which draws sixel itself (DA1 4) to a terminal that shows it")
    }
    return (
      nil,
      "inside tmux: \(noPlaceholders), and "
        + (tmuxDrawsSixel
          ? "its client shows no sixel" : "this tmux draws no sixel (3.4 or later can)")
    )
  }

  /// Whether the terminal that names itself `version` (XTVERSION) draws kitty's Unicode
  /// placeholder cells: kitty from 0.28 (`kitty(0.28.0)`), Ghostty.
  package static func drawsPlaceholders(_ version: String) -> Bool {
    let name = version.lowercased()
    if name.hasPrefix("ghostty") { return true }
    guard name.hasPrefix("kitty(") else { return false }
    let numbers = name.dropFirst(6).prefix { $0 != ")" }.split(separator: ".").map { Int($0) }
    guard numbers.count >= 2, let major = numbers[0], let minor = numbers[1] else { return false }
    return (major, minor) >= (0, 28)
  }
}
