import CByteScan
import TerminalText

/// Rules for the text a card keeps: how long a field may be, and the checks that let
/// plain text take fast paths.
package enum CardText {
  /// The most bytes of one text field (caption, comment, id, path, tag) kept; a longer
  /// field is cut at a character boundary and ends in "…". A card shows a few hundred
  /// characters; 64 KB is more than a screen can hold.
  package static let maximumFieldBytes = 64 * 1024

  /// Whether every byte is printable ASCII or a line feed: such text needs no
  /// sanitising, every byte is one cell and one grapheme cluster.
  ///
  /// - Complexity: O(*n*), eight bytes at a time.
  @inline(__always)
  package static func isPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    var index = 0
    let count = bytes.count
    let raw = UnsafeRawPointer(base)
    // Eight bytes at a time: no byte ≥ 0x80, none below 0x20 except LF, no DEL.
    while index + 8 <= count {
      let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      if word & 0x8080_8080_8080_8080 != 0 { return false }
      // A byte below 0x20 has bits 5 and 6 clear; check those bytes one by one.
      let high = (word | (word >> 1)) & 0x2020_2020_2020_2020
      if high != 0x2020_2020_2020_2020 || hasByte(0x7F, in: word) {
        for offset in index..<index + 8 where !isPrintable(base[offset]) { return false }
      }
      index += 8
    }
    while index < count {
      if !isPrintable(base[index]) { return false }
      index += 1
    }
    return true
  }

  @inline(__always)
  private static func isPrintable(_ byte: UInt8) -> Bool {
    (byte >= 0x20 && byte < 0x7F) || byte == 0x0A
  }

  @inline(__always)
  private static func hasByte(_ byte: UInt8, in word: UInt64) -> Bool {
    let pattern = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
    return (pattern &- 0x0101_0101_0101_0101) & ~pattern & 0x8080_8080_8080_8080 != 0
  }

  /// `bytes` as valid UTF-8 (invalid sequences become U+FFFD, as `String(decoding:)`
  /// does), at most `maximumFieldBytes` long: a longer text is cut at a character
  /// boundary and ends in "…".
  package static func validUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    var result: [UInt8]
    if isValidUTF8(bytes) {
      result = Array(bytes)
    } else {
      result = Array(String(decoding: bytes, as: UTF8.self).utf8)
    }
    if result.count > maximumFieldBytes {
      var end = maximumFieldBytes - 3
      while end > 0 && result[end] & 0xC0 == 0x80 { end -= 1 }
      result.removeSubrange(end...)
      result.append(contentsOf: [0xE2, 0x80, 0xA6])
    }
    return result
  }

  /// Whether `bytes` is well-formed UTF-8 (no overlong forms, surrogates or values above
  /// U+10FFFF).
  ///
  /// - Complexity: O(bytes), sixteen bytes a step on x86-64 (`masonry_utf8_valid`: the
  ///   lookup algorithm of Keiser and Lemire in SSSE3 registers).
  package static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    return masonry_utf8_valid(base, bytes.count) != 0
  }
}
