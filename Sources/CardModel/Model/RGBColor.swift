/// A 24-bit colour.
package struct RGBColor: Hashable, Sendable {
  package var red: UInt8
  package var green: UInt8
  package var blue: UInt8

  package init(red: UInt8, green: UInt8, blue: UInt8) {
    self.red = red
    self.green = green
    self.blue = blue
  }

  /// Parses `#RRGGBB` or `RRGGBB` (either case); `nil` for anything else.
  package init?(hex: String) {
    var digits = Substring(hex)
    if digits.hasPrefix("#") { digits = digits.dropFirst() }
    guard digits.count == 6, digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16)
    else { return nil }
    self.init(
      red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
  }

  /// `#rrggbb`.
  package var hex: String {
    let digits = Array("0123456789abcdef")
    return "#"
      + [red, green, blue].map { "\(digits[Int($0 >> 4)])\(digits[Int($0 & 0xF)])" }.joined()
  }
}
