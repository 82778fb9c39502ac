import TerminalText

/// A word of the browser's options and where it was written: the config file, the
/// `MASONRY_OPTS` variable or the command line. Errors name the place; `--print-config`
/// says where each option in force came from.
package struct OptionWord: Hashable, Sendable {
  package enum Origin: Hashable, Sendable {
    case config(path: String, line: Int, column: Int)
    case environment(column: Int)
    case commandLine
  }

  package var text: String
  package var origin: Origin

  package init(_ text: String, _ origin: Origin) {
    self.text = text
    self.origin = origin
  }

  /// Where an error in this word is said to be: `path:line:column`, `MASONRY_OPTS`, or
  /// nothing on the command line (the person just typed it).
  package var location: String? {
    switch origin {
    case .config(let path, let line, let column): "\(MessageText.path(path)):\(line):\(column)"
    case .environment: "MASONRY_OPTS"
    case .commandLine: nil
    }
  }

  /// The place as `--print-config` names it.
  package var source: String {
    switch origin {
    case .config(let path, let line, _): "\(MessageText.path(path)):\(line)"
    case .environment: "MASONRY_OPTS"
    case .commandLine: "the command line"
    }
  }
}
