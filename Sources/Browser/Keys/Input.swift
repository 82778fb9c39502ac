import TerminalCore

/// What a binding answers to: a key, or a kind of mouse event (where it happened is the
/// event's, and the command that answers it reads it).
package enum Input: Hashable, Sendable {
  case key(Key)
  case mouse(MouseEvent.Kind)

  /// The input as the help and the manual write it: `↑`, `Ctrl-D`, `wheel↓`, `click`.
  package var displayName: String {
    switch self {
    case .key(let key): return key.displayName
    case .mouse(.wheelUp): return "wheel↑"
    case .mouse(.wheelDown): return "wheel↓"
    case .mouse(.click): return "click"
    case .mouse(.doubleClick): return "double-click"
    }
  }
}
