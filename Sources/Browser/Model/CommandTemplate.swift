import ChildProcesses

/// A binding's command line or text with its placeholders: `{}` the selected card's path,
/// `{+}` every marked card's path (else the selected one's), `{caption}`, `{id}` and
/// `{url}` the selected card's fields. Any other braces are left as they are (`${HOME}`).
///
/// For a shell, no value is ever written into the command line: each placeholder becomes
/// a quoted positional parameter (`"${1}"`, also where the person wrote it in quotes) and
/// the value goes as that argument, so a name holding spaces, quotes, `$(…)`, newlines or
/// `*` reaches the command as the one word it is, unread by the shell. A relative path
/// starts with `./`, so no program reads it as an option; `{caption}`, `{id}` and `{url}`
/// are text and may start with `-`: a binding puts `--` before them where that matters.
package struct CommandTemplate: Hashable, Sendable {
  /// The values the placeholders stand for.
  package struct Values: Hashable, Sendable {
    package var path: String?
    package var marked: [String]
    package var caption: String
    package var id: String
    package var url: String

    package init(
      path: String? = nil, marked: [String] = [], caption: String = "", id: String = "",
      url: String = ""
    ) {
      self.path = path
      self.marked = marked
      self.caption = caption
      self.id = id
      self.url = url
    }
  }

  /// The template as written.
  package var text: String

  package init(_ text: String) { self.text = text }

  /// The placeholders written that are none of masonry's: `{q}`, `{n}`, `{+f}` as fzf
  /// writes them (a `${NAME}` of the shell is left alone).
  package var unknownPlaceholders: [String] {
    var unknown: [String] = []
    var rest = text[...]
    while let brace = rest.firstIndex(of: "{") {
      let before = brace > text.startIndex ? text[text.index(before: brace)] : " "
      let after = rest[text.index(after: brace)...]
      guard let close = after.firstIndex(of: "}") else { break }
      let inside = after[..<close]
      if before != "$",
        inside.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-_".contains($0)) }),
        !["", "+", "caption", "id", "url"].contains(String(inside))
      {
        unknown.append("{" + inside + "}")
      }
      rest = after[close...]
    }
    return unknown
  }

  /// The pieces of the template: literal text, and placeholders.
  private enum Piece: Hashable {
    case text(Substring)
    case path, marked, caption, id, url
  }

  private var pieces: [Piece] {
    var pieces: [Piece] = []
    var rest = text[...]
    let names: [(String, Piece)] = [
      ("{}", .path), ("{+}", .marked), ("{caption}", .caption), ("{id}", .id), ("{url}", .url),
    ]
    var literal = rest.startIndex
    while let brace = rest.firstIndex(of: "{") {
      let after = rest[brace...]
      if let (name, piece) = names.first(where: { after.hasPrefix($0.0) }) {
        if literal < brace { pieces.append(.text(text[literal..<brace])) }
        pieces.append(piece)
        rest = after.dropFirst(name.count)
        literal = rest.startIndex
      } else {
        rest = after.dropFirst()
      }
    }
    if literal < text.endIndex { pieces.append(.text(text[literal...])) }
    return pieces
  }

  /// The operands a placeholder stands for (a path as an operand, never an option).
  private func arguments(of piece: Piece, _ values: Values) -> [String] {
    switch piece {
    case .text: return []
    case .path: return [values.path.map(ProgramArguments.operand) ?? ""]
    case .marked:
      let paths = values.marked.isEmpty ? values.path.map { [$0] } ?? [] : values.marked
      return paths.map(ProgramArguments.operand)
    case .caption: return [values.caption]
    case .id: return [values.id]
    case .url: return [values.url]
    }
  }

  /// Where a placeholder stands in the script: outside quotes, or inside `"…"` or `'…'`.
  private enum Quoting {
    case none, double, single
  }

  /// The script for `sh -c` and the arguments that follow it (`$1`, `$2`, …). A
  /// placeholder outside quotes becomes `"${N}"`; inside `"…"` it is `${N}` (the person's
  /// quotes already keep it one word); inside `'…'` the single quotes are closed around
  /// `"${N}"` — so a value is never split, globbed or read as code wherever it is written.
  package func shellScript(_ values: Values) -> (script: String, arguments: [String]) {
    var script = ""
    var arguments: [String] = []
    var quoting = Quoting.none
    for piece in pieces {
      if case .text(let literal) = piece {
        quoting = Self.quoting(after: literal, from: quoting)
        script += literal
        continue
      }
      let numbers = self.arguments(of: piece, values).indices.map { arguments.count + $0 + 1 }
      arguments += self.arguments(of: piece, values)
      switch quoting {
      case .none: script += numbers.map { "\"${\($0)}\"" }.joined(separator: " ")
      case .double: script += numbers.map { "${\($0)}" }.joined(separator: " ")
      case .single: script += "'" + numbers.map { "\"${\($0)}\"" }.joined(separator: " ") + "'"
      }
    }
    return (script, arguments)
  }

  /// The quoting in force after `text`, as the shell reads it: `'` opens and closes
  /// outside `"…"`, `"` outside `'…'`, and `\` keeps the next character outside `'…'`.
  private static func quoting(after text: Substring, from start: Quoting) -> Quoting {
    var quoting = start
    var escaped = false
    for character in text {
      if escaped {
        escaped = false
        continue
      }
      switch (quoting, character) {
      case (.single, "'"): quoting = .none
      case (.single, _): break
      case (_, "\\"): escaped = true
      case (.none, "'"): quoting = .single
      case (.none, "\""): quoting = .double
      case (.double, "\""): quoting = .none
      case (.none, _), (.double, _): break
      }
    }
    return quoting
  }

  /// The text with every placeholder replaced by its value (for `print`; no shell reads
  /// it): `{+}` gives one path a line.
  package func text(_ values: Values) -> String {
    pieces.map { piece in
      if case .text(let literal) = piece { return String(literal) }
      return arguments(of: piece, values).joined(separator: "\n")
    }.joined()
  }
}
