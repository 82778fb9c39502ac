/// Writing text into a roff (man page) source.
package enum Roff {
  /// `text` with roff's special characters escaped, safe at the start of a line.
  package static func escaped(_ text: String) -> String {
    var result = text.hasPrefix(".") || text.hasPrefix("'") ? "\\&" : ""
    for character in text {
      switch character {
      case "\\": result += "\\e"
      case "-": result += "\\-"
      default:
        // Anything beyond ASCII as groff's named code point, so that the page reads the
        // same under any locale (man runs troff on ASCII input in the C locale).
        for scalar in character.unicodeScalars {
          if scalar.isASCII {
            result.unicodeScalars.append(scalar)
          } else {
            let hex = String(scalar.value, radix: 16, uppercase: true)
            result +=
              "\\[u" + String(repeating: "0", count: Swift.max(0, 4 - hex.count)) + hex + "]"
          }
        }
      }
    }
    return result
  }

  /// `text` escaped and in double quotes, as one macro argument.
  package static func quoted(_ text: String) -> String {
    "\""
      + escaped(text).split(separator: "\"", omittingEmptySubsequences: false)
      .joined(separator: "\\(dq") + "\""
  }
}
