/// Text as a JSON string that is safe on any terminal and stays one line: quotes and
/// backslashes escaped, and every control character, C1 control, bidirectional control and
/// line separator written as `\uXXXX` (`\n`, `\t`, `\r` by their short names). Used for
/// every JSON the program writes (`--pick`, `MASONRY_PICTURE_LOG`).
package enum JSONText {
  /// `text` quoted.
  ///
  /// - Complexity: O(*n*) in its scalars.
  package static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      default:
        let value = scalar.value
        if (0x10_FF80...0x10_FFFF).contains(value) {
          // A byte of a file name that is not UTF-8, kept as `FileName` keeps it: written
          // as Python's `surrogateescape` writes it (`\udc80` for 0x80), which Python's
          // `os.fsencode` and masonry's own reader turn back into the byte.
          result += "\\udc" + String(value - 0x10_FF00, radix: 16)
          continue
        }
        let escaped =
          value < 0x20 || (0x7F...0x9F).contains(value) || (0x200E...0x200F).contains(value)
          || (0x2028...0x202E).contains(value) || (0x2066...0x2069).contains(value)
          || value == 0x061C
        if escaped {
          let hex = String(value, radix: 16)
          result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }

  /// The scalar a `\uXXXX` escape (a pair already joined) stands for: a lone surrogate is
  /// U+FFFD, but `\udc80`–`\udcff` is the byte of a name that is not UTF-8, kept as
  /// `FileName` keeps it (U+10FF80 on).
  package static func scalar(escaped value: UInt32) -> Unicode.Scalar {
    if (0xDC80...0xDCFF).contains(value) { return Unicode.Scalar(0x10_FF00 + (value & 0xFF))! }
    return Unicode.Scalar(value) ?? "\u{FFFD}"
  }
}
