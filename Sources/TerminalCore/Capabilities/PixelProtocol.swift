/// A way of showing pictures as pixels beside the text.
package enum PixelProtocol: String, Hashable, Sendable {
  /// kitty's graphics protocol (kitty, konsole, WezTerm, Ghostty).
  case kitty
  /// DEC sixel (xterm -ti vt340, mlterm, foot).
  case sixel
  /// iTerm2's inline images (iTerm2, WezTerm, mlterm).
  case iterm
}
