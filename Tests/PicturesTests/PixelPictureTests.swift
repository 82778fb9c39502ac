import Foundation
import LayoutEngine
import PictureFiles
import TerminalCore
import TerminalText
import TestSupport
import Testing
import Thumbnails

/// Pictures for pixel protocols: letterboxed in cells like symbols, at exactly the box's
/// pixels, the PNG decoding back to the same picture, the sixel well formed and of the
/// rows asked for.
@Suite struct PixelPictureTests {
  static let cell = CellShape(width: 9, height: 18)

  static func picture() throws -> DecodedPicture {
    try DecodedPicture.decode(.file(PictureFixtures.path("gradient.jpg")))
  }

  @Test func kittyPicturesAreExactlyTheirCellsPixelsAndDecodeBack() throws {
    let source = try Self.picture()
    // 64×48 in 10×8 cells of 9×18: 10 columns need 10·9·48/64/18 ≈ 4 rows, centred.
    let thumbnail = ThumbnailRenderer.renderPixels(
      source, columns: 10, rows: 8, cell: Self.cell, protocolKind: .kitty, label: "g")
    let image = try #require(thumbnail.pixels)
    #expect(image.columns == 10 && image.rows == 4 && thumbnail.pictureOrigin == (0, 2))
    #expect(image.width == 90 && image.height == 72)
    #expect(thumbnail.cells.allSatisfy { $0 == .blank }, "the cells under a picture stay blank")
    let decoded = try DecodedPicture.decode(bytes: image.encoded, maxSide: 4096)
    #expect(decoded.width == 90 && decoded.height == 72)
    // The red square of the top left is still there (the picture fills the width, its
    // 67.5 rows centred in 72).
    let index = (10 * 90 + 6) * 4
    let corner = Array(decoded.pixels[index..<index + 4])
    #expect(corner[0] > 170 && corner[1] < 100 && corner[3] == 255, "\(corner)")
    // Outside the picture: transparent.
    #expect(decoded.pixels[3] == 0)
  }

