import TerminalCore

extension Key {
  /// The key as the help and the manual write it: `↑`, `PgDn`, `Ctrl-D`, `Space`, `j`.
  package var displayName: String {
    switch self {
    case .character(" "): return "Space"
    case .character(let character): return String(character)
    case .control(let character): return "Ctrl-" + character.uppercased()
    case .up: return "↑"
    case .down: return "↓"
    case .left: return "←"
    case .right: return "→"
    case .shiftUp: return "Shift-↑"
    case .shiftDown: return "Shift-↓"
    case .pageUp: return "PgUp"
    case .pageDown: return "PgDn"
    case .home: return "Home"
    case .end: return "End"
    case .enter: return "Enter"
    case .escape: return "Esc"
    case .backspace: return "Backspace"
    case .tab: return "Tab"
    case .alt(let character): return "Alt-" + String(character)
    case .function(let number): return "F\(number)"
    }
  }
}
