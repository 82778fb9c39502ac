/// A key, as the browser understands it (the backend translates terminal input).
package enum Key: Hashable, Sendable {
  case character(Character)
  /// Ctrl with a letter: `.control("d")` for Ctrl-D.
  case control(Character)
  case up, down, left, right
  case shiftUp, shiftDown
  case pageUp, pageDown, home, end
  case enter, escape, backspace, tab
  /// Alt (or Meta) with a printable ASCII character: `.alt("x")` for Alt-X.
  case alt(Character)
  /// A function key, F1 to F12.
  case function(Int)
}
