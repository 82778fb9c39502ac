import CNcursesw
import CTerminalGuard
import CTextSupport
import LayoutEngine
import TerminalCore
import TerminalScreen
import TerminalText

#if canImport(Glibc)
  import Glibc
#endif

// Colours: what terminfo and the environment say the terminal has, and a cell style
// as an ncurses colour pair and attributes.

extension CursesTerminal {
  /// What terminfo entry `name` says about colour, or `nil` when there is none.
  private static func terminfoColors(of name: String) -> TerminfoColors? {
    var colors: Int32 = 0
    var rgb: Int32 = 0
    var tc: Int32 = 0
    guard name.withCString({ masonry_terminfo_colors($0, &colors, &rgb, &tc) }) == 0 else {
      return nil
    }
    return TerminfoColors(colors: Int(colors), hasRGB: rgb != 0, hasTc: tc != 0)
  }

  /// The colour depth for terminal `name` and why, and the terminfo entry (with its
  /// colours) that numbers colours for it: a `-direct` one for 24-bit where TERM's own has
  /// fewer.
  static func colorSetup(
    name: String, environment: [String: String], colors: ColorChoice,
    tmux: TmuxClientFeatures?
  ) -> (ColorDepth, String?, TerminfoColors, reason: String) {
    let own = terminfoColors(of: name) ?? TerminfoColors(colors: 0)
    var (depth, reason) = colors.resolved(environment: environment, terminfo: own, tmux: tmux)
    var entry: String?
    var entryColors = own
    if depth == .direct && own.colors < 1 << 24 {
      let found = TerminfoVariants.direct(for: name, environment: environment).lazy.compactMap {
        variant in terminfoColors(of: variant).map { (variant, $0) }
      }.first
      if let found {
        (entry, entryColors) = found
      } else {
        depth = own.colors >= 256 ? .palette256 : own.colors >= 16 ? .sixteen : .eight
        reason += ", but no -direct terminfo entry for \(name)"
      }
    } else if depth != .direct && depth != .none && own.colors >= 1 << 24 {
      let found = TerminfoVariants.indexed(for: name).lazy.compactMap { variant in
        terminfoColors(of: variant).map { (variant, $0) }
      }.first
      if let found { (entry, entryColors) = found }
    }
    return (depth, entry, entryColors, reason)
  }

  func colors(of style: CellStyle) -> ColorPairAllocator.Colors {
    let shown = palette.mapped(style)
    return ColorPairAllocator.Colors(
      foreground: palette.number(for: shown.foreground),
      background: palette.number(for: shown.background))
  }

  func attributes(of style: CellStyle) -> attr_t {
    let style = palette.mapped(style)
    var value = masonry_a_normal()
    if style.bold { value |= masonry_a_bold() }
    if style.dim { value |= masonry_a_dim() }
    if style.reverse { value |= masonry_a_reverse() }
    if style.underline { value |= masonry_a_underline() }
    return value
  }
}
