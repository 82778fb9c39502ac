import LayoutEngine

/// What a terminal reports: input, a new size, or that background work has posted
/// something for the event loop.
package enum TerminalEvent: Hashable, Sendable {
  case key(Key)
  case mouse(MouseEvent)
  /// Text pasted with bracketed paste: it arrives whole, so that a pasted newline or letter
  /// is never taken for a key.
  case paste(String)
  /// The terminal has a new size.
  case resized(Size)
  /// A worker wrote to the wake-up descriptor: the loop should collect what it posted.
  case wakeUp
  /// The terminal is gone (its input closed): the program should end.
  case endOfInput
}
