/// Base64 decoding for the pictures compiled into the program (a string literal compiles
/// quickly; an array literal of that many bytes does not).
enum Base64 {
  private static let values: [UInt8] = {
    var table = [UInt8](repeating: 0xFF, count: 256)
    for (index, character) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
      .utf8.enumerated()
    {
      table[Int(character)] = UInt8(index)
    }
    return table
  }()

  /// The bytes `text` encodes; characters outside the alphabet (line breaks, padding) are
  /// skipped.
  static func decode(_ text: String) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count * 3 / 4)
    var buffer: UInt32 = 0
    var bits = 0
    for character in text.utf8 {
      let value = values[Int(character)]
      if value == 0xFF { continue }
      buffer = buffer << 6 | UInt32(value)
      bits += 6
      if bits >= 8 {
        bits -= 8
        bytes.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
      }
    }
    return bytes
  }
}
