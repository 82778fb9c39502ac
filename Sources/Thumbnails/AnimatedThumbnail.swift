import PictureFiles
import TerminalCore

/// Thumbnails of animated pictures: every frame made ahead, on the worker, within a
/// memory bound, so that playing one is choosing which frame to show (symbols: its cells;
/// pixels: its encoding, which kitty is sent once and plays by itself).
enum AnimatedThumbnail {
  /// The bytes an animation's frames may take (cells, or encoded pictures); the frames
  /// past it are left out and the ones before play.
  static let byteBudget = 32 << 20

  /// The thumbnail `request` asks for, of the animation `reader` reads.
  static func make(_ request: ThumbnailRequest, from reader: AnimationReader) -> Thumbnail? {
    guard let (first, firstDelay) = reader.next() else { return nil }
    var delays = [firstDelay]
    var bytes = 0
    var isCut = false
    if let protocolKind = request.pixels {
      let columns = Swift.max(0, request.columns)
      let rows = Swift.max(0, request.rows)
      guard
        let placed = ThumbnailRenderer.canvas(
          first, columns: columns, rows: rows, cell: request.cellShape)
      else { return nil }
      var frames: [[UInt8]] = []
      var isOpaque = isOpaqueWhereDrawn(placed.canvas, placed.drawn)
      while let (frame, delay) = reader.next() {
        guard
          let next = ThumbnailRenderer.canvas(
            frame, columns: columns, rows: rows, cell: request.cellShape)
        else { break }
        let encoded = ThumbnailRenderer.encode(
          next.canvas, for: protocolKind, sixelColors: request.sixelColors)
        bytes += encoded.count
        if bytes > byteBudget {
          isCut = true
          break
        }
        isOpaque = isOpaque && isOpaqueWhereDrawn(next.canvas, next.drawn)
        frames.append(encoded)
        delays.append(delay)
      }
      let timing = AnimationTiming(delays: delays, plays: reader.plays)
      let image = ThumbnailRenderer.pixelPicture(
        placed.canvas, columns: placed.fitted.columns, rows: placed.fitted.rows,
        protocolKind: protocolKind, label: request.source.description,
        sixelColors: request.sixelColors,
        animation: PixelAnimation(timing: timing, frames: frames, isOpaque: isOpaque))
      return Thumbnail(
        columns: columns, rows: rows,
        cells: [Thumbnail.Cell](repeating: .blank, count: columns * rows), pixels: image,
        pictureOrigin: (placed.fitted.left, placed.fitted.top),
        animation: ThumbnailAnimation(
          timing: timing, frameCells: [], isCut: isCut || reader.isDamaged))
    }
    let render = { (picture: DecodedPicture) in
      ThumbnailRenderer.render(
        picture, columns: request.columns, rows: request.rows, mode: request.mode,
        cellShape: request.cellShape, symbols: request.symbols)
    }
    let still = render(first)
    var frameCells: [[Thumbnail.Cell]] = []
    let frameBytes = still.cells.count * MemoryLayout<Thumbnail.Cell>.stride
    while let (frame, delay) = reader.next() {
      bytes += frameBytes
      if bytes > byteBudget {
        isCut = true
        break
      }
      frameCells.append(render(frame).cells)
      delays.append(delay)
    }
    return Thumbnail(
      columns: still.columns, rows: still.rows, cells: still.cells,
      animation: ThumbnailAnimation(
        timing: AnimationTiming(delays: delays, plays: reader.plays), frameCells: frameCells,
        isCut: isCut || reader.isDamaged))
  }

  /// Whether the canvas's pixels are opaque where the picture is drawn.
  private static func isOpaqueWhereDrawn(
    _ canvas: ThumbnailRenderer.PixelCanvas, _ drawn: (left: Int, top: Int, width: Int, height: Int)
  ) -> Bool {
    for y in drawn.top..<(drawn.top + drawn.height) {
      let row = (y * canvas.width + drawn.left) * 4
      for x in 0..<drawn.width where canvas.pixels[row + x * 4 + 3] != 255 { return false }
    }
    return true
  }
}
