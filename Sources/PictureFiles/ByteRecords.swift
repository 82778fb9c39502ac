/// Little-endian fields appended to bytes, and read back from untrusted bytes with every
/// length checked against what is left: the format of the caches masonry keeps on disk.
package struct ByteWriter {
  package private(set) var output: [UInt8] = []

  package init() {}

  package mutating func raw(_ bytes: [UInt8]) { output += bytes }
  package mutating func u8(_ value: UInt8) { output.append(value) }
  package mutating func u32(_ value: UInt32) {
    for shift in stride(from: 0, to: 32, by: 8) {
      output.append(UInt8(truncatingIfNeeded: value >> shift))
    }
  }
  package mutating func u64(_ value: UInt64) {
    for shift in stride(from: 0, to: 64, by: 8) {
      output.append(UInt8(truncatingIfNeeded: value >> shift))
    }
  }
  package mutating func int(_ value: Int) { u64(UInt64(bitPattern: Int64(value))) }
  /// A length, then the bytes.
  package mutating func bytes(_ bytes: [UInt8]) {
    u64(UInt64(bytes.count))
    output += bytes
  }

  /// FNV-1a, 64 bits: enough to tell a damaged file from a sound one.
  package static func checksum(_ bytes: [UInt8]) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash &*= 0x0000_0100_0000_01B3
    }
    return hash
  }
}

/// Reads what `ByteWriter` wrote; every read is `nil` past the end.
package struct ByteReader {
  private let input: [UInt8]
  private var offset = 0

  package init(_ input: [UInt8]) { self.input = input }

  package var isAtEnd: Bool { offset == input.count }

  package mutating func raw(_ count: Int) -> [UInt8]? {
    guard count >= 0, count <= input.count - offset else { return nil }
    defer { offset += count }
    return Array(input[offset..<(offset + count)])
  }
  package mutating func u8() -> UInt8? { raw(1)?[0] }
  package mutating func u32() -> UInt32? {
    raw(4).map { $0.enumerated().reduce(0) { $0 | UInt32($1.element) << ($1.offset * 8) } }
  }
  package mutating func u64() -> UInt64? {
    raw(8).map { $0.enumerated().reduce(0) { $0 | UInt64($1.element) << ($1.offset * 8) } }
  }
  /// A whole number written by `int`, when it is 0 … `Int32.max`.
  package mutating func int() -> Int? {
    guard let value = u64() else { return nil }
    let signed = Int64(bitPattern: value)
    return signed >= 0 && signed <= Int64(Int32.max) ? Int(signed) : nil
  }
  /// Any whole number written by `int`.
  package mutating func wideInt() -> Int? { u64().map { Int(Int64(bitPattern: $0)) } }
  package mutating func bytes() -> [UInt8]? {
    guard let count = u64(), count <= UInt64(input.count - offset) else { return nil }
    return raw(Int(count))
  }
}
