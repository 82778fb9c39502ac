import TestSupport
import Testing

@testable import Cards

/// The checks every field's bytes pass as a card is parsed, against the standard library.
@Suite struct CardTextTests {
  /// Thousands of seeded byte strings — ASCII runs of every length around a word of
  /// eight, well-formed sequences of every length, and the malformed kinds (stray
  /// continuation bytes, cut sequences, overlong forms, surrogates, values above
  /// U+10FFFF, bytes no sequence starts with) at every place — are well-formed exactly
  /// when decoding them changes nothing.
  @Test func wellFormedExactlyWhenDecodingChangesNothing() {
    var random = SeededGenerator(seed: 0x5554_4638)
    let pieces: [[UInt8]] = [
      [0x61], [0x20], Array("plain ASCII".utf8), Array("eight by".utf8),
      [0xC3, 0xA9], [0xE3, 0x81, 0x82], [0xF0, 0x9F, 0x98, 0x80], [0xED, 0x9F, 0xBF],
      [0xF4, 0x8F, 0xBF, 0xBF], [0xE0, 0xA0, 0x80],
      [0x80], [0xBF], [0xC3], [0xE3, 0x81], [0xF0, 0x9F, 0x98], [0xC0, 0xAF], [0xC1, 0xBF],
      [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80],
      [0xFF], [0xFE], [0x7F], [0x00],
    ]
    var wellFormed = 0
    for _ in 0..<20_000 {
      var bytes: [UInt8] = []
      for _ in 0..<Int.random(in: 0...6, using: &random) {
        bytes += pieces[Int.random(in: 0..<pieces.count, using: &random)]
        if Bool.random(using: &random) {
          bytes += [UInt8](repeating: 0x41, count: Int.random(in: 0...17, using: &random))
        }
      }
      let expected = Array(String(decoding: bytes, as: UTF8.self).utf8) == bytes
      let checked = bytes.withUnsafeBufferPointer { CardText.isValidUTF8($0) }
      #expect(checked == expected, "\(bytes)")
      if checked != expected { return }
      if expected { wellFormed += 1 }
    }
    // Both answers come up often.
    #expect(wellFormed > 2_000 && wellFormed < 18_000, "\(wellFormed) well-formed")
  }
}
