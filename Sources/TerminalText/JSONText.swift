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
}
