import CPictures
import LayoutEngine
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

  /// `picture` for a pixel protocol in a box of `columns` × `rows` cells of `cell` pixels:
  /// letterboxed in cells as `render` does, then, in the cells it fills, resized to fit
  /// their pixels exactly (centred, transparent around it) and encoded for `protocolKind`.
  /// The thumbnail's cells are blank: the picture layer draws over them.
  ///
  /// - Complexity: the resize and the encoding, linear in the box's pixels (PNG for
  ///   kitty and iTerm2; for sixel a 252-colour palette, and each crop encoded anew).
  ///
  /// With `symbolsUnder` (a slow link), the cells hold the picture in those symbols, for
  /// the terminal to show until the pixels, drawn over them, arrive: only the cells whose
  /// pixels are all opaque, as a symbol would show through any transparent one (the
  /// letterbox's edges, a cut-out animal's surroundings).
  package static func renderPixels(
    _ picture: DecodedPicture, columns: Int, rows: Int, cell: CellShape,
    protocolKind: PixelProtocol, label: String, sixelColors: Int = 256,
    symbolsUnder: (mode: ThumbnailMode, symbols: SymbolSet)? = nil
  ) -> Thumbnail {
    let columns = Swift.max(0, columns)
    let rows = Swift.max(0, rows)
    let blank = [Thumbnail.Cell](repeating: .blank, count: columns * rows)
    guard let placed = canvas(picture, columns: columns, rows: rows, cell: cell) else {
      return Thumbnail(columns: columns, rows: rows, cells: blank)
    }
    let image = pixelPicture(
      placed.canvas, columns: placed.fitted.columns, rows: placed.fitted.rows,
      protocolKind: protocolKind, label: label, sixelColors: sixelColors)
    var cells = blank
    if let symbolsUnder {
      cells =
        render(
          picture, columns: columns, rows: rows, mode: symbolsUnder.mode, cellShape: cell,
          symbols: symbolsUnder.symbols
        ).cells
      let opaque = opaqueCells(placed.canvas, cell: cell)
      let fitted = placed.fitted
      for row in 0..<rows {
        for column in 0..<columns {
          let (x, y) = (column - fitted.left, row - fitted.top)
          let inside = x >= 0 && x < fitted.columns && y >= 0 && y < fitted.rows
          if !inside || !opaque[y * fitted.columns + x] { cells[row * columns + column] = .blank }
        }
      }
    }
    return Thumbnail(
      columns: columns, rows: rows, cells: cells, pixels: image,
      pictureOrigin: (placed.fitted.left, placed.fitted.top))
  }

  /// For each cell of `canvas` (row by row, cells of `cell` pixels), whether every pixel
  /// of it is opaque.
  package static func opaqueCells(_ canvas: PixelCanvas, cell: CellShape) -> [Bool] {
    let columns = canvas.width / Swift.max(1, cell.width)
    let rows = canvas.height / Swift.max(1, cell.height)
    var opaque = [Bool](repeating: true, count: columns * rows)
    for y in 0..<rows * cell.height {
      let row = y / cell.height
      for x in 0..<columns * cell.width where canvas.pixels[(y * canvas.width + x) * 4 + 3] < 255 {
        opaque[row * columns + x / cell.width] = false
      }
    }
    return opaque
  }

  /// Where `picture` goes in a box of `columns` × `rows` cells of `cell` pixels: the
  /// cells it fills (letterboxed as `render` does) and its pixels in them, resized to fit
  /// exactly (centred, transparent around it), with the rectangle the picture covers.
  package static func canvas(_ picture: DecodedPicture, columns: Int, rows: Int, cell: CellShape)
    -> (
      canvas: PixelCanvas, fitted: (left: Int, top: Int, columns: Int, rows: Int),
      drawn: (left: Int, top: Int, width: Int, height: Int)
    )?
  {
    let fitted = fittedBox(
      pictureWidth: picture.width, pictureHeight: picture.height, columns: columns, rows: rows,
      cellShape: cell)
    let width = fitted.columns * cell.width
    let height = fitted.rows * cell.height
    guard fitted.columns > 0, fitted.rows > 0, width > 0, height > 0 else { return nil }
    let scale = Swift.min(
      Double(width) / Double(picture.width), Double(height) / Double(picture.height))
    let drawnWidth = Swift.max(1, Swift.min(width, Int(Double(picture.width) * scale + 0.5)))
    let drawnHeight = Swift.max(1, Swift.min(height, Int(Double(picture.height) * scale + 0.5)))
    guard let resized = resize(picture, width: drawnWidth, height: drawnHeight) else {
      return nil
    }
    var canvas = [UInt8](repeating: 0, count: width * height * 4)
    let left = (width - drawnWidth) / 2
    let top = (height - drawnHeight) / 2
    for y in 0..<drawnHeight {
      let from = y * drawnWidth * 4
      let to = ((top + y) * width + left) * 4
      canvas.replaceSubrange(
        to..<(to + drawnWidth * 4), with: resized[from..<(from + drawnWidth * 4)])
    }
    return (
      PixelCanvas(pixels: canvas, width: width, height: height), fitted,
      (left, top, drawnWidth, drawnHeight)
    )
  }

  /// A picture's pixels exactly as its cells take them (RGBA, transparent around it).
  package struct PixelCanvas: Sendable {
    package var pixels: [UInt8]
    package var width: Int
    package var height: Int

    package init(pixels: [UInt8], width: Int, height: Int) {
      self.pixels = pixels
      self.width = width
      self.height = height
    }

    /// The pixels of `region` (`nil` when it is empty or not all inside).
    func cut(_ region: Rect) -> PixelCanvas? {
      guard region.width > 0, region.height > 0, region.minX >= 0, region.minY >= 0,
        region.maxX <= width, region.maxY <= height, pixels.count == width * height * 4
      else { return nil }
      var part: [UInt8] = []
      part.reserveCapacity(region.width * region.height * 4)
      for y in region.minY..<region.maxY {
        let start = (y * width + region.minX) * 4
        part += pixels[start..<start + region.width * 4]
      }
      return PixelCanvas(pixels: part, width: region.width, height: region.height)
    }
  }

  /// The image of `canvas` for `protocolKind`, encoded now, or with `encoded` as made
  /// before (the disk cache keeps it). Sixel and iTerm2 keep the pixels: a crop is
  /// encoded anew.
  package static func pixelPicture(
    _ canvas: PixelCanvas, columns: Int, rows: Int, protocolKind: PixelProtocol, label: String,
    sixelColors: Int, encoded: [UInt8]? = nil, animation: PixelAnimation? = nil
  ) -> PixelPicture {
    let (pixels, width, height) = (canvas.pixels, canvas.width, canvas.height)
    switch protocolKind {
    case .kitty, .kittyUnicode:
      // kitty crops the stored picture itself: the pixels need not be kept.
      return PixelPicture(
        protocolKind: protocolKind, label: label, width: width, height: height, columns: columns,
        rows: rows, encoded: encoded ?? encodePNG(pixels, width: width, height: height),
        animation: animation
      ) { _ in [] }
    case .iterm:
      return PixelPicture(
        protocolKind: .iterm, label: label, width: width, height: height, columns: columns,
        rows: rows, encoded: encoded ?? encodePNG(pixels, width: width, height: height),
        keptPixels: pixels, animation: animation
      ) { region in
        guard let part = PixelCanvas(pixels: pixels, width: width, height: height).cut(region)
        else { return [] }
        return encodePNG(part.pixels, width: part.width, height: part.height)
      }
    case .sixel:
      return PixelPicture(
        protocolKind: .sixel, label: label, width: width, height: height, columns: columns,
        rows: rows,
        encoded: encoded
          ?? encodeSixel(
            pixels, width: width, height: height,
            region: Rect(x: 0, y: 0, width: width, height: height),
            colors: sixelColors),
        keptPixels: pixels, animation: animation
      ) { region in
        encodeSixel(pixels, width: width, height: height, region: region, colors: sixelColors)
      }
    }
  }

  /// `picture` resized to exactly `width` × `height` (`nil` when that fails).
  private static func resize(_ picture: DecodedPicture, width: Int, height: Int) -> [UInt8]? {
    if picture.width == width && picture.height == height { return picture.pixels }
    var out = masonry_pixels()
    let result = picture.pixels.withUnsafeBufferPointer { buffer in
      var source = masonry_pixels(
        pixels: UnsafeMutablePointer(mutating: buffer.baseAddress), width: Int32(picture.width),
        height: Int32(picture.height))
      return masonry_pixels_resize(&source, Int32(width), Int32(height), &out)
    }
    defer { masonry_pixels_free(&out) }
    guard result == 0, out.pixels != nil else { return nil }
    return Array(UnsafeBufferPointer(start: out.pixels, count: width * height * 4))
  }

  /// `canvas` encoded whole for `protocolKind` (a frame of an animation).
  package static func encode(
    _ canvas: PixelCanvas, for protocolKind: PixelProtocol, sixelColors: Int
  )
    -> [UInt8]
  {
    switch protocolKind {
    case .kitty, .kittyUnicode, .iterm:
      return encodePNG(canvas.pixels, width: canvas.width, height: canvas.height)
    case .sixel:
      return encodeSixel(
        canvas.pixels, width: canvas.width, height: canvas.height,
        region: Rect(x: 0, y: 0, width: canvas.width, height: canvas.height), colors: sixelColors)
    }
  }

  private static func encodePNG(_ rgba: [UInt8], width: Int, height: Int) -> [UInt8] {
    var bytes = masonry_bytes()
    let result = rgba.withUnsafeBufferPointer { buffer in
      var pixels = masonry_pixels(
        pixels: UnsafeMutablePointer(mutating: buffer.baseAddress), width: Int32(width),
        height: Int32(height))
      return masonry_png_encode(&pixels, &bytes)
    }
    defer { masonry_bytes_free(&bytes) }
    guard result == 0, bytes.bytes != nil else { return [] }
    return Array(UnsafeBufferPointer(start: bytes.bytes, count: bytes.length))
  }

  private static func encodeSixel(
    _ rgba: [UInt8], width: Int, height: Int, region: Rect, colors: Int
  ) -> [UInt8] {
    var bytes = masonry_bytes()
    let result = rgba.withUnsafeBufferPointer { buffer in
      var pixels = masonry_pixels(
        pixels: UnsafeMutablePointer(mutating: buffer.baseAddress), width: Int32(width),
        height: Int32(height))
      return masonry_sixel_encode_region(
        &pixels, Int32(clamping: region.minX), Int32(clamping: region.minY),
        Int32(clamping: region.width), Int32(clamping: region.height), Int32(colors), &bytes)
    }
    defer { masonry_bytes_free(&bytes) }
    guard result == 0, bytes.bytes != nil else { return [] }
    return Array(UnsafeBufferPointer(start: bytes.bytes, count: bytes.length))
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
