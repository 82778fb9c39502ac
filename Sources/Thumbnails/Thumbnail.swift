import TerminalCore
import TerminalScreen

/// A picture drawn in terminal symbols: each cell a symbol with a foreground and a
/// background colour, chosen by libchafa.
package struct Thumbnail: Hashable, Sendable {
  /// One cell: a symbol (a block, half block, quadrant, sextant or border glyph, or a
  /// space) and its colours (`.default` where the picture is transparent or has no colour).
  package struct Cell: Hashable, Sendable {
    package var symbol: Unicode.Scalar
    package var foreground: TerminalColor
    package var background: TerminalColor

    package init(symbol: Unicode.Scalar, foreground: TerminalColor, background: TerminalColor) {
      self.symbol = symbol
      self.foreground = foreground
      self.background = background
    }

    package static let blank = Cell(symbol: " ", foreground: .default, background: .default)
  }

  package let columns: Int
  package let rows: Int
  /// Row by row, `columns` × `rows`; blank under a pixel picture.
  package let cells: [Cell]
  /// The picture in pixels, for a pixel protocol (its cells stay blank), and where its
  /// cells start in the box (it is letterboxed like symbols).
  package var pixels: PixelPicture?
  package let pictureOrigin: (left: Int, top: Int)
  /// What the box says over the picture, on its last row (`truncated`: the file ended
  /// before the picture did, and the part that decoded shows).
  package var note: String?
  /// An animated picture's frames and timing (its first frame is `cells`, or `pixels`).
  package let animation: ThumbnailAnimation?

  package init(
    columns: Int, rows: Int, cells: [Cell], pixels: PixelPicture? = nil,
    pictureOrigin: (left: Int, top: Int) = (0, 0), animation: ThumbnailAnimation? = nil
  ) {
    self.columns = columns
    self.rows = rows
    self.cells = cells
    self.pixels = pixels
    self.pictureOrigin = pictureOrigin
    self.animation = animation
  }

  /// The thumbnail as it shows frame `index` of its animation: in symbols, that frame's
  /// cells (a pixel picture's frames are its own, which the picture layer sends).
  package func showing(frame index: Int) -> Thumbnail {
    guard index > 0, let animation, index - 1 < animation.frameCells.count else { return self }
    var shown = Thumbnail(
      columns: columns, rows: rows, cells: animation.frameCells[index - 1], pixels: pixels,
      pictureOrigin: pictureOrigin, animation: animation)
    shown.note = note
    return shown
  }

  package static func == (lhs: Thumbnail, rhs: Thumbnail) -> Bool {
    lhs.columns == rhs.columns && lhs.rows == rhs.rows && lhs.pixels == rhs.pixels
      && lhs.pictureOrigin == rhs.pictureOrigin && lhs.note == rhs.note && lhs.cells == rhs.cells
      && lhs.animation == rhs.animation
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(columns)
    hasher.combine(rows)
    hasher.combine(pixels)
    hasher.combine(cells)
  }

  package subscript(column: Int, row: Int) -> Cell { cells[row * columns + column] }

  /// The bytes it takes in a cache (its cells, its frames and its encoded picture).
  package var cost: Int {
    let frames = animation?.frameCells.reduce(0) { $0 + $1.count } ?? 0
    return (cells.count + frames) * MemoryLayout<Cell>.stride + 64 + (pixels?.cost ?? 0)
  }
}

/// A thumbnail's animation: when each frame shows and, in symbols, each frame's cells.
package struct ThumbnailAnimation: Hashable, Sendable {
  package let timing: AnimationTiming
  /// In symbols, the cells of each frame after the first; empty for a pixel picture,
  /// whose image holds its frames.
  package let frameCells: [[Thumbnail.Cell]]
  /// Frames were left out (past the memory bound, or damage in the file): the frames
  /// before play.
  package let isCut: Bool

  package init(timing: AnimationTiming, frameCells: [[Thumbnail.Cell]], isCut: Bool) {
    self.timing = timing
    self.frameCells = frameCells
    self.isCut = isCut
  }
}

/// How a thumbnail is coloured: what the terminal can show.
package enum ThumbnailMode: String, Hashable, Sendable {
  /// The mode for a terminal of `depth` colours.
  package init(_ depth: ColorDepth) {
    switch depth {
    case .direct: self = .truecolor
    case .palette256: self = .palette240
    case .sixteen, .eight: self = .palette16
    case .none: self = .symbolsOnly
    }
  }

  /// 24-bit colours (terminfo says RGB: `xterm-direct`, `tmux-direct`).
  case truecolor
  /// Colours 16–255 of the 256-colour palette (never 0–15, whose colours follow the theme).
  case palette240
  /// The 16 ANSI colours (`--color 16`, a terminal of 16 or 8 colours), as the theme shows
  /// them.
  case palette16
  /// No colour (`NO_COLOR`, plain text): the picture's shape in symbols alone.
  case symbolsOnly
}
