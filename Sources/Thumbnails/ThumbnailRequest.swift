import LayoutEngine
import PictureFiles
import TerminalCore
import TerminalText

/// A thumbnail to make: which picture, in how many cells of which shape, in which colours
/// and symbols (what the terminal's capabilities say).
package struct ThumbnailRequest: Hashable, Sendable {
  package var source: PictureSource
  package var columns: Int
  package var rows: Int
  package var mode: ThumbnailMode
  /// The cell's shape: the picture keeps its proportions in cells of it.
  package var cellShape: CellShape
  package var symbols: SymbolSet
  /// A pixel protocol to make the picture for (then `cellShape` is the cell's size in
  /// pixels), or `nil` for symbols.
  package var pixels: PixelProtocol?
  /// The colours a sixel may use (the terminal's colour registers, at most 256).
  package var sixelColors: Int
  /// Whether an animated picture's frames are made (else its first frame alone).
  package var animates: Bool
  /// The part of the picture shown, turned how (the viewer's zoom and rotation).
  package var view: PictureView
  /// A still in pixels also in symbols in its cells, shown until the pixels arrive over
  /// them (a slow link: `ThumbnailRenderer.renderPixels`).
  package var symbolsUnder: Bool
  /// Whether the picture goes to the terminal a cell row at a time (sixel on a slow
  /// link, `LinkChoice.queuesCellPictures`): its rows' pieces are then encoded here,
  /// ahead (`PixelPicture.withCellRowPieces`).
  package var byCellRow: Bool

  package init(
    source: PictureSource, columns: Int, rows: Int, mode: ThumbnailMode,
    cellShape: CellShape = .typical, symbols: SymbolSet = .blocks, pixels: PixelProtocol? = nil,
    sixelColors: Int = 256, animates: Bool = false, view: PictureView = .whole,
    symbolsUnder: Bool = false, byCellRow: Bool = false
  ) {
    self.source = source
    self.columns = columns
    self.rows = rows
    self.mode = mode
    self.cellShape = cellShape
    self.symbols = symbols
    self.pixels = pixels
    self.sixelColors = sixelColors
    // A zoomed or turned animation shows its first frame.
    self.animates = animates && view == .whole
    self.view = view
    self.symbolsUnder = symbolsUnder && pixels != nil
    self.byCellRow = byCellRow && pixels != nil
  }

  /// The longest side the picture is decoded at: what symbols need (`decodedSide`), or
  /// the box's pixels for a pixel protocol (the open card's picture at its full size),
  /// at most `PictureLimits.pixelSide`.
  package var decodeSide: Int {
    if !view.isWholePicture {
      // The whole picture at the size that gives the region the box's pixels (rounded up,
      // so that panning at one zoom decodes once).
      let (boxWidth, boxHeight) =
        pixels == nil
        ? (columns * 8, rows * 16) : (columns * cellShape.width, rows * cellShape.height)
      let unit = PictureView.unit
      let side = Swift.max(boxWidth * unit / view.width, boxHeight * unit / view.height)
      let rounded = (side + 511) / 512 * 512
      return Swift.min(PictureLimits.zoomSide, Swift.max(PictureLimits.decodedSide, rounded))
    }
    guard pixels != nil else { return PictureLimits.decodedSide }
    let side = Swift.max(columns * cellShape.width, rows * cellShape.height)
    return Swift.min(PictureLimits.pixelSide, Swift.max(PictureLimits.decodedSide, side))
  }

  /// The longest side, in pixels, a picture must have for this thumbnail to lose nothing:
  /// the box's pixels for a pixel protocol; for symbols, eight pixels a cell across and
  /// sixteen down (more than any symbol set resolves).
  var neededSide: Int {
    guard pixels == nil else {
      return Swift.max(columns * cellShape.width, rows * cellShape.height)
    }
    return Swift.max(columns * 8, rows * 16)
  }

  /// Makes the thumbnail now, on this thread, through `caches` when given.
  package func make(caches: ThumbnailCaches? = nil) -> Result<Thumbnail, PictureFailure> {
    do {
      let stamp = try Self.stamp(of: source)
      if let thumbnail = caches?.thumbnail(for: self, stamp: stamp) { return .success(thumbnail) }
      if animates, var animated = try animatedThumbnail() {
        // Kept in memory only: the disk cache keeps stills.
        animated.pixels = ready(animated.pixels)
        caches?.keep(animated, for: self, stamp: stamp)
        return .success(animated)
      }
      if view == .whole, var thumbnail = caches?.disk?.thumbnail(for: self, stamp: stamp) {
        thumbnail.pixels = ready(thumbnail.pixels)
        caches?.keep(thumbnail, for: self, stamp: stamp)
        return .success(thumbnail)
      }
      let decoded: DecodedPicture
      if let cached = caches?.picture(for: source, side: decodeSide, stamp: stamp) {
        decoded = cached
      } else if view.isWholePicture, case .file(let path) = source,
        let shared = caches?.disk?.shared?.picture(
          path: path, modified: stamp.modified, side: neededSide)
      {
        // A file manager's fresh thumbnail, big enough: the picture is not decoded at all.
        decoded = shared
      } else {
        decoded = try DecodedPicture.decode(
          source, maxSide: decodeSide, shared: caches?.disk?.shared)
        caches?.keep(decoded, for: source, side: decodeSide, stamp: stamp)
      }
      // The viewer's region and turns (a copy of the region's pixels only).
      let picture = decoded.viewed(view)
      var thumbnail =
        pixels.map {
          ThumbnailRenderer.renderPixels(
            picture, columns: columns, rows: rows, cell: cellShape, protocolKind: $0,
            label: source.description, sixelColors: sixelColors,
            symbolsUnder: symbolsUnder ? (mode, symbols) : nil)
        }
        ?? ThumbnailRenderer.render(
          picture, columns: columns, rows: rows, mode: mode, cellShape: cellShape,
          symbols: symbols)
      if picture.isTruncated { thumbnail.note = "truncated" }
      thumbnail.pixels = ready(thumbnail.pixels)
      caches?.keep(thumbnail, for: self, stamp: stamp)
      if view == .whole { caches?.disk?.store(thumbnail, for: self, stamp: stamp) }
      return .success(thumbnail)
    } catch {
      return .failure(error)
    }
  }

  /// `picture` as it goes to the terminal: with its cell rows encoded ahead when it goes
  /// by cell row.
  private func ready(_ picture: PixelPicture?) -> PixelPicture? {
    byCellRow ? picture?.withCellRowPieces() : picture
  }

  /// The thumbnail of an animated picture, every frame made; `nil` when the picture is
  /// not animated (its header says one frame) or cannot be read as an animation (the
  /// still decoder then shows its first frame, or says why).
  private func animatedThumbnail() throws(PictureFailure) -> Thumbnail? {
    guard let info = try? PictureInfo.read(source), (info.frames ?? 0) > 1 else { return nil }
    let bytes: [UInt8]
    switch source {
    case .file(let path): bytes = try PictureFile(path: path).readAll()
    case .embedded(let name):
      guard let embedded = EmbeddedPictures.bytes(named: name) else { throw .notFound }
      bytes = embedded
    }
    // Symbols need no more than `neededSide`: each frame costs its pixels.
    let side = pixels == nil ? Swift.min(decodeSide, Swift.max(64, neededSide)) : decodeSide
    guard let reader = AnimationReader(bytes: bytes, maxSide: side) else { return nil }
    return AnimatedThumbnail.make(self, from: reader)
  }

  /// What identifies the picture's current version (a file's size and modification time).
  static func stamp(of source: PictureSource) throws(PictureFailure) -> PictureStamp {
    switch source {
    case .file(let path): return try PictureFile(path: path).stamp
    case .embedded(let name):
      guard let bytes = EmbeddedPictures.bytes(named: name) else { throw .notFound }
      return PictureStamp(modified: 0, bytes: bytes.count)
    }
  }
}
