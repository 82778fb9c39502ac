/// How many colours a terminal shows, from none to 24-bit.
package enum ColorDepth: String, CaseIterable, Hashable, Sendable, Comparable {
  /// No colour (`NO_COLOR`, `--color none`, a terminal without colours): attributes only.
  case none
  /// The 8 ANSI colours.
  case eight
  /// The 16 ANSI colours (`--color 16`): the user's theme decides what they look like.
  case sixteen
  /// The 256-colour palette (pictures and placeholders use 16–255, never the theme's 0–15).
  case palette256
  /// 24-bit RGB.
  case direct

  package static func < (lhs: ColorDepth, rhs: ColorDepth) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}
