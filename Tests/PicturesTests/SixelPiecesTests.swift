import Foundation
import LayoutEngine
import PictureFiles
import TerminalCore
import TestSupport
import Testing
import Thumbnails

/// A sixel cut into pieces for a slow link (`SixelPieces`): drawn each at its cell row,
/// the pieces paint exactly the pixels the whole sequence paints, for cells whose height
/// is a multiple of six pixels and for ones that are not (19, 16), in 256 and in 64
/// colours; each piece defines every colour it selects and no other; anything that is not
/// masonry's encoding is left whole.
@Suite struct SixelPiecesTests {
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

  @Test(arguments: [(9, 18, 256), (9, 19, 256), (8, 16, 64), (10, 20, 64)])
  func piecesPaintWhatTheWholePaints(cellWidth: Int, cellHeight: Int, colors: Int) throws {
    let source = try DecodedPicture.decode(.file(PictureFixtures.path("gradient.jpg")))
    let thumbnail = ThumbnailRenderer.renderPixels(
      source, columns: 40, rows: 30, cell: CellShape(width: cellWidth, height: cellHeight),
      protocolKind: .sixel, label: "g", sixelColors: colors)
    let image = try #require(thumbnail.pixels)
    let whole = try Self.paint(image.encoded)
    for rows in [1, 2, 3, 5] {
      let pieces = try #require(
        SixelPieces.split(image.encoded, cellHeight: cellHeight, rows: rows))
      // Pieces of a multiple of the rows a band starts (18 px cells: any; 19: six; 16: three).
      let step = [18: 1, 20: 3, 19: 6, 16: 3][cellHeight]!
      let pieceRows = Swift.max(step, rows / step * step)
      #expect(pieces.count == (image.rows + pieceRows - 1) / pieceRows, "\(image.rows) rows")
      var stacked = [Int](repeating: -1, count: whole.width * whole.height)
      var next = 0
      for piece in pieces {
        #expect(piece.row == next, "pieces follow each other")
        let painted = try Self.paint(piece.bytes)
        #expect(painted.width == whole.width)
        let top = piece.row * cellHeight
        for y in 0..<painted.height where top + y < whole.height {
          for x in 0..<painted.width where painted.pixels[y * painted.width + x] >= 0 {
            stacked[(top + y) * whole.width + x] = painted.pixels[y * painted.width + x]
          }
        }
        next = piece.row + painted.height / cellHeight
        // Every piece but the last spans whole cells, starting on a band.
        if piece.row != pieces.last?.row {
          #expect(painted.height % cellHeight == 0 && top % 6 == 0)
        }
      }
      #expect(stacked == whole.pixels, "\(cellWidth)×\(cellHeight), \(rows) rows a piece")
    }
  }

  @Test func whatIsNotMasonrysEncodingStaysWhole() {
    for text in [
      "", "\u{1B}Pq#0;2;0;0;0#0~-\u{1B}\\", "\u{1B}P0;1;0q\"1;1;4;6#0~~~~",
      "\u{1B}P0;1;0q\"1;1;4;6#0;2;0;0;0#0~~~~\u{1B}\\", "\u{1B}P0;1;0q\"1;1;x;6-\u{1B}\\",
    ] {
      #expect(SixelPieces.split(Array(text.utf8), cellHeight: 18, rows: 2) == nil, "\(text)")
    }
    #expect(
      SixelPieces.split(Array("\u{1B}P0;1;0q\"1;1;1;6#0~-\u{1B}\\".utf8), cellHeight: 0, rows: 2)
        == nil)
  }
}
