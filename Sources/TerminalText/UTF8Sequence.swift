/// Well-formed UTF-8, as Unicode's table 3-7 defines it: no overlong forms, no surrogates,
/// nothing above U+10FFFF. The one definition the card reader (which keeps valid text as
/// it is and repairs the rest) and file names (which keep invalid bytes as escapes) share.
///
/// Public, unlike the module's other types, so that `@inlinable` takes effect: the card
/// reader calls it for every non-ASCII character of a million cards, and a `package`
/// function's body is not inlined into other modules (it was a call per character). The module
/// is not a product, so nothing outside the package sees it.
public enum UTF8Sequence {
  /// The length (1 to 4) of the well-formed sequence that starts at `index` of `bytes`, or
  /// 0 when none does there. O(1).
  @inlinable @inline(__always)
  public static func length(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
    let lead = bytes[index]
    if lead < 0x80 { return 1 }
    let length: Int
    // The second byte's range depends on the lead; later bytes are plain continuations.
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      low = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      high = 0x9F
    case 0xF0:
      length = 4
      low = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      high = 0x8F
    default: return 0
    }
    guard index + length <= bytes.count else { return 0 }
    let second = bytes[index + 1]
    guard second >= low && second <= high else { return 0 }
    for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return 0 }
    return length
  }
}
