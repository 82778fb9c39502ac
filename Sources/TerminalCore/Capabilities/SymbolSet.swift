/// The characters pictures are drawn with when they are drawn in symbols (`--symbols`).
package enum SymbolSet: String, CaseIterable, Hashable, Sendable {
  /// Blocks, half blocks, quadrants, sextants and box-drawing glyphs: for terminals that
  /// draw the "legacy computing" glyphs themselves (kitty, konsole, foot, WezTerm,
  /// Ghostty), whatever the font has.
  case sextants
  /// Blocks, half blocks, quadrants and box-drawing glyphs: what every common monospaced
  /// font has (chafa's default). In xterm with DejaVu Sans Mono a sextant shows only its
  /// background.
  case blocks
  /// Printable ASCII only, for a terminal that cannot show other characters.
  case ascii

  /// The set for a terminal that names itself `names` (`TERM_PROGRAM`, XTVERSION, `TERM`),
  /// in a UTF-8 locale or not; with the reason.
  package static func detected(names: [String], utf8: Bool) -> (SymbolSet, String) {
    guard utf8 else { return (.ascii, "the locale is not UTF-8") }
    let drawsItself = ["kitty", "xterm-kitty", "konsole", "foot", "wezterm", "ghostty"]
    for name in names.map({ $0.lowercased() }) {
      if let found = drawsItself.first(where: { name.hasPrefix($0) }) {
        return (.sextants, "\(found) draws sextants itself")
      }
    }
    return (.blocks, "the glyphs every common monospaced font has")
  }
}
