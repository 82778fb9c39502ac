/// What `--color` asks for: a depth, or `auto` (what the terminal says it can show).
package enum ColorChoice: Hashable, Sendable {
  case auto
  case depth(ColorDepth)

  /// The values `--color` takes, as written.
  package static let names = ["auto", "24bit", "256", "16", "none"]

  /// The choice written `name` (one of `names`).
  package init?(name: String) {
    switch name {
    case "auto": self = .auto
    case "24bit": self = .depth(.direct)
    case "256": self = .depth(.palette256)
    case "16": self = .depth(.sixteen)
    case "none": self = .depth(.none)
    default: return nil
    }
  }

  /// The depth to use: an explicit choice as it is (a user's flag overrides `NO_COLOR`,
  /// as no-color.org asks), `auto` by `ColorDepth.detection`.
  package func depth(environment: [String: String], terminfo: TerminfoColors?) -> ColorDepth {
    resolved(environment: environment, terminfo: terminfo, tmux: nil).depth
  }

  /// `depth(environment:terminfo:)`, knowing what tmux says of its client, and why.
  package func resolved(
    environment: [String: String], terminfo: TerminfoColors?, tmux: TmuxClientFeatures?
  ) -> (depth: ColorDepth, reason: String) {
    switch self {
    case .depth(let depth): return (depth, "--color")
    case .auto:
      return ColorDepth.detection(environment: environment, terminfo: terminfo, tmux: tmux)
    }
  }
}

/// What a terminfo entry says about colour: the number of colours and the flags that mean
/// 24-bit colour (`RGB`, the standard one, and tmux's `Tc`).
package struct TerminfoColors: Hashable, Sendable {
  package var colors: Int
  package var hasRGB: Bool
  package var hasTc: Bool

  package init(colors: Int, hasRGB: Bool = false, hasTc: Bool = false) {
    self.colors = colors
    self.hasRGB = hasRGB
    self.hasTc = hasTc
  }
}

extension ColorDepth {
  /// The depth a terminal shows, as chafa, timg and vim decide it (`detection`).
  package static func detected(environment: [String: String], terminfo: TerminfoColors?)
    -> ColorDepth
  {
    detection(environment: environment, terminfo: terminfo, tmux: nil).depth
  }

  /// The depth a terminal shows and why: none under `NO_COLOR` (set and not empty);
  /// inside tmux whose client is known (`tmux`), 24-bit exactly when tmux sends it on
  /// (its client has `RGB`), else at most 256; 24-bit when `COLORTERM` is `truecolor` or
  /// `24bit` or terminfo has `RGB` or `Tc` (or 2^24 colours); else terminfo's count.
  /// Without terminfo (`masonry render`, `masonry thumbnail`), the `TERM` name stands in
  /// for it.
  ///
  /// The one place that turns the environment into a colour depth: the curses backend
  /// passes its terminfo entry and what tmux said, the commands without a terminal pass
  /// neither.
  package static func detection(
    environment: [String: String], terminfo: TerminfoColors?, tmux: TmuxClientFeatures?
  ) -> (depth: ColorDepth, reason: String) {
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return (.none, "NO_COLOR") }
    let term = environment["TERM"] ?? ""
    if term.isEmpty || term == "dumb" { return (.none, term.isEmpty ? "no TERM" : "TERM=dumb") }
    if let terminfo, terminfo.colors < 8 { return (.none, "terminfo: no colours") }
    let insideTmux = !(environment["TMUX"] ?? "").isEmpty
    if insideTmux, let tmux, let terminfo, terminfo.colors >= 256 {
      return tmux.hasRGB
        ? (.direct, "inside tmux, whose client has RGB")
        : (.palette256, "inside tmux, whose client lacks RGB: tmux would make 24-bit colour 256")
    }
    let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
    if colorTerm == "truecolor" || colorTerm == "24bit" {
      return (.direct, "COLORTERM=\(colorTerm)")
    }
    guard let terminfo else {
      if term.hasSuffix("-direct") { return (.direct, "TERM=\(term)") }
      if term.contains("256") { return (.palette256, "TERM=\(term)") }
      return (.sixteen, "TERM=\(term)")
    }
    if terminfo.hasRGB || terminfo.hasTc || terminfo.colors >= 1 << 24 {
      return (
        .direct, terminfo.hasRGB ? "terminfo RGB" : terminfo.hasTc ? "terminfo Tc" : "terminfo"
      )
    }
    if terminfo.colors >= 256 { return (.palette256, "terminfo") }
    if terminfo.colors >= 16 { return (.sixteen, "terminfo") }
    return (.eight, "terminfo")
  }
}
