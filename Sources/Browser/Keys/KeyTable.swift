import TerminalCore

/// One context's key table: its bindings, in the order the help lists them, and the
/// command of each input. The first binding of an input wins.
package struct KeyTable<Command: NamedCommand>: Sendable {
  package let context: KeyContext
  package let bindings: [KeyBinding<Command>]
  private let lookup: [Input: Command]
  /// How many lines at the top are `--bind`'s, in the order given.
  package private(set) var boundLines = 0
  /// Every command the table has had a key for (its standard ones, and those bound to
  /// it): what a name can call, even after `--bind` took its key for another.
  package private(set) var known: [Command] = []

  package init(_ context: KeyContext, _ bindings: [KeyBinding<Command>]) {
    self.context = context
    self.bindings = bindings
    var lookup: [Input: Command] = [:]
    for binding in bindings {
      for (input, command) in binding.inputs where lookup[input] == nil {
        lookup[input] = command
      }
    }
    self.lookup = lookup
    known = Self.distinct(bindings.flatMap(\.inputs).map(\.command))
  }

  private static func distinct(_ commands: [Command]) -> [Command] {
    var seen: Set<Command> = []
    return commands.filter { seen.insert($0).inserted }
  }

  /// What `input` does here, or `nil` when it does nothing.
  ///
  /// - Complexity: O(1).
  package func command(for input: Input) -> Command? { lookup[input] }

  /// What `key` does here.
  package func command(for key: Key) -> Command? { lookup[.key(key)] }

  /// Every command the table binds now, once each, in the order of its lines.
  package var commands: [Command] { Self.distinct(bindings.flatMap(\.inputs).map(\.command)) }

  /// The command `name` calls here, whether or not a key still does it.
  package func command(named name: String) -> Command? {
    known.first { $0.name == name }
  }

  /// The table with `key` doing `command` (a `--bind` binding, `action` as written): a
  /// line of its own first, and the key taken out of the line that had it.
  package func binding(_ key: Key, to command: Command, _ action: String) -> KeyTable {
    var lines: [KeyBinding<Command>] = []
    var bound = 0
    for (index, line) in bindings.enumerated() {
      var line = line
      line.inputs.removeAll { $0.input == .key(key) }
      guard !line.inputs.isEmpty || line.label != nil else { continue }
      lines.append(line)
      if index < boundLines { bound += 1 }
    }
    lines.insert(KeyBinding(keys: [(key, command)], action), at: bound)
    var table = KeyTable(context, lines)
    table.boundLines = bound + 1
    table.known = Self.distinct(known + [command])
    return table
  }

  /// The table's lines as the documents print them.
  package var documented: [DocumentedBinding] { bindings.map(\.documentedWithActions) }
}
