import TerminalCore
import TestSupport
import Testing

@testable import Thumbnails

/// The proof a picture read from the disk must pass before it may reach the terminal:
/// masonry's own encodings pass; anything added, cut or changed — an escape sequence
/// after a sixel, a text chunk in a PNG, another size — does not; and on thousands of
/// seeded mutations nothing passes that could act on the terminal.
@Suite struct EncodedPictureCheckTests {
  static func canvas(width: Int, height: Int, seed: UInt64) -> ThumbnailRenderer.PixelCanvas {
    var generator = SeededGenerator(seed: seed)
    let pixels = (0..<(width * height)).flatMap { _ -> [UInt8] in
      [
        UInt8.random(in: 0...255, using: &generator), UInt8.random(in: 0...255, using: &generator),
        UInt8.random(in: 0...255, using: &generator),
        UInt8.random(in: 100...255, using: &generator),
      ]
    }
    return ThumbnailRenderer.PixelCanvas(pixels: pixels, width: width, height: height)
  }

  static func made(_ kind: PixelProtocol, width: Int = 23, height: Int = 17) -> [UInt8] {
    ThumbnailRenderer.pixelPicture(
      canvas(width: width, height: height, seed: 46), columns: 3, rows: 2, protocolKind: kind,
      label: "test", sixelColors: 256
    ).encoded
  }

  @Test(arguments: [PixelProtocol.kitty, .sixel, .iterm])
  func masonrysOwnEncodingsPass(kind: PixelProtocol) {
    let bytes = Self.made(kind)
    #expect(EncodedPictureCheck.isOnePicture(bytes, of: kind, width: 23, height: 17))
    #expect(!EncodedPictureCheck.isOnePicture(bytes, of: kind, width: 24, height: 17))
    #expect(!EncodedPictureCheck.isOnePicture(bytes, of: kind, width: 23, height: 1))
    #expect(!EncodedPictureCheck.isOnePicture([], of: kind, width: 23, height: 17))
  }

  @Test func sixelWithAnythingMoreFails() {
    let sixel = Self.made(.sixel)
    let check = { (bytes: [UInt8]) in
      EncodedPictureCheck.isOnePicture(bytes, of: .sixel, width: 23, height: 17)
    }
    let osc = Array("\u{1B}]52;c;UFdORUQ=\u{07}\u{1B}]0;title\u{07}\u{1B}[2J".utf8)
    #expect(!check(sixel + osc))
    #expect(!check(osc + sixel))
    var inside = sixel
    inside.insert(contentsOf: Array("\u{1B}\\".utf8) + osc + Array("\u{1B}P0;1;0q".utf8), at: 40)
    #expect(!check(inside))
    for byte: UInt8 in [0x18, 0x1A, 0x9C, 0x90, 0x07, 0x0A, 0x00] {
      var changed = sixel
      changed.insert(byte, at: sixel.count / 2)
      #expect(!check(changed), "byte \(byte) inside")
    }
    #expect(!check(Array(sixel.dropLast())))
    // Painting beyond the stated size: a second raster attribute, a repeat past the right
    // edge, bands below the bottom.
    let body = Array(sixel.dropLast(2))
    let end: [UInt8] = [0x1B, 0x5C]
    #expect(!check(body + Array("\"1;1;4000;4000#1!4000~-".utf8) + end))
    #expect(!check(body + Array("$#1!24~".utf8) + end))
    #expect(!check(body + Array("#1~-#1~-#1~-#1~-".utf8) + end))
    #expect(!check(body + Array("#1!99999999~".utf8) + end))
    #expect(check(body + Array("$#1!23~".utf8) + end) == false, "after the last band's end")
    // Within one band of a 23×6 picture: 23 columns fit, 24 do not; a second band does not.
    let small = { (data: String) in
      EncodedPictureCheck.isOnePicture(
        Array("\u{1B}P0;1;0q\"1;1;23;6\(data)\u{1B}\\".utf8), of: .sixel, width: 23, height: 6)
    }
    #expect(small("#0;2;0;0;0#0!23~-"))
    #expect(small("#0!20~$#1!23@-"))
    #expect(!small("#0!24~-"))
    #expect(!small("#0!23~-#0~-"))
    #expect(!small("#0!23~ -"), "a space is no sixel data")
    // Another size stated.
    let resized = String(decoding: sixel, as: UTF8.self).replacingOccurrences(
      of: "\"1;1;23;17", with: "\"1;1;23;170")
    #expect(!check(Array(resized.utf8)))
  }

  /// A PNG chunk with its CRC made right, as a file's author would.
  static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let body = Array(type.utf8) + data
    let length = UInt32(data.count)
    let crc = CRC32.of(body[...])
    return [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: length >> $0) } + body
      + [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: crc >> $0) }
  }

  @Test(arguments: [PixelProtocol.kitty, .iterm])
  func pngWithAnythingMoreFails(kind: PixelProtocol) {
    let png = Self.made(kind)
    let check = { (bytes: [UInt8]) in
      EncodedPictureCheck.isOnePicture(bytes, of: kind, width: 23, height: 17)
    }
    // A text chunk before the data, a colour profile, trailing bytes, a second picture.
    let text = Self.chunk("tEXt", Array("Comment\0hello".utf8))
    #expect(!check(Array(png[..<33]) + text + Array(png[33...])))
    #expect(!check(Array(png[..<33]) + Self.chunk("iCCP", [1, 2, 3]) + Array(png[33...])))
    #expect(!check(png + [0]))
    #expect(!check(png + png))
    #expect(!check(Array(png.dropLast(12))), "no IEND")
    var flipped = png
    flipped[png.count / 2] ^= 0x40
    #expect(!check(flipped), "a CRC fails")
  }

  /// Seeded mutations of real encodings (a byte changed, inserted or removed, a cut): what
  /// passes is never able to act on the terminal — a sixel that passes holds no escape but
  /// its last, no control and no C1 byte.
  @Test func nothingThatPassesCanActOnTheTerminal() {
    var generator = SeededGenerator(seed: 4_545)
    for kind in [PixelProtocol.sixel, .kitty] {
      let sound = Self.made(kind, width: 9, height: 7)
      var passed = 0
      for _ in 0..<3_000 {
        var bytes = sound
        let at = Int.random(in: 0..<bytes.count, using: &generator)
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: bytes[at] = UInt8.random(in: 0...255, using: &generator)
        case 1: bytes.insert(UInt8.random(in: 0...255, using: &generator), at: at)
        case 2: bytes.remove(at: at)
        default: bytes = Array(bytes.prefix(at))
        }
        guard EncodedPictureCheck.isOnePicture(bytes, of: kind, width: 9, height: 7) else {
          continue
        }
        passed += 1
        if kind == .sixel {
          #expect(bytes.dropLast(2).dropFirst().allSatisfy { (0x20...0x7E).contains($0) })
          #expect(bytes.first == 0x1B && bytes.suffix(2) == [0x1B, 0x5C])
        } else {
          #expect(bytes == sound, "a changed PNG never passes its CRCs")
        }
      }
      if kind == .kitty { #expect(passed < 3_000) }
    }
  }
}