  /// On a slow link the cells under a picture hold it in symbols, shown until its pixels
  /// arrive over them: the symbols `render` draws, but blank wherever a pixel of the cell
  /// is not opaque (the symbol would show through it): the letterbox's edges, and a
  /// transparent picture's surroundings; the pixels are the same.
  @Test func symbolsUnderPicturesForASlowLink() throws {
    let source = try Self.picture()
    for (kind, columns, rows) in [(PixelProtocol.kitty, 10, 8), (.sixel, 9, 8), (.sixel, 12, 3)] {
      let plain = ThumbnailRenderer.renderPixels(
        source, columns: columns, rows: rows, cell: Self.cell, protocolKind: kind, label: "g")
      let under = ThumbnailRenderer.renderPixels(
        source, columns: columns, rows: rows, cell: Self.cell, protocolKind: kind, label: "g",
        symbolsUnder: (.truecolor, .blocks))
      let symbols = ThumbnailRenderer.render(
        source, columns: columns, rows: rows, mode: .truecolor, cellShape: Self.cell,
        symbols: .blocks)
      let image = try #require(under.pixels)
      #expect(image.encoded == plain.pixels?.encoded && under.pictureOrigin == plain.pictureOrigin)
      let placed = try #require(
        ThumbnailRenderer.canvas(source, columns: columns, rows: rows, cell: Self.cell))
      let (fitted, drawn) = (placed.fitted, placed.drawn)
      var shown = 0
      for row in 0..<rows {
        for column in 0..<columns {
          let x = (column - fitted.left) * Self.cell.width
          let y = (row - fitted.top) * Self.cell.height
          // Wholly inside the drawn pixels (this picture is opaque): the symbol; else blank.
          let covered =
            x >= drawn.left && x + Self.cell.width <= drawn.left + drawn.width
            && y >= drawn.top && y + Self.cell.height <= drawn.top + drawn.height
          #expect(
            under[column, row] == (covered ? symbols[column, row] : .blank), "\(column),\(row)")
          if covered && under[column, row] != .blank { shown += 1 }
        }
      }
      #expect(shown > 0, "\(kind) \(columns)×\(rows)")
    }
    // A picture with a hole of transparency: no symbol in a cell that any of it reaches.
    var pixels = source.pixels
    for y in 20..<28 {
      for x in 30..<40 { pixels[(y * source.width + x) * 4 + 3] = 0 }
    }
    let holed = DecodedPicture(width: source.width, height: source.height, pixels: pixels)
    let under = ThumbnailRenderer.renderPixels(
      holed, columns: 10, rows: 8, cell: Self.cell, protocolKind: .sixel, label: "g",
      symbolsUnder: (.truecolor, .blocks))
    let canvas = try #require(
      ThumbnailRenderer.canvas(holed, columns: 10, rows: 8, cell: Self.cell))
    let opaque = ThumbnailRenderer.opaqueCells(canvas.canvas, cell: Self.cell)
    #expect(opaque.contains(false) && opaque.filter { $0 }.count > 10)
    for (index, isOpaque) in opaque.enumerated() where !isOpaque {
      let (column, row) = (index % 10 + canvas.fitted.left, index / 10 + canvas.fitted.top)
      #expect(under[column, row] == .blank, "\(column),\(row)")
    }
  }

  @Test func sixelPicturesAreWellFormedAndCutToTheRowsAsked() throws {
    let thumbnail = ThumbnailRenderer.renderPixels(
      try Self.picture(), columns: 10, rows: 4, cell: Self.cell, protocolKind: .sixel, label: "g")
    let image = try #require(thumbnail.pixels)
    for rows in [0..<4, 1..<3, 3..<4] {
      let text = String(decoding: image.encoded(cellRows: rows), as: UTF8.self)
      let height = rows.count * 18
      #expect(text.hasPrefix("\u{1B}P0;1;0q\"1;1;90;\(height)#"), "\(rows)")
      #expect(text.hasSuffix("-\u{1B}\\"))
      // Six pixel rows a band: as many band ends as bands.
      #expect(text.filter { $0 == "-" }.count == (height + 5) / 6)
      // Between the introducer and the terminator only sixel data.
      let body = text.dropFirst(2).dropLast(2)
      #expect(body.unicodeScalars.allSatisfy { (0x20...0x7E).contains($0.value) })
    }
  }

  /// Random pictures (noise, gradients, flat areas, holes of transparency) at random
  /// sizes, rows and register counts, decoded back from their sixel: every opaque pixel
  /// is set exactly once, to a colour within one step of the palette's cube of the
  /// source's (the ordered dither moves a pixel by up to one step), and no transparent
  /// pixel is set.
  @Test func sixelsDecodeBackToTheirPictures() throws {
    var random = SeededGenerator(seed: 18)
    for round in 0..<300 {
      let width = Int.random(in: 1...120, using: &random)
      let height = Int.random(in: 1...60, using: &random)
      let kind = Int.random(in: 0..<4, using: &random)
      var pixels = [UInt8](repeating: 0, count: width * height * 4)
      for y in 0..<height {
        for x in 0..<width {
          let i = (y * width + x) * 4
          switch kind {
          case 0: for k in 0..<4 { pixels[i + k] = UInt8.random(in: 0...255, using: &random) }
          case 1:
            pixels[i] = UInt8(x * 255 / width)
            pixels[i + 1] = UInt8(y * 255 / height)
            pixels[i + 2] = UInt8((x + y) & 255)
            pixels[i + 3] = (x * y) % 7 == 0 ? 0 : 255
          case 2:
            let light: UInt8 = (x / 10 + y / 10) % 2 == 0 ? 200 : 30
            (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3]) = (light, light, light, 255)
          default:
            pixels[i] = [0, 128, 255].randomElement(using: &random)!
            pixels[i + 1] = 60
            pixels[i + 2] = [0, 250].randomElement(using: &random)!
            pixels[i + 3] = 255
          }
        }
      }
      let colors = [8, 16, 64, 256].randomElement(using: &random)!
      let image = ThumbnailRenderer.pixelPicture(
        .init(pixels: pixels, width: width, height: height), columns: width, rows: height,
        protocolKind: .sixel, label: "r", sixelColors: colors)
      let top = Int.random(in: 0..<height, using: &random)
      let count = Int.random(in: 1...(height - top), using: &random)
      // Cells of one pixel: any rows, cut from the kept pixels as a scrolled picture is.
      let bytes = image.encoded(cellRows: top..<(top + count))
      let decoded = try #require(SixelDecoder(bytes), "round \(round)")
      #expect(decoded.width == width && decoded.height == count, "round \(round)")
      // One step of the smallest cube (2 levels: 255) down to 6 levels (51), in percent.
      let step = colors >= 256 ? 255 / 5 : colors >= 64 ? 255 / 3 : 255
      for y in 0..<count {
        for x in 0..<width {
          let i = ((top + y) * width + x) * 4
          let set = decoded.setCount[y * width + x]
          if pixels[i + 3] < 128 {
            #expect(set == 0, "round \(round): transparent (\(x), \(y)) set")
            continue
          }
          #expect(set == 1, "round \(round): (\(x), \(y)) set \(set) times")
          let color = decoded.colors[y * width + x]
          for k in 0..<3 {
            #expect(abs(color[k] - Int(pixels[i + k])) <= step + 3, "round \(round): (\(x), \(y))")
          }
        }
      }
    }
  }
}

