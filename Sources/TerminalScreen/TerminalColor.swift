/// A colour as a terminal knows it: the user's default, one of the 256 palette entries,
/// or a 24-bit colour.
package enum TerminalColor: Hashable, Sendable {
  case `default`
  case indexed(UInt8)
  case rgb(red: UInt8, green: UInt8, blue: UInt8)
  /// A colour the theme in force gives (`ColorTheme.resolve`).
  case role(ColorRole)
}
