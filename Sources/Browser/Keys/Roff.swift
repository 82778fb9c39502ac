/// Writing text into a roff (man page) source.
package enum Roff {
  /// `text` with roff's special characters escaped, safe at the start of a line.
  package static func escaped(_ text: String) -> String {
    var result = text.hasPrefix(".") || text.hasPrefix("'") ? "\\&" : ""
    for character in text {
      switch character {
      case "\\": result += "\\e"
      case "-": result += "\\-"
      default: result.append(character)
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
