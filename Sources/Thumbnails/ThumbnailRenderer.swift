import CPictures
import TerminalCore
import TerminalScreen
import TerminalText

/// Draws decoded pictures as thumbnails of terminal symbols with libchafa.
package enum ThumbnailRenderer {
  /// `picture` in a box of `columns` × `rows` cells of `cellShape`, whole and in its own
  /// shape: when the box is not of the picture's shape (a cap on tall pictures, a wrong
  /// size in a card file), the picture is letterboxed, centred with blank cells around it.
  ///
  /// - Complexity: chafa's work on the picture's cells (about 2–3 ms for 30×12 cells).
  package static func render(
    _ picture: DecodedPicture, columns: Int, rows: Int, mode: ThumbnailMode,
    cellShape: CellShape = .typical, symbols: SymbolSet = .blocks
  ) -> Thumbnail {
    let columns = Swift.max(0, columns)
    let rows = Swift.max(0, rows)
    var cells = [Thumbnail.Cell](repeating: .blank, count: columns * rows)
    let fitted = fittedBox(
      pictureWidth: picture.width, pictureHeight: picture.height, columns: columns, rows: rows,
      cellShape: cellShape)
    guard fitted.columns > 0, fitted.rows > 0, picture.width > 0, picture.height > 0 else {
      return Thumbnail(columns: columns, rows: rows, cells: cells)
    }
    var drawn = [masonry_symbol_cell](
      repeating: masonry_symbol_cell(), count: fitted.columns * fitted.rows)
    let code: Int32
    switch mode {
    case .truecolor: code = Int32(MASONRY_SYMBOLS_TRUECOLOR)
    case .palette240: code = Int32(MASONRY_SYMBOLS_PALETTE_240)
    case .palette16: code = Int32(MASONRY_SYMBOLS_PALETTE_16)
    case .symbolsOnly: code = Int32(MASONRY_SYMBOLS_NONE)
    }
    let result = picture.pixels.withUnsafeBufferPointer { buffer in
      var pixels = masonry_pixels(
        pixels: UnsafeMutablePointer(mutating: buffer.baseAddress), width: Int32(picture.width),
        height: Int32(picture.height))
      return masonry_picture_symbols(
        &pixels, Int32(fitted.columns), Int32(fitted.rows), code,
        symbolCode(symbols), &drawn)
    }
    guard result == 0 else { return Thumbnail(columns: columns, rows: rows, cells: cells) }
    for row in 0..<fitted.rows {
      for column in 0..<fitted.columns {
        let source = drawn[row * fitted.columns + column]
        cells[(fitted.top + row) * columns + fitted.left + column] = Thumbnail.Cell(
          symbol: Unicode.Scalar(source.symbol) ?? " ",
          foreground: color(source.foreground, mode: mode),
          background: color(source.background, mode: mode))
      }
    }
    return Thumbnail(columns: columns, rows: rows, cells: cells)
  }

  /// The part of a `columns` × `rows` box of cells of `cellShape` that a picture fills
  /// in its own shape, centred.
  package static func fittedBox(
    pictureWidth: Int, pictureHeight: Int, columns: Int, rows: Int,
    cellShape: CellShape = .typical
  ) -> (left: Int, top: Int, columns: Int, rows: Int) {
    guard pictureWidth > 0, pictureHeight > 0, columns > 0, rows > 0 else { return (0, 0, 0, 0) }
    let aspectRatio = Double(pictureHeight) / Double(pictureWidth)
    // Rows the picture needs at the full width.
    let neededRows = cellShape.rows(forAspectRatio: aspectRatio, columns: columns)
    if neededRows <= rows {
      return (0, (rows - neededRows) / 2, columns, neededRows)
    }
    let fittedColumns = Swift.min(
      columns, cellShape.columns(forAspectRatio: aspectRatio, rows: rows))
    return ((columns - fittedColumns) / 2, 0, fittedColumns, rows)
  }

  private static func symbolCode(_ symbols: SymbolSet) -> Int32 {
    switch symbols {
    case .sextants: return Int32(MASONRY_SYMBOLS_SEXTANTS)
    case .blocks: return Int32(MASONRY_SYMBOLS_BLOCKS)
    case .ascii: return Int32(MASONRY_SYMBOLS_ASCII)
    }
  }

  private static func color(_ value: Int32, mode: ThumbnailMode) -> TerminalColor {
    guard value >= 0 else { return .default }
    switch mode {
    case .truecolor:
      return .rgb(
        red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
    case .palette240:
      // chafa's 240-colour mode answers with xterm palette indices 16–255.
      return .indexed(UInt8(Swift.max(16, Swift.min(255, value))))
    case .palette16:
      return .indexed(UInt8(Swift.max(0, Swift.min(15, value))))
    case .symbolsOnly:
      return .default
    }
  }
}
