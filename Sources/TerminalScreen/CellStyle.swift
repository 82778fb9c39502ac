/// How a cell is drawn.
public struct CellStyle: Hashable, Sendable {
  public var foreground: TerminalColor
  public var background: TerminalColor
  public var bold: Bool
  public var dim: Bool
  public var reverse: Bool
  public var underline: Bool

  public init(
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

  public static let plain = CellStyle()
}
