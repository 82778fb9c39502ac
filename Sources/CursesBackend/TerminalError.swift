import TerminalText

/// Why the browser cannot use this terminal; the program exits with 69 (EX_UNAVAILABLE)
/// and points to `masonry render`, leaving the terminal untouched.
package enum TerminalError: Error, Hashable, Sendable, CustomStringConvertible {
  case notATerminal(stream: String)
  case unknownTerminal(name: String)
  /// TERM names a terminal that cannot show a full-screen interface (no cursor
  /// addressing or no reverse video: `dumb`, `vt52`, hardcopy terminals).
  case incapableTerminal(name: String)

  package var description: String {
    let hint = "to print a frame without a terminal, use 'masonry render'"
    switch self {
    case .notATerminal(let stream):
      return
        "\(stream) is not a terminal, nor is there a /dev/tty; to print a frame without one, use 'masonry render'"
    case .unknownTerminal(let name):
      let shown =
        name.isEmpty
        ? "TERM is not set" : "unknown terminal type '\(MessageText.quoted(name))' (TERM)"
      return "\(shown); \(hint)"
    case .incapableTerminal(let name):
      return
        "terminal type '\(MessageText.quoted(name))' (TERM) cannot address the cursor or show reverse video; \(hint)"
    }
  }

  package var exitCode: Int32 { 69 }
}
