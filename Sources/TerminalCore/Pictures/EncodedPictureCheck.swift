/// Proof that bytes masonry did not just make — a picture's encoding read back from the
/// disk cache — are exactly one picture of their protocol and nothing else, before they
/// may reach the terminal: the one check every such picture passes (pictures made from
/// pixels in this process come from masonry's own encoders).
///
/// - **sixel**: one DCS exactly as masonry's encoder opens it (`ESC P 0;1;0 q "1;1;W;H`,
///   the size the file states), then only sixel data that paints within that size
///   (colours, repeats, sixels, `$`, `-`; no second raster attribute, no column past the
///   width, no band below the height), then `ESC \` at the very end: no byte inside can end
///   the DCS early or begin another sequence (ESC, CAN, SUB, C1 controls).
/// - **kitty, iTerm2**: a PNG exactly as masonry's encoder writes it (the signature, an
///   `IHDR` of the stated size in 8-bit RGBA, non-interlaced, then `IDAT` chunks only and an
///   empty `IEND` at the very end), every chunk's CRC right. It goes to the terminal in
///   base64, so no byte of it can act on the terminal; this keeps what the terminal's PNG
///   decoder reads to the one shape masonry writes (no text, colour profile or other
///   ancillary chunk a file could bring).
///
/// - Complexity: O(n) in the bytes.
package enum EncodedPictureCheck {
  /// Whether `bytes` are exactly one `kind` picture of `width` × `height` pixels.
  package static func isOnePicture(
    _ bytes: [UInt8], of kind: PixelProtocol, width: Int, height: Int
  ) -> Bool {
    switch kind {
    case .sixel: return isOneSixel(bytes, width: width, height: height)
    case .kitty, .kittyUnicode, .iterm: return isOnePNG(bytes, width: width, height: height)
    }
  }

  static func isOneSixel(_ bytes: [UInt8], width: Int, height: Int) -> Bool {
    let opening = Array("\u{1B}P0;1;0q\"1;1;\(width);\(height)".utf8)
    guard bytes.count >= opening.count + 2, bytes.starts(with: opening),
      bytes[bytes.count - 2] == 0x1B, bytes[bytes.count - 1] == UInt8(ascii: "\\")
    else { return false }
    return isSixelBody(bytes[opening.count..<(bytes.count - 2)], width: width, height: height)
  }

  /// Whether `body` (the sixel data after the raster attributes) paints within `width` ×
  /// `height` pixels and holds nothing but sixel data: colour introducers (`#` and
  /// numbers), repeats (`!N` and one sixel), sixels (`?`–`~`), carriage returns (`$`) and
  /// band ends (`-`), every column within the width and every band within the height.
  /// A second raster attribute, a repeat past the edge or a band below it is refused.
  static func isSixelBody(_ body: ArraySlice<UInt8>, width: Int, height: Int) -> Bool {
    let bands = (height + 5) / 6
    var column = 0
    var band = 0
    var index = body.startIndex
    /// The number at `index` (at most five digits), moving past it.
    func number() -> Int? {
      var value = 0
      var digits = 0
      while index < body.endIndex, (0x30...0x39).contains(body[index]) {
        value = value * 10 + Int(body[index] - 0x30)
        digits += 1
        index += 1
        if digits > 5 { return nil }
      }
      return digits > 0 ? value : nil
    }
    while index < body.endIndex {
      let byte = body[index]
      index += 1
      switch byte {
      case UInt8(ascii: "#"):
        // `#Pc`, or `#Pc;Pu;Px;Py;Pz` defining the colour.
        guard number() != nil else { return false }
        while index < body.endIndex, body[index] == UInt8(ascii: ";") {
          index += 1
          guard number() != nil else { return false }
        }
      case UInt8(ascii: "!"):
        guard let count = number(), index < body.endIndex,
          (0x3F...0x7E).contains(body[index]), band < bands
        else { return false }
        index += 1
        column += count
        if column > width { return false }
      case 0x3F...0x7E:
        guard band < bands else { return false }
        column += 1
        if column > width { return false }
      case UInt8(ascii: "$"):
        column = 0
      case UInt8(ascii: "-"):
        column = 0
        band += 1
        if band > bands { return false }
      default:
        return false
      }
    }
    return true
  }

  static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  static func isOnePNG(_ bytes: [UInt8], width: Int, height: Int) -> Bool {
    guard bytes.starts(with: pngSignature) else { return false }
    var offset = pngSignature.count
    var index = 0
    var ended = false
    while offset < bytes.count {
      guard !ended, bytes.count - offset >= 12 else { return false }
      let length = Int(bigEndian32(bytes, offset))
      guard length <= bytes.count - offset - 12 else { return false }
      let type = Array(bytes[(offset + 4)..<(offset + 8)])
      let data = bytes[(offset + 8)..<(offset + 8 + length)]
      let stored = bigEndian32(bytes, offset + 8 + length)
      guard CRC32.of(bytes[(offset + 4)..<(offset + 8 + length)]) == stored else { return false }
      switch (index, type) {
      case (0, Array("IHDR".utf8)):
        guard length == 13, Int(bigEndian32(bytes, offset + 8)) == width,
          Int(bigEndian32(bytes, offset + 12)) == height,
          Array(data.suffix(5)) == [8, 6, 0, 0, 0]
        else { return false }
      case (1..., Array("IDAT".utf8)):
        break
      case (2..., Array("IEND".utf8)):
        guard length == 0 else { return false }
        ended = true
      default:
        return false
      }
      offset += length + 12
      index += 1
    }
    return ended
  }

  private static func bigEndian32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
    UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
      | UInt32(bytes[offset + 3])
  }
}
