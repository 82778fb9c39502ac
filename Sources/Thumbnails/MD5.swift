#if canImport(Glibc)
  import Glibc
#endif

/// MD5 (RFC 1321), for one thing only: the names of the freedesktop thumbnail cache's
/// files, which are the MD5 of the picture's URI. Never for anything that must be secure.
enum MD5 {
  private static let shifts: [UInt32] = [
    7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
    5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
    4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
    6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
  ]

  /// ⌊|sin(i + 1)| · 2³²⌋, as the RFC tabulates.
  private static let constants: [UInt32] = (0..<64).map { index in
    UInt32(truncatingIfNeeded: Int64((abs(sin(Double(index + 1))) * 4_294_967_296).rounded(.down)))
  }

  /// The digest of `message`, as 32 lowercase hexadecimal digits.
  static func hex(_ message: [UInt8]) -> String {
    var state: (UInt32, UInt32, UInt32, UInt32) = (
      0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476
    )
    var bytes = message
    let bitLength = UInt64(message.count) &* 8
    bytes.append(0x80)
    while bytes.count % 64 != 56 { bytes.append(0) }
    for shift in stride(from: 0, to: 64, by: 8) {
      bytes.append(UInt8(truncatingIfNeeded: bitLength >> shift))
    }
    for block in stride(from: 0, to: bytes.count, by: 64) {
      var words = [UInt32](repeating: 0, count: 16)
      for index in 0..<16 {
        let at = block + index * 4
        words[index] =
          UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16
          | UInt32(bytes[at + 3]) << 24
      }
      var (a, b, c, d) = state
      for index in 0..<64 {
        var f: UInt32
        var g: Int
        switch index {
        case 0..<16: (f, g) = ((b & c) | (~b & d), index)
        case 16..<32: (f, g) = ((d & b) | (~d & c), (5 * index + 1) % 16)
        case 32..<48: (f, g) = (b ^ c ^ d, (3 * index + 5) % 16)
        default: (f, g) = (c ^ (b | ~d), (7 * index) % 16)
        }
        f = f &+ a &+ constants[index] &+ words[g]
        a = d
        d = c
        c = b
        b = b &+ (f << shifts[index] | f >> (32 - shifts[index]))
      }
      state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d)
    }
    let digits = Array("0123456789abcdef")
    var text = ""
    for word in [state.0, state.1, state.2, state.3] {
      for shift in stride(from: 0, to: 32, by: 8) {
        let byte = Int((word >> UInt32(shift)) & 0xFF)
        text.append(digits[byte >> 4])
        text.append(digits[byte & 0xF])
      }
    }
    return text
  }
}
