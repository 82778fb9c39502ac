import Foundation
import LayoutEngine
import PictureFiles
import TerminalCore
import TestSupport
import Testing
import Thumbnails

/// A sixel in pieces of its cell rows for a slow link (`PixelPicture.pieces(cellRow:)`),
/// a busy row in pieces of its columns: drawn each at its cell, the pieces paint exactly
/// the pixels the whole sequence paints, for cells whose height is a multiple of six
/// pixels and for ones that are not (19, 16, 20), in 256 and in 64 colours; each piece
/// defines every colour it selects; a row goes in more than one piece only where it is
/// larger than `PixelPicture.pieceBytes`, and its pieces are at most a quarter over that
/// (each defines its colours again: in 256 colours, one more piece where they would be).
@Suite struct CellRowPiecesTests {
  /// The pixels a sixel sequence paints (register numbers, -1 where nothing), from its
  /// own size: enough of the format for masonry's encoder, checked as it is read.
  static func paint(_ sixel: [UInt8]) throws -> (width: Int, height: Int, pixels: [Int]) {
    let text = String(decoding: sixel, as: UTF8.self)
    let header = try #require(text.range(of: "\"1;1;"))
    let sizes = text[header.upperBound...].prefix { $0.isNumber || $0 == ";" }.split(
      separator: ";"
    ).compactMap { Int($0) }
    try #require(sizes.count >= 2)
    let (width, height) = (sizes[0], sizes[1])
    var pixels = [Int](repeating: -1, count: width * height)
    var index = text.index(
      header.upperBound, offsetBy: sizes.map { "\($0)" }.joined(separator: ";").count)
    var band = 0
    var x = 0
    var color = 0
    var defined = Set<Int>()
    let end = try #require(text.range(of: "\u{1B}\\", options: .backwards)).lowerBound
    func readNumber() -> Int {
      let digits = text[index...].prefix { $0.isNumber }
      index = text.index(index, offsetBy: digits.count)
      return Int(digits) ?? 0
    }
    while index < end {
      let character = text[index]
      index = text.index(after: index)
      switch character {
      case "#":
        let register = readNumber()
        if index < end, text[index] == ";" {
          for _ in 0..<4 {
            index = text.index(after: index)
            _ = readNumber()
          }
          defined.insert(register)
        } else {
          #expect(defined.contains(register), "colour \(register) selected, not defined")
          color = register
        }
      case "$": x = 0
      case "-":
        band += 1
        x = 0
      case "!":
        let count = readNumber()
        let bits = Int(text[index].asciiValue! - 63)
        index = text.index(after: index)
        for _ in 0..<count {
          for k in 0..<6 where bits >> k & 1 == 1 && band * 6 + k < height {
            pixels[(band * 6 + k) * width + x] = color
          }
          x += 1
        }
      default:
        let bits = Int(character.asciiValue! - 63)
        for k in 0..<6 where bits >> k & 1 == 1 && band * 6 + k < height {
          pixels[(band * 6 + k) * width + x] = color
        }
        x += 1
      }
    }
    return (width, height, pixels)
  }

  /// A picture of seeded noise on a gradient (busy: its rows run to many kilobytes).
  static func busyPicture() -> DecodedPicture {
    var generator = SeededGenerator(seed: 0x5151)
    let (width, height) = (96, 64)
    var pixels = [UInt8](repeating: 255, count: width * height * 4)
    for y in 0..<height {
      for x in 0..<width {
        let noise = Int.random(in: 0..<96, using: &generator)
        pixels[(y * width + x) * 4] = UInt8(Swift.min(255, x * 2 + noise))
        pixels[(y * width + x) * 4 + 1] = UInt8(Swift.min(255, y * 3 + noise))
        pixels[(y * width + x) * 4 + 2] = UInt8(noise * 2)
      }
    }
    return DecodedPicture(width: width, height: height, pixels: pixels)
  }

  /// Noise in every colour: each piece of a row defines most of the palette again.
  static func noisePicture() -> DecodedPicture {
    var generator = SeededGenerator(seed: 0x7171)
    let (width, height) = (240, 40)
    var pixels = [UInt8](repeating: 255, count: width * height * 4)
    for index in 0..<(width * height) {
      for channel in 0..<3 {
        pixels[index * 4 + channel] = UInt8.random(in: 0...255, using: &generator)
      }
    }
    return DecodedPicture(width: width, height: height, pixels: pixels)
  }

  @Test(arguments: [(9, 18, 256), (9, 19, 256), (8, 16, 64), (10, 20, 64)])
  func piecesPaintWhatTheWholePaints(cellWidth: Int, cellHeight: Int, colors: Int) throws {
    let gradient = try DecodedPicture.decode(.file(PictureFixtures.path("gradient.jpg")))
    var split = 0
    for source in [gradient, Self.busyPicture(), Self.noisePicture()] {
      let thumbnail = ThumbnailRenderer.renderPixels(
        source, columns: 40, rows: 30, cell: CellShape(width: cellWidth, height: cellHeight),
        protocolKind: .sixel, label: "g", sixelColors: colors)
      let image = try #require(thumbnail.pixels)
      let whole = try Self.paint(image.encoded)
      let ahead = image.withCellRowPieces()
      var stacked = [Int](repeating: -1, count: whole.width * whole.height)
      for row in 0..<image.rows {
        let pieces = image.pieces(cellRow: row)
        #expect(ahead.cellRowPieces[row] == pieces, "made ahead as made now")
        let wholeRow = image.encoded(cellRows: row..<row + 1)
        if wholeRow.count <= PixelPicture.pieceBytes {
          #expect(pieces == [PixelPicture.RowPiece(column: 0, bytes: wholeRow)])
        } else {
          split += 1
          #expect(pieces.count > 1)
        }
        var next = 0
        for piece in pieces {
          #expect(piece.column == next, "pieces side by side")
          let painted = try Self.paint(piece.bytes)
          #expect(painted.width % cellWidth == 0 && painted.height <= cellHeight)
          // About `pieceBytes` at most, unless one cell's column alone is more.
          #expect(
            piece.bytes.count <= PixelPicture.pieceBytes * 5 / 4 || painted.width == cellWidth,
            "a piece of \(piece.bytes.count) bytes, \(painted.width / cellWidth) cells")
          let (left, top) = (piece.column * cellWidth, row * cellHeight)
          for y in 0..<painted.height where top + y < whole.height {
            for x in 0..<painted.width where painted.pixels[y * painted.width + x] >= 0 {
              stacked[(top + y) * whole.width + left + x] = painted.pixels[y * painted.width + x]
            }
          }
          next = piece.column + painted.width / cellWidth
        }
        #expect(next == image.columns, "the pieces cover the row")
      }
      #expect(stacked == whole.pixels, "\(cellWidth)×\(cellHeight), \(colors) colours")
    }
    #expect(split > 0, "some rows of the busy picture go in pieces")
  }
}
