import Browser

/// One documented option of a command, written as help text for a terminal (`--help`) and
/// as roff for the manual page, from the same words.
struct OptionHelp: Sendable {
  /// The option as typed: `--columns N`, `-h, --help`.
  var name: String
  var summary: String

  init(_ name: String, _ summary: String) {
    self.name = name
    self.summary = summary
  }

  /// The options as an indented two-column list, summaries wrapped at 80 columns.
  static func text(_ options: [OptionHelp]) -> String {
    let column = 26
    var lines: [String] = []
    for option in options {
      let wrapped = wrap(option.summary, width: 80 - column)
      let head = "  " + option.name
      if head.count + 2 <= column {
        lines.append(head.padded(to: column) + (wrapped.first ?? ""))
        lines += wrapped.dropFirst().map { String(repeating: " ", count: column) + $0 }
      } else {
        lines.append(head)
        lines += wrapped.map { String(repeating: " ", count: column) + $0 }
      }
    }
    return lines.joined(separator: "\n")
  }

  /// The options as roff tagged paragraphs.
  static func roff(_ options: [OptionHelp]) -> String {
    options.map { ".TP\n.B \(Roff.quoted($0.name))\n\(Roff.escaped($0.summary))\n" }.joined()
  }

  /// `text` broken between words into lines of at most `width` characters.
  static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty && line.count + 1 + word.count > width {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }
}

extension String {
  /// The string padded with spaces to `width` characters (help text is ASCII).
  func padded(to width: Int) -> String {
    self + String(repeating: " ", count: Swift.max(0, width - count))
  }
}
