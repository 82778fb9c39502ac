import Foundation
import PictureFiles
import TerminalCore
import TerminalText
import Testing
import Thumbnails

/// Pictures for pixel protocols: letterboxed in cells like symbols, at exactly the box's
/// pixels, the PNG decoding back to the same picture, the sixel well formed and of the
/// rows asked for.
@Suite struct PixelPictureTests {
  static let cell = CellShape(width: 9, height: 18)

  static func picture() throws -> DecodedPicture {
    try DecodedPicture.decode(.file(PictureDecoderTests.path("gradient.jpg")))
  }

  @Test func kittyPicturesAreExactlyTheirCellsPixelsAndDecodeBack() throws {
    let source = try Self.picture()
    // 64×48 in 10×8 cells of 9×18: 10 columns need 10·9·48/64/18 ≈ 4 rows, centred.
    let thumbnail = ThumbnailRenderer.renderPixels(
      source, columns: 10, rows: 8, cell: Self.cell, protocolKind: .kitty, label: "g")
    let image = try #require(thumbnail.image)
    #expect(image.columns == 10 && image.rows == 4 && thumbnail.imageOrigin == (0, 2))
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

  @Test func sixelPicturesAreWellFormedAndCutToTheRowsAsked() throws {
    let thumbnail = ThumbnailRenderer.renderPixels(
      try Self.picture(), columns: 10, rows: 4, cell: Self.cell, protocolKind: .sixel, label: "g")
    let image = try #require(thumbnail.image)
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
}
