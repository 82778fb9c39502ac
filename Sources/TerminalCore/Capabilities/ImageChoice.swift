/// `--images` (and `MASONRY_IMAGES`): how pictures are drawn.
package enum ImageChoice: String, CaseIterable, Hashable, Sendable {
  /// Pixels where the terminal answers for a protocol, symbols elsewhere.
  case auto
  case kitty
  case sixel
  case iterm
  /// kitty's Unicode placeholders (kitty 0.28 on, Ghostty; through passthrough in tmux).
  case kittyUnicode = "kitty-unicode"
  /// Terminal symbols, whatever the terminal can do.
  case symbols
  /// Placeholders in each picture's dominant colour; nothing is decoded.
  case placeholders = "none"

  /// The choice named by `--images` when given, else `MASONRY_IMAGES`, else `auto`
  /// (`nil`: the variable names no choice).
  /// Whether the pictures may go to kitty's graphics protocol (so that the probe asks
  /// whether kitty reads this machine's shared memory).
  package var mayUseKitty: Bool {
    switch self {
    case .auto, .kitty, .kittyUnicode: return true
    case .sixel, .iterm, .symbols, .placeholders: return false
    }
  }

  package static func from(option: String?, environment: [String: String]) -> ImageChoice? {
    if let option { return ImageChoice(rawValue: option) }
    guard let variable = environment["MASONRY_IMAGES"], !variable.isEmpty else { return .auto }
    return ImageChoice(rawValue: variable)
  }
}
