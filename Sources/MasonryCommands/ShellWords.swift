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
      case "'":
        inWord = true
        var closed = false
        while let inner = iterator.next() {
          if inner == "'" {
            closed = true
            break
          }
          word.append(inner)
        }
        guard closed else { throw UsageError("\(name): a ' is not closed") }
      case "\"":
        inWord = true
        var closed = false
        while let inner = iterator.next() {
          if inner == "\"" {
            closed = true
            break
          }
          if inner == "\\" {
            guard let next = iterator.next() else { break }
            if next != "\"" && next != "\\" { word.append("\\") }
            word.append(next)
          } else {
            word.append(inner)
          }
        }
        guard closed else { throw UsageError("\(name): a \" is not closed") }
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
}
