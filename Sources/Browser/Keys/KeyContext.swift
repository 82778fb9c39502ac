/// Which part of the browser has the keys; each has its own table and command type.
package enum KeyContext: String, CaseIterable, Hashable, Sendable {
  case cards
  case openCard
  case viewer
  case labels
  case tagStrip
  case search
  case commandPrompt
  case filePrompt
  case help
  /// Keys that mean the same whatever has the keys (and in a terminal too small to draw).
  case anywhere

  /// A heading for the help, `--help`, the README and the manual page.
  package var title: String {
    switch self {
    case .anywhere: return "Anywhere"
    case .cards: return "Browsing the cards"
    case .openCard: return "An open card (Enter on a card without a picture)"
    case .viewer: return "The viewer (Enter on a picture)"
    case .labels: return "Labels on the cards (f)"
    case .tagStrip: return "The tag strip (t)"
    case .search: return "The search prompt (/)"
    case .commandPrompt: return "The command prompt (!)"
    case .filePrompt: return "The file prompt (c, x, R, e, #)"
    case .help: return "This help (?)"
    }
  }
}
