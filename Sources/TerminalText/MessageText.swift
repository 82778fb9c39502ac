/// Text from data, paths, the command line or the environment made safe to print in a
/// message, on standard error or anywhere: every control character (C0, DEL, C1), every
/// bidirectional control and line separator is shown as an escape (`\x1b`, `\u{202e}`),
/// so a message can never act on a terminal, reorder itself or span lines; a quote is cut
/// to a short length with `…`. Every message of the program goes through `visible` on its
/// way out; data quoted inside a message goes through `quoted` where it is quoted.
package enum MessageText {
  /// The characters of data a message quotes.
  package static let quoteLimit = 40
  /// The characters of a path a message names.
  package static let pathLimit = 200

  /// `text` with every control shown as an escape, cut to `limit` characters (with `…`).
  ///
  /// - Complexity: O(*n*) in the scalars kept.
  package static func visible(_ text: String, limit: Int? = nil) -> String {
    var result = ""
    var count = 0
    for scalar in text.unicodeScalars {
      if let limit, count >= limit {
        result += "…"
        break
      }
      let value = scalar.value
      switch value {
      case 0..<0x20, 0x7F...0x9F:
        let hex = String(value, radix: 16)
        result += "\\x" + (hex.count == 1 ? "0" + hex : hex)
      case 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069:
        result += "\\u{" + String(value, radix: 16) + "}"
      case 0x10_FF80...0x10_FFFF:
        // A byte of a file name that was not UTF-8 (see `FileName`).
        result += "\\x" + String(value - 0x10_FF00, radix: 16)
      default:
        result.unicodeScalars.append(scalar)
      }
      count += 1
    }
    return result
  }

  /// Data as a message quotes it: visible, at most `quoteLimit` characters.
  package static func quoted(_ text: String) -> String { visible(text, limit: quoteLimit) }

  /// A path as a message names it: visible, at most `pathLimit` characters.
  package static func path(_ text: String) -> String { visible(text, limit: pathLimit) }
}
