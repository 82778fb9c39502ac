import TerminalText
import Widgets

/// The key tables written out for people: the help overlay and `--help` (text), the README
/// (Markdown) and the manual page (roff), all from `KeyBindings.documented`.
extension KeyBindings {
  /// The keys as lines for a terminal: a heading per context, then one line per binding
  /// with the keys in a column of their own.
  package static let helpLines: [HelpOverlay.Line] = helpLines(documented)

  /// The help's lines for `tables` (the standard lines when nothing is bound).
  package static func helpLines(for tables: KeyTables) -> [HelpOverlay.Line] {
    tables.bound.isEmpty ? helpLines : helpLines(tables.documented)
  }

  private static func helpLines(
    _ documented: [(context: KeyContext, bindings: [DocumentedBinding])], actions: Bool = false
  ) -> [HelpOverlay.Line] {
    let keyWidth =
      documented.flatMap(\.bindings).map { DisplayWidth.of($0.names.joined(separator: " ")) }
      .max() ?? 0
    var lines: [HelpOverlay.Line] = []
    for (context, bindings) in documented {
      if !lines.isEmpty { lines.append(HelpOverlay.Line(text: "", isHeading: false)) }
      lines.append(HelpOverlay.Line(text: context.title, isHeading: true))
      for binding in bindings {
        let keys = binding.names.joined(separator: " ")
        let padding = String(repeating: " ", count: Swift.max(0, keyWidth - DisplayWidth.of(keys)))
        // With the names `--bind` calls the commands by (a bound line's is its summary).
        let named =
          actions && !binding.actions.isEmpty
            && !(binding.actions == [binding.summary] && binding.summary.contains("("))
          ? "  [" + binding.actions.joined(separator: ", ") + "]" : ""
        lines.append(
          HelpOverlay.Line(
            text: "  " + keys + padding + "  " + binding.summary + named, isHeading: false))
      }
    }
    return lines
  }

  /// The keys as plain text (`masonry --help`; `masonry --keys` with the bindings and,
  /// with `actions`, the name of each line's commands).
  package static func plainText(for tables: KeyTables = .standard, actions: Bool = false)
    -> String
  {
    let lines = actions ? helpLines(tables.documented, actions: true) : helpLines(for: tables)
    return lines.map { $0.isHeading ? $0.text + ":" : $0.text }.joined(separator: "\n")
  }

  /// The contexts the README's key section shows (docs/keys.md has every one; the README
  /// describes the viewer's keys in its prose).
  package static let readmeContexts: Set<KeyContext> = [.cards]

  /// The keys as Markdown tables, one per context of `contexts` (the README's key
  /// section, and docs/keys.md with every context).
  package static func markdown(contexts: Set<KeyContext> = Set(KeyContext.allCases)) -> String {
    var text = ""
    for (context, bindings) in documented where contexts.contains(context) {
      if !text.isEmpty { text += "\n" }
      text += "**\(context.title)**\n\n| keys | action |\n|---|---|\n"
      for binding in bindings {
        let keys =
          binding.codeNames.map { $0.map { "`\($0)`" }.joined(separator: " ") }
          ?? binding.names.joined(separator: " ")
        text += "| \(keys) | \(binding.summary) |\n"
      }
    }
    return text
  }

  /// The keys as a roff section of tagged paragraphs (the manual page's KEYS), with the
  /// bindings of `tables` in place.
  package static func roff(for tables: KeyTables = .standard) -> String {
    var text = ""
    for (context, bindings) in tables.bound.isEmpty ? documented : tables.documented {
      text += ".SS \(Roff.escaped(context.title))\n"
      for binding in bindings {
        text += ".TP 22\n.B \(Roff.quoted(binding.names.joined(separator: " ")))\n"
        text += Roff.escaped(binding.summary) + "\n"
      }
    }
    return text
  }
}
