import TerminalCore

/// One context's key table: its bindings, in the order the help lists them, and the
/// command of each input. The first binding of an input wins.
package struct KeyTable<Command: Hashable & Sendable>: Sendable {
  package let context: KeyContext
  package let bindings: [KeyBinding<Command>]
  private let lookup: [Input: Command]

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
  }

  /// What `input` does here, or `nil` when it does nothing.
  ///
  /// - Complexity: O(1).
  package func command(for input: Input) -> Command? { lookup[input] }

  /// What `key` does here.
  package func command(for key: Key) -> Command? { lookup[.key(key)] }

  /// The table's lines as the documents print them.
  package var documented: [DocumentedBinding] { bindings.map(\.documented) }
}
