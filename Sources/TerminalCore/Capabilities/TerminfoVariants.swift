/// Which terminfo entry to draw with when the colour depth chosen is not the one `TERM`'s
/// entry numbers colours for. ncurses sends 24-bit colour only through an entry whose
/// colours are RGB values (`xterm-direct`, `tmux-direct`, …), while kitty, gnome-terminal,
/// alacritty, Windows Terminal and iTerm2 users have `TERM=xterm-kitty` or
/// `xterm-256color` with `COLORTERM=truecolor`: their terminal shows 24-bit colour, but
/// their entry numbers 256 colours. The `-direct` entry of the same family has the same
/// keys and capabilities, with colours as RGB.
package enum TerminfoVariants {
  /// The entries to try, in order, for drawing 24-bit colour on a terminal of type `term`
  /// (the first that exists wins). Empty for GNU screen outside tmux, which cannot pass
  /// 24-bit colour on (a `COLORTERM` inherited from the terminal around it notwithstanding).
  package static func direct(for term: String, environment: [String: String]) -> [String] {
    let insideTmux = !(environment["TMUX"] ?? "").isEmpty
    if term.hasPrefix("screen") && !insideTmux { return [] }
    var names: [String] = []
    if term.hasSuffix("-256color") { names.append(String(term.dropLast(9)) + "-direct") }
    if term == "xterm-kitty" { names.append("kitty-direct") }
    names.append(term + "-direct")
    if insideTmux || term.hasPrefix("tmux") { names.append("tmux-direct") }
    names.append("xterm-direct")
    var seen: Set<String> = []
    return names.filter { !$0.isEmpty && seen.insert($0).inserted }
  }

  /// The entries to try for drawing with a palette (256, 16 or 8 colours) on a terminal
  /// whose entry numbers colours as RGB (`TERM=xterm-direct` with `--color 256`).
  package static func indexed(for term: String) -> [String] {
    guard term.hasSuffix("-direct") else { return [] }
    let base = String(term.dropLast(7))
    return base.isEmpty ? [] : [base + "-256color", base]
  }
}
