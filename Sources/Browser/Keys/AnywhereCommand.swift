/// What a key does whatever has the keys, even in a terminal too small to draw in.
package enum AnywhereCommand: Hashable, Sendable {
  /// Ctrl-C: end at once, with the status an interrupt gives (130). The terminal is raw,
  /// so Ctrl-C is a key here, not a signal: a pasted Ctrl-C byte stays text.
  case interrupt
  /// Ctrl-Z: give the terminal back and stop, until the shell's `fg`.
  case suspend
}
