/// Why the browser cannot use this terminal; the program exits with 69 (EX_UNAVAILABLE)
/// and points to `masonry render`, leaving the terminal untouched.
package enum TerminalError: Error, Hashable, Sendable, CustomStringConvertible {
  case notATerminal(stream: String)
  case unknownTerminal(name: String)

  package var description: String {
    switch self {
    case .notATerminal(let stream):
      return "\(stream) is not a terminal; to print a frame without one, use 'masonry render'"
    case .unknownTerminal(let name):
      let shown = name.isEmpty ? "TERM is not set" : "unknown terminal type '\(name)' (TERM)"
      return "\(shown); to print a frame without a terminal, use 'masonry render'"
    }
  }

  package var exitCode: Int32 { 69 }
}
