import Browser
import TerminalCore

/// `--bind KEY:ACTION[,KEY:ACTION…]`, in fzf's syntax: keys named as fzf names them
/// (`ctrl-o`, `alt-x`, `f5`, `space`), actions the key tables' commands by name or
/// `execute(…)`, `execute-silent(…)`, `reload(…)`, `become(…)`, `print(…)` (the argument in
/// `(…)`, `[…]` or `{…}`, or after `:` to the end). Given more than once, the bindings add
/// up, the later winning for a key.
enum BindOption {
  static let name = "--bind"

  static let documentation = OptionHelp(
    "--bind KEY:ACTION[,…]",
    "Bind keys, as fzf does: KEY is a character, space, enter, esc, tab, bspace, up, down, left, right, home, end, pgup, pgdn, shift-up, shift-down, ctrl-a to ctrl-z, alt-a (any ASCII character) or f1 to f12; ACTION is a command by name (page-down, toggle-mark, layout-grid, zoom-in, … — masonry --keys lists them) or execute(CMD) (the terminal is CMD's until it ends), execute-silent(CMD), reload(CMD) (the cards CMD prints), become(CMD) (masonry ends and CMD runs in its place) or print(TEXT) (masonry ends printing TEXT). In CMD {} is the selected card's path, {+} the marked cards' paths (else the selected one's), {caption}, {id} and {url} its fields, each given to the shell as a quoted word it never splits or reads as code, in quotes or not; a relative path starts with ./, but the fields are text and may start with - (write -- before them where a program would take an option). A named command binds in every context that has it; the others where a card is selected. Given more than once, the bindings add up."
  )

  /// The tables with every `--bind` of `specs` laid over them, in order.
  ///
  /// - Throws: `UsageError` naming the binding, the character where it goes wrong, and why.
  static func tables(_ specs: [String]) throws(UsageError) -> KeyTables {
    var tables = KeyTables.standard
    for spec in specs {
      do throws(Failure) {
        for (key, action) in try bindings(spec) {
          do throws(KeyTables.Refusal) {
            try tables.bind(key.key, to: action.text)
          } catch {
            throw Failure(message: error.message, offset: action.offset)
          }
        }
      } catch {
        throw UsageError(
          "--bind '\(ParsedArguments.printable(spec))': \(error.message) (character \(error.offset + 1))"
        )
      }
    }
    return tables
  }

  struct Failure: Error {
    var message: String
    /// Where in the spec, in characters from 0.
    var offset: Int
  }

  /// The key and action of each binding of `spec`, with where each begins.
  static func bindings(_ spec: String) throws(Failure) -> [(
    key: (key: Key, offset: Int), action: (text: String, offset: Int)
  )] {
    let characters = Array(spec)
    var result: [(key: (key: Key, offset: Int), action: (text: String, offset: Int))] = []
    var index = 0
    while index <= characters.count {
      let keyStart = index
      // A key's name runs to the `:` (the key `:` itself is `::`… not one fzf has either).
      guard let colon = characters[index...].firstIndex(of: ":"), colon > index else {
        throw Failure(message: "KEY:ACTION expected", offset: keyStart)
      }
      let keyName = String(characters[keyStart..<colon])
      guard let key = Key(bindName: keyName) else {
        throw Failure(
          message: "unknown key '\(ParsedArguments.printable(keyName))'", offset: keyStart)
      }
      index = colon + 1
      let actionStart = index
      while index < characters.count,
        characters[index].isLetter || characters[index].isNumber || characters[index] == "-"
      {
        index += 1
      }
      guard index > actionStart else {
        throw Failure(message: "an action expected", offset: actionStart)
      }
      if index < characters.count, let close = Self.closing[characters[index]] {
        let open = index
        guard let end = characters[(index + 1)...].firstIndex(of: close) else {
          throw Failure(message: "the \(characters[open]) is not closed", offset: open)
        }
        index = end + 1
      } else if index < characters.count, characters[index] == ":" {
        // `execute:CMD`: the rest of the spec is the argument.
        index = characters.count
      }
      let action = String(characters[actionStart..<index])
      if index < characters.count, characters[index] == "+" {
        throw Failure(message: "one action a key (chains with + are not taken)", offset: index)
      }
      result.append(((key, keyStart), (action, actionStart)))
      guard index < characters.count else { break }
      guard characters[index] == "," else {
        throw Failure(message: "a , between bindings expected", offset: index)
      }
      index += 1
    }
    return result
  }

  private static let closing: [Character: Character] = ["(": ")", "[": "]", "{": "}"]
}
