import TerminalCore

/// A line of a key table: inputs, what each one does, and the words that describe them.
package struct KeyBinding<Command: Hashable & Sendable>: Sendable {
  /// Each input with its command, in the order they are shown.
  package var inputs: [(input: Input, command: Command)]
  /// Shown instead of the inputs' names when set (`type, paste`): a line that describes
  /// input without a binding of its own.
  package var label: String?
  package var summary: String

  package init(_ inputs: [(Input, Command)], _ summary: String, label: String? = nil) {
    self.inputs = inputs.map { (input: $0.0, command: $0.1) }
    self.label = label
    self.summary = summary
  }

  /// Keys only: `KeyBinding(keys: [(.up, .scrollRows(-1))], "…")`.
  package init(keys: [(Key, Command)], _ summary: String) {
    self.init(keys.map { (.key($0.0), $0.1) }, summary)
  }

  /// A line of the help about input that has no command (typing into the prompt).
  package static func described(_ label: String, _ summary: String) -> KeyBinding {
    KeyBinding([], summary, label: label)
  }

  /// The inputs as they are written: `↑ ↓ k j`.
  package var inputNames: [String] {
    label.map { [$0] } ?? inputs.map(\.input.displayName)
  }

  /// The line for the documents, without its commands.
  package var documented: DocumentedBinding {
    DocumentedBinding(
      names: inputNames, codeNames: label == nil ? inputs.map(\.input.displayName) : nil,
      summary: summary)
  }
}

extension KeyBinding where Command: NamedCommand {
  /// The line for the documents, with the names `--bind` calls its commands by.
  package var documentedWithActions: DocumentedBinding {
    var line = documented
    var seen: Set<String> = []
    line.actions = inputs.map(\.command.name).filter { seen.insert($0).inserted }
    return line
  }
}

/// A key-table line as the documents print it (any context's command type).
package struct DocumentedBinding: Hashable, Sendable {
  /// The inputs' names, or the line's label.
  package var names: [String]
  /// The names to set as code in Markdown (`nil`: a label, set as text).
  package var codeNames: [String]?
  package var summary: String
  /// The names `--bind` and `--listen` call the line's commands by (`masonry --keys`).
  package var actions: [String] = []
}
