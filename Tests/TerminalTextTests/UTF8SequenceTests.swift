import TestSupport
import Testing

@testable import TerminalText

/// `UTF8Sequence` agrees with the standard library's UTF-8 validation, on the table's
/// edges and on thousands of seeded byte strings biased towards lead and continuation bytes.
@Suite struct UTF8SequenceTests {
  /// Whether `bytes` is well-formed by walking `UTF8Sequence.length`.
  private func walks(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { buffer in
      var index = 0
      while index < buffer.count {
        let length = UTF8Sequence.length(in: buffer, at: index)
        if length == 0 { return false }
        index += length
      }
      return true
    }
  }

  @Test func tableEdges() {
    let valid: [[UInt8]] = [
      [0x7F], [0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF],
      [0xEE, 0x80, 0x80], [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF],
    ]
    let invalid: [[UInt8]] = [
      [0x80], [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x9F, 0xBF], [0xED, 0xA0, 0x80],
      [0xF0, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF],
      [0xE2, 0x82], [0xC2],
    ]
    for bytes in valid { #expect(walks(bytes), "\(bytes)") }
    for bytes in invalid { #expect(!walks(bytes), "\(bytes)") }
  }

  @Test func agreesWithTheStandardLibrary() {
    var random = SeededGenerator(seed: 8_128)
    let interesting: [UInt8] = [
      0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC,
      0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
    ]
    for _ in 0..<20_000 {
      let bytes = (0..<Int.random(in: 1...8, using: &random)).map { _ in
        interesting[Int.random(in: 0..<interesting.count, using: &random)]
      }
      let expected = String(validating: bytes, as: UTF8.self) != nil
      #expect(walks(bytes) == expected, "\(bytes)")
      if walks(bytes) != expected { return }
    }
  }
}
