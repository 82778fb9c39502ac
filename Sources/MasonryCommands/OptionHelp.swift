import Browser

/// One documented option of a command, written as help text for a terminal (`--help`) and
/// as roff for the manual page, from the same words.
struct OptionHelp: Sendable {
  /// The option as typed: `--columns N`, `-h, --help`.
  var name: String
  var summary: String
  /// The values the option takes, which completions offer: those its name lists
  /// (`--layout masonry|grid`, `--pick[=card|path]`), else those given (`--color[=WHICH]`);
  /// none for a free value (`--columns N`) or a flag.
  var values: [String]

  init(_ name: String, _ summary: String, values: [String]? = nil) {
    self.name = name
    self.summary = summary
    self.values = values ?? Self.listedValues(name)
  }

  /// The `|`-separated values after an option's name.
  private static func listedValues(_ name: String) -> [String] {
    let option = (name.split(separator: ",").last ?? "").drop { $0 == " " }
    var rest = option.drop { $0 != " " && $0 != "[" }
    if rest.hasPrefix("[=") && rest.hasSuffix("]") { rest = rest.dropFirst(2).dropLast() }
    rest = rest.drop { $0 == " " }
    guard rest.contains("|"), !rest.contains(" ") else { return [] }
    return rest.split(separator: "|").map(String.init)
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
