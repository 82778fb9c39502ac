/// Words of a line as a shell splits them, for `MASONRY_OPTS` and the config file: runs of
/// blanks separate words; `'…'` keeps everything inside as it is, `"…"` too but for `\"`
/// and `\\`, and `\` outside quotes keeps the next character. Nothing is expanded (no `$`,
/// no globs).
package enum ShellWords {
  /// A word and the column (1-based, in characters) it starts at.
  package struct Word: Hashable, Sendable {
    package var text: String
    package var column: Int
  }

  /// Why a line cannot be split, and the column of the character at fault.
  package struct Failure: Error, Hashable, Sendable {
    package var message: String
    package var column: Int
  }

  /// The words of `line`.
  ///
  /// - Throws: `UsageError` for a quote that is not closed or a `\` at the end.
  package static func split(_ line: String, name: String) throws(UsageError) -> [String] {
    do throws(Failure) {
      return try words(of: line).map(\.text)
    } catch {
      throw UsageError("\(name): \(error.message)")
    }
  }

  /// The words of `line` with their columns; with `comments`, a `#` that begins a word
  /// ends the line (as in a shell script).
  package static func words(of line: String, comments: Bool = false) throws(Failure) -> [Word] {
    var words: [Word] = []
    var word = ""
    var start: Int?
    var column = 0
    var iterator = line.makeIterator()
    while let character = iterator.next() {
      column += 1
      switch character {
      case " ", "\t", "\n":
        if let begun = start { words.append(Word(text: word, column: begun)) }
        word = ""
        start = nil
      case "#" where comments && start == nil:
        return words
      case "'", "\"":
        // Inside '…' nothing is special; inside "…" a \ keeps a following " or \.
        if start == nil { start = column }
        let opened = column
        guard
          quoted(until: character, escapes: character == "\"", &iterator, &column, into: &word)
        else {
          throw Failure(message: "a \(character) is not closed", column: opened)
        }
      case "\\":
        if start == nil { start = column }
        guard let next = iterator.next() else {
          throw Failure(message: "ends with \\", column: column)
        }
        column += 1
        word.append(next)
      default:
        if start == nil { start = column }
        word.append(character)
      }
    }
    if let begun = start { words.append(Word(text: word, column: begun)) }
    return words
  }

  /// Appends to `word` what follows an opening `quote` up to its closing one, which it
  /// consumes, counting `column` on; `false` when the line ends first.
  private static func quoted(
    until quote: Character, escapes: Bool, _ iterator: inout String.Iterator, _ column: inout Int,
    into word: inout String
  ) -> Bool {
    while let inner = iterator.next() {
      column += 1
      if inner == quote { return true }
      if escapes && inner == "\\" {
        guard let next = iterator.next() else { return false }
        column += 1
        if next != quote && next != "\\" { word.append("\\") }
        word.append(next)
      } else {
        word.append(inner)
      }
    }
    return false
  }
}
