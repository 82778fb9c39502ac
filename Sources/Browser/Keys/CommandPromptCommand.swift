/// What a key does at the command prompt (`!`; other keys type into the command).
package enum CommandPromptCommand: Hashable, Sendable {
  /// Run the command on the marked cards' pictures (else the selected card's).
  case run
  /// Close the prompt without running anything.
  case cancel
  case deleteBackward
}
