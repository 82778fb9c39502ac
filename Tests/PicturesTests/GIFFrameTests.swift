import PictureFiles
import Testing
import Thumbnails

/// The first frame of a GIF drawn onto its logical screen: rows stream into the average
/// (non-interlaced) or fill a canvas first (interlaced), and both give the same picture;
/// a frame smaller than the screen leaves the rest transparent, a frame larger than it is
/// clipped, and a file cut anywhere in the frame's data is damaged.
@Suite struct GIFFrameTests {
  /// A GIF89a with a 128-entry palette (index i is (i·60, 255 − i·60, 7·i) for i < 4) and
  /// one frame of colour `indexes` (row by row), stored with 8-bit LZW codes and a clear
  /// code every 100 pixels, so no code ever needs a wider width: simple to write by hand.
  static func gif(
    screen: (width: Int, height: Int), frame: (left: Int, top: Int, width: Int, height: Int),
    indexes: [UInt8], transparent: UInt8? = nil, interlaced: Bool = false
  ) -> [UInt8] {
    func word(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    var bytes = Array("GIF89a".utf8) + word(screen.width) + word(screen.height)
    bytes += [0xF6, 0, 0]  // a global palette of 2^(6+1) = 128 colours
    for index in 0..<128 {
      bytes += index < 4 ? Array(color(UInt8(index)).prefix(3)) : [0, 0, 0]
    }
    if let transparent { bytes += [0x21, 0xF9, 4, 1, 0, 0, transparent, 0] }
    bytes += [0x2C] + word(frame.left) + word(frame.top) + word(frame.width) + word(frame.height)
    bytes += [interlaced ? 0x40 : 0]
    // Codes of 8 bits: 128 clears the table, 129 ends the data.
    var codes: [UInt8] = [128]
    for (count, index) in indexes.enumerated() {
      if count > 0 && count % 100 == 0 { codes.append(128) }
      codes.append(index)
    }
    codes.append(129)
    bytes.append(7)  // the smallest code size
    var start = 0
    while start < codes.count {
      let block = codes[start..<min(start + 255, codes.count)]
      bytes += [UInt8(block.count)] + block
      start += block.count
    }
    return bytes + [0, 0x3B]
  }

  /// The colour of palette entry `index`, opaque.
  static func color(_ index: UInt8) -> [UInt8] {
    let value = Int(index)
    return [UInt8(value * 60), UInt8(255 - value * 60), UInt8(7 * value), 255]
  }

  /// Rows of the frame in the order an interlaced file stores them (passes of every 8th
  /// row from 0, every 8th from 4, every 4th from 2, every 2nd from 1).
  static func interlacedOrder(_ indexes: [UInt8], width: Int, height: Int) -> [UInt8] {
    var result: [UInt8] = []
    for (start, step) in [(0, 8), (4, 8), (2, 4), (1, 2)] {
      for row in stride(from: start, to: height, by: step) {
        result += indexes[row * width..<(row + 1) * width]
      }
    }
    return result
  }

  @Test func aFrameSmallerThanTheScreenLeavesTheRestTransparent() throws {
    // A 4×3 frame at (2, 1) on an 8×6 screen; index 3 is transparent.
    let indexes: [UInt8] = [0, 1, 2, 3, 1, 2, 3, 0, 2, 3, 0, 1]
    let bytes = Self.gif(
      screen: (8, 6), frame: (2, 1, 4, 3), indexes: indexes, transparent: 3)
    let picture = try DecodedPicture.decode(bytes: bytes)
    #expect(picture.width == 8 && picture.height == 6)
    for y in 0..<6 {
      for x in 0..<8 {
        let pixel = Array(picture.pixels[(y * 8 + x) * 4..<(y * 8 + x) * 4 + 4])
        let inFrame = (2..<6).contains(x) && (1..<4).contains(y)
        let index = inFrame ? indexes[(y - 1) * 4 + (x - 2)] : 3
        #expect(pixel == (index == 3 ? [0, 0, 0, 0] : Self.color(index)), "(\(x), \(y))")
      }
    }
  }

  @Test func interlacedAndPlainFilesOfOnePictureDecodeAlike() throws {
    // 24×20 (three passes' worth of rows), every index but the transparent one.
    let indexes = (0..<24 * 20).map { (position: Int) -> UInt8 in
      UInt8((position * 7 + position / 24) % 3)
    }
    let plain = Self.gif(screen: (24, 20), frame: (0, 0, 24, 20), indexes: indexes)
    let interlaced = Self.gif(
      screen: (24, 20), frame: (0, 0, 24, 20),
      indexes: Self.interlacedOrder(indexes, width: 24, height: 20), interlaced: true)
    let one = try DecodedPicture.decode(bytes: plain)
    let other = try DecodedPicture.decode(bytes: interlaced)
    #expect(one.pixels == other.pixels)
    #expect(Array(one.pixels[0..<4]) == Self.color(indexes[0]))
  }

  @Test func aFrameBeyondTheScreenIsClipped() throws {
    // A 4×4 frame at (6, 4) on an 8×6 screen: only its top-left 2×2 shows.
    let indexes = [UInt8](repeating: 1, count: 16)
    let picture = try DecodedPicture.decode(
      bytes: Self.gif(screen: (8, 6), frame: (6, 4, 4, 4), indexes: indexes))
    let opaque = stride(from: 3, to: picture.pixels.count, by: 4).filter {
      picture.pixels[$0] == 255
    }
    #expect(opaque.count == 4)
    #expect(Array(picture.pixels[(5 * 8 + 7) * 4..<(5 * 8 + 7) * 4 + 4]) == Self.color(1))
  }

  /// Cut anywhere in the frame's data, even in rows below the screen that are never
  /// shown, the file is damaged; both ways of reading rows say so.
  @Test(arguments: [false, true])
  func aFileCutInItsFrameIsCorrupt(interlaced: Bool) throws {
    // 100 rows from row 2 of a 6-row screen: the last of the data's four blocks of codes
    // holds rows 95–99 only, far below the screen.
    let indexes = [UInt8](repeating: 2, count: 8 * 100)
    let whole = Self.gif(
      screen: (8, 6), frame: (0, 2, 8, 100), indexes: indexes, interlaced: interlaced)
    _ = try DecodedPicture.decode(bytes: whole)
    // The data ends with the end code, the empty block and the trailer (3 bytes).
    for cut in [whole.count - 8, whole.count - 30, whole.count / 2] {
      #expect(throws: PictureFailure.corrupt(.gif), "cut at \(cut) of \(whole.count)") {
        try DecodedPicture.decode(bytes: Array(whole.prefix(cut)))
      }
    }
  }
}
