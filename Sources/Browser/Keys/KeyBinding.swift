import TerminalCore

/// Which part of the browser a key binding applies to.
package enum KeyContext: String, CaseIterable, Hashable, Sendable {
  case cards
  case openCard
  case tagStrip
  case search
  case help
  /// Keys that mean the same whatever has the keys (and in a terminal too small to draw).
  case anywhere

  /// A heading for the help, `--help`, the README and the manual page.
  package var title: String {
    switch self {
    case .anywhere: return "Anywhere"
    case .cards: return "Browsing the cards"
    case .openCard: return "An open card (Enter)"
    case .tagStrip: return "The tag strip (t)"
    case .search: return "The search prompt (/)"
    case .help: return "This help (?)"
    }
  }
}

/// A line of the key table: keys, what each one does, and the words that describe them.
package struct KeyBinding: Sendable {
  package var context: KeyContext
  /// Each key with its command, in the order the keys are shown.
  package var keys: [(key: Key, command: BrowserCommand)]
  /// Shown instead of the keys' names when set (`type`, `mouse wheel`): lines that
  /// describe input without a key of their own.
  package var label: String?
  package var summary: String

  package init(
    _ context: KeyContext, _ keys: [(Key, BrowserCommand)], _ summary: String,
    label: String? = nil
  ) {
    self.context = context
    self.keys = keys.map { (key: $0.0, command: $0.1) }
    self.label = label
    self.summary = summary
  }

  /// The keys as they are written: `↑ ↓ k j`.
  package var keyNames: [String] {
    label.map { [$0] } ?? keys.map(\.key.displayName)
  }
}
