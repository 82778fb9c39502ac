/// The characters pictures are drawn with when they are drawn in symbols.
package enum SymbolSet: String, Hashable, Sendable {
  /// Block elements (half blocks, quadrants, sextants) and box-drawing glyphs: the finest
  /// shapes a monospaced font has, as chafa's own tool draws.
  case blocks
  /// Printable ASCII only, for a terminal that cannot show other characters.
  case ascii
}
