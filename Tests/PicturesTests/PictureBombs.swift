/// Headers of pictures that claim to be enormous, with a little data after them: what a
/// decompression bomb looks like to a reader that checks the header first.
enum PictureBombs {
  static func png(width: UInt32, height: UInt32) -> [UInt8] {
    var ihdr = bigEndian(width) + bigEndian(height)
    ihdr += [8, 0, 0, 0, 0]  // 8-bit grey, deflate, no filter, not interlaced
    // A zlib stream of zeros: the start of 400 MB of pixels.
    let idat: [UInt8] = [0x78, 0x9C, 0xED, 0xC1, 0x01, 0x0D, 0x00, 0x00, 0x00, 0xC2, 0xA0]
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr)
      + chunk("IDAT", idat + [UInt8](repeating: 0, count: 4096)) + chunk("IEND", [])
  }

  static func progressiveJPEG(width: UInt16, height: UInt16) -> [UInt8] {
    // SOI, then SOF2 (progressive) with three components, then the start of a scan.
    var bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xC2, 0x00, 0x11, 0x08]
    bytes += [UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF)]
    bytes += [0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]
    bytes += [0xFF, 0xDA, 0x00, 0x0C, 0x03, 0x01, 0x00, 0x02, 0x10, 0x03, 0x10, 0x00, 0x00, 0x00]
    return bytes + [UInt8](repeating: 0, count: 8192)
  }

  static func gif(width: UInt16, height: UInt16) -> [UInt8] {
    var bytes = Array("GIF89a".utf8)
    bytes += [UInt8(width & 0xFF), UInt8(width >> 8), UInt8(height & 0xFF), UInt8(height >> 8)]
    bytes += [0x80, 0, 0, 0, 0, 0, 255, 255, 255]  // a two-colour global palette
    return bytes + [0x2C, 0, 0, 0, 0] + [UInt8(width & 0xFF), UInt8(width >> 8)]
      + [UInt8(height & 0xFF), UInt8(height >> 8), 0, 2, 2, 0x4C, 0x01, 0, 0x3B]
  }

  static func webp(width: UInt32, height: UInt32) -> [UInt8] {
    let w = width - 1
    let h = height - 1
    let vp8x: [UInt8] =
      [0, 0, 0, 0] + [UInt8(w & 0xFF), UInt8(w >> 8 & 0xFF), UInt8(w >> 16 & 0xFF)]
      + [UInt8(h & 0xFF), UInt8(h >> 8 & 0xFF), UInt8(h >> 16 & 0xFF)]
    let body =
      Array("WEBP".utf8) + Array("VP8X".utf8) + littleEndian(10) + vp8x
      + Array("VP8L".utf8) + littleEndian(5) + [0x2F, 0xFF, 0xFF, 0xFF, 0x0F, 0]
    return Array("RIFF".utf8) + littleEndian(UInt32(body.count)) + body
  }

  private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let typed = Array(type.utf8) + data
    return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
  }

  private static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }

  private static func littleEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
  }

  private static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    }
    return ~crc
  }
}
