/// Words of a line as a shell splits them, for `MASONRY_OPTS`: runs of blanks separate
/// words; `'…'` keeps everything inside as it is, `"…"` too but for `\"` and `\\`, and `\`
/// outside quotes keeps the next character. Nothing is expanded (no `$`, no globs).
package enum ShellWords {
  /// The words of `line`.
  ///
  /// - Throws: `UsageError` for a quote that is not closed or a `\` at the end.
  package static func split(_ line: String, name: String) throws(UsageError) -> [String] {
    var words: [String] = []
    var word = ""
    var inWord = false
    var iterator = line.makeIterator()
    while let character = iterator.next() {
      switch character {
      case " ", "\t", "\n":
        if inWord { words.append(word) }
        word = ""
        inWord = false
      case "'", "\"":
        // Inside '…' nothing is special; inside "…" a \ keeps a following " or \.
        inWord = true
        guard quoted(until: character, escapes: character == "\"", &iterator, into: &word) else {
          throw UsageError("\(name): a \(character) is not closed")
        }
      case "\\":
        guard let next = iterator.next() else { throw UsageError("\(name): ends with \\") }
        word.append(next)
        inWord = true
      default:
        word.append(character)
        inWord = true
      }
    }
    if inWord { words.append(word) }
    return words
  }

  /// Appends to `word` what follows an opening `quote` up to its closing one, which it
  /// consumes; `false` when the line ends first.
  private static func quoted(
    until quote: Character, escapes: Bool, _ iterator: inout String.Iterator,
    into word: inout String
  ) -> Bool {
    while let inner = iterator.next() {
      if inner == quote { return true }
      if escapes && inner == "\\" {
        guard let next = iterator.next() else { return false }
        if next != quote && next != "\\" { word.append("\\") }
        word.append(next)
      } else {
        word.append(inner)
      }
    }
    return false
  }
}
