/// What a key does at the file prompt (`c`, `x`, `R`; other keys type).
package enum FilePromptCommand: Hashable, Sendable {
  /// Copy, move or rename.
  case run
  /// Continue a folder's name from the disk.
  case complete
  case cancel
  case deleteBackward
}
