import TerminalText

/// What the terminal can do, found once when the program starts (by the curses backend;
/// `masonry render` and `masonry thumbnail` make one from their options) and read by
/// everything that draws: the composer and the thumbnail renderer. Nothing else asks
/// terminfo or the environment.
package struct TerminalCapabilities: Hashable, Sendable {
  /// The colours frames and pictures are drawn in.
  package var colorDepth: ColorDepth
  /// A way to show pictures as pixels, when the terminal has one (`nil`: symbols only).
  /// Nothing detects one yet: every picture is drawn in symbols.
  package var pixelProtocol: PixelProtocol?
  /// A cell's size in pixels, when the terminal reports it (`TIOCGWINSZ`).
  package var cellPixelSize: CellShape?
  /// The symbols pictures are drawn with.
  package var symbols: SymbolSet

  package init(
    colorDepth: ColorDepth, pixelProtocol: PixelProtocol? = nil, cellPixelSize: CellShape? = nil,
    symbols: SymbolSet = .blocks
  ) {
    self.colorDepth = colorDepth
    self.pixelProtocol = pixelProtocol
    self.cellPixelSize = cellPixelSize
    self.symbols = symbols
  }

  /// The shape of a cell: the reported pixel size, else twice as tall as wide.
  package var cellShape: CellShape { cellPixelSize ?? .typical }

  /// A terminal without colour that draws pictures in block symbols: plain text output.
  package static let plain = TerminalCapabilities(colorDepth: .none)

  /// One line per capability, for `masonry --probe` and error reports: `colors: 24-bit`.
  package var summary: [(name: String, value: String)] {
    [
      ("colors", colorDepth.description),
      ("pixels", pixelProtocol?.rawValue ?? "none (pictures in symbols)"),
      ("cell", cellPixelSize.map { "\($0.width)×\($0.height) px" } ?? "unknown (taken as 1×2)"),
      ("symbols", symbols.rawValue),
    ]
  }
}

extension ColorDepth: CustomStringConvertible {
  package var description: String {
    switch self {
    case .none: return "none"
    case .eight: return "8"
    case .sixteen: return "16"
    case .palette256: return "256"
    case .direct: return "24-bit"
    }
  }
}