/// A sixel decoder for tests: the palette (`#n;2;r;g;b`, in percent), then colour lines
/// band by band (`#n` selects, `!n` repeats, `$` returns, `-` is the next band).
struct SixelDecoder {
  var width = 0
  var height = 0
  /// Per pixel: how many times a colour set it, and the last colour (0…255 a channel).
  var setCount: [Int] = []
  var colors: [[Int]] = []

  init?(_ bytes: [UInt8]) {
    let text = Array(bytes)
    guard let q = text.firstIndex(of: UInt8(ascii: "q")), text.starts(with: [0x1B, 0x50]),
      text.suffix(2) == [0x1B, 0x5C]
    else { return nil }
    var i = q + 1
    func number() -> Int {
      var value = 0
      while i < text.count, (0x30...0x39).contains(text[i]) {
        value = value * 10 + Int(text[i] - 0x30)
        i += 1
      }
      return value
    }
    // Raster attributes: "1;1;width;height.
    guard i < text.count, text[i] == UInt8(ascii: "\"") else { return nil }
    i += 1
    _ = number()
    i += 1
    _ = number()
    i += 1
    width = number()
    i += 1
    height = number()
    setCount = [Int](repeating: 0, count: width * height)
    colors = [[Int]](repeating: [0, 0, 0], count: width * height)
    var palette: [Int: [Int]] = [:]
    var current = 0
    var x = 0
    var band = 0
    let end = text.count - 2
    while i < end {
      let byte = text[i]
      switch byte {
      case UInt8(ascii: "#"):
        i += 1
        current = number()
        if i < end, text[i] == UInt8(ascii: ";") {
          i += 1
          guard number() == 2 else { return nil }
          var rgb: [Int] = []
          for _ in 0..<3 {
            i += 1
            rgb.append((number() * 255 + 50) / 100)
          }
          palette[current] = rgb
        }
      case UInt8(ascii: "$"):
        x = 0
        i += 1
      case UInt8(ascii: "-"):
        x = 0
        band += 1
        i += 1
      case UInt8(ascii: "!"):
        i += 1
        let count = number()
        guard i < end else { return nil }
        for j in 0..<count { paint(text[i], x: x + j, band: band, color: palette[current]) }
        x += count
        i += 1
      case 0x3F...0x7E:
        paint(byte, x: x, band: band, color: palette[current])
        x += 1
        i += 1
      default:
        return nil
      }
    }
  }

  private mutating func paint(_ sixel: UInt8, x: Int, band: Int, color: [Int]?) {
    let bits = Int(sixel) - 0x3F
    for k in 0..<6 where bits & (1 << k) != 0 {
      let y = band * 6 + k
      guard x < width, y < height else {
        setCount[0] += 100  // outside the raster: fails the test loudly
        continue
      }
      setCount[y * width + x] += 1
      colors[y * width + x] = color ?? [-1000, -1000, -1000]
    }
  }
}
