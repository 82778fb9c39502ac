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
  /// as no-color.org asks), `auto` by `ColorDepth.detected(environment:terminfo:)`.
  package func depth(environment: [String: String], terminfo: TerminfoColors?) -> ColorDepth {
    switch self {
    case .depth(let depth): return depth
    case .auto: return ColorDepth.detected(environment: environment, terminfo: terminfo)
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
  /// The depth a terminal shows, as chafa, timg and vim decide it: none under `NO_COLOR`
  /// (set and not empty); 24-bit when `COLORTERM` is `truecolor` or `24bit` or terminfo
  /// has `RGB` or `Tc` (or 2^24 colours); else terminfo's count. Without terminfo
  /// (`masonry render`, `masonry thumbnail`), the `TERM` name stands in for it.
  ///
  /// The one place that turns the environment into a colour depth: the curses backend
  /// passes its terminfo entry, the commands without a terminal pass none.
  package static func detected(environment: [String: String], terminfo: TerminfoColors?)
    -> ColorDepth
  {
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
    let term = environment["TERM"] ?? ""
    if term.isEmpty || term == "dumb" { return .none }
    if let terminfo, terminfo.colors < 8 { return .none }
    let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
    if colorTerm == "truecolor" || colorTerm == "24bit" { return .direct }
    guard let terminfo else {
      if term.hasSuffix("-direct") { return .direct }
      if term.contains("256") { return .palette256 }
      return .sixteen
    }
    if terminfo.hasRGB || terminfo.hasTc || terminfo.colors >= 1 << 24 { return .direct }
    if terminfo.colors >= 256 { return .palette256 }
    if terminfo.colors >= 16 { return .sixteen }
    return .eight
  }
}
