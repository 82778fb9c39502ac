import Foundation
import LayoutEngine
import PictureFiles
import TestSupport
import Testing

@testable import Thumbnails

/// The viewer's regions and turns: each quarter turn is the picture turned that often
/// (checked against turning pixel by pixel), a region is exactly its pixels, and a
/// zoomed request decodes the source at the region's resolution.
@Suite struct PictureViewTests {
  /// A picture whose every pixel is its own number.
  static func numbered(width: Int, height: Int) -> DecodedPicture {
    var pixels: [UInt8] = []
    for index in 0..<(width * height) {
      pixels += [UInt8(index & 0xFF), UInt8(index >> 8), 7, 255]
    }
    return DecodedPicture(width: width, height: height, pixels: pixels)
  }

  /// `picture` turned a quarter clockwise, the plain way.
  static func turnedOnce(_ picture: DecodedPicture) -> DecodedPicture {
    let (width, height) = (picture.width, picture.height)
    var out = [UInt8](repeating: 0, count: picture.pixels.count)
    for y in 0..<height {
      for x in 0..<width {
        // (x, y) lands at column height-1-y, row x of the turned picture.
        let to = (x * height + (height - 1 - y)) * 4
        let from = (y * width + x) * 4
        out[to..<(to + 4)] = picture.pixels[from..<(from + 4)]
      }
    }
    return DecodedPicture(width: height, height: width, pixels: out)
  }

  @Test func quarterTurnsAreTurnsAndRegionsAreTheirPixels() {
    var random = SeededGenerator(seed: 48)
    for _ in 0..<200 {
      let picture = Self.numbered(
        width: Int.random(in: 1...9, using: &random), height: Int.random(in: 1...9, using: &random))
      var expected = picture
      for turns in 0..<4 {
        let turned = picture.viewed(.turned(turns))
        #expect(turned.width == expected.width && turned.height == expected.height)
        #expect(turned.pixels == expected.pixels, "\(picture.width)×\(picture.height), \(turns)")
        // A region of the turned picture: its rows and columns, cut from the expected.
        let unit = PictureView.unit
        let view = PictureView(
          quarterTurns: turns, x: Int.random(in: 0..<unit, using: &random),
          y: Int.random(in: 0..<unit, using: &random),
          width: Int.random(in: 1...unit, using: &random),
          height: Int.random(in: 1...unit, using: &random))
        let region = picture.viewed(view)
        let left = view.x * expected.width / unit
        let top = view.y * expected.height / unit
        #expect(region.width >= 1 && left + region.width <= expected.width)
        #expect(region.height >= 1 && top + region.height <= expected.height)
        for y in 0..<region.height {
          for x in 0..<region.width {
            let from = ((top + y) * expected.width + left + x) * 4
            let to = (y * region.width + x) * 4
            #expect(region.pixels[to..<(to + 4)] == expected.pixels[from..<(from + 4)])
          }
        }
        expected = Self.turnedOnce(expected)
      }
    }
  }

  @Test func aZoomedRequestDecodesTheRegionsPixels() {
    let whole = ThumbnailRequest(
      source: .file("/x.jpg"), columns: 100, rows: 30, mode: .truecolor,
      cellShape: CellShape(width: 10, height: 20), pixels: .kitty)
    var zoomed = whole
    zoomed.view = PictureView(x: 2500, y: 2500, width: 2500, height: 2500)
    // The box is 1000 × 600 pixels: a quarter of the picture across needs 4000.
    #expect(whole.decodeSide == 1000)
    #expect(zoomed.decodeSide == 4096)
    zoomed.view = PictureView(x: 0, y: 0, width: 10, height: 10)
    #expect(zoomed.decodeSide == PictureLimits.zoomSide, "bounded")
  }
}
