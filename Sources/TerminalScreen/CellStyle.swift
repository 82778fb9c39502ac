/// How a cell is drawn.
package struct CellStyle: Hashable, Sendable {
  package var foreground: TerminalColor
  package var background: TerminalColor
  package var bold: Bool
  package var dim: Bool
  package var reverse: Bool
  package var underline: Bool

  package init(
    foreground: TerminalColor = .default, background: TerminalColor = .default,
    bold: Bool = false, dim: Bool = false, reverse: Bool = false, underline: Bool = false
  ) {
    self.foreground = foreground
    self.background = background
    self.bold = bold
    self.dim = dim
    self.reverse = reverse
    self.underline = underline
  }

  package static let plain = CellStyle()
}
