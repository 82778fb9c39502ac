import TerminalText

/// A command's arguments, read in order against the options the command declares:
/// `--name value`, `--name=value`, flags, positionals, and `--` before positionals that
/// start with a dash. Anything undeclared is a usage error.
struct ParsedArguments {
  private(set) var values: [String: String] = [:]
  private(set) var flags: Set<String> = []
  private(set) var positionals: [String] = []
  /// The index in the arguments of the word that last set each option (a value or a
  /// flag), for saying where an option in force came from (`--print-config`).
  private(set) var setAt: [String: Int] = [:]
  /// Every option given, in order, with its value and the index of its word: for options
  /// that add up rather than replace (`--bind`).
  private(set) var given: [(name: String, value: String?, index: Int)] = []

  /// - Parameters:
  ///   - optionalValueOptions: options that are flags alone and take a value as
  ///     `--name=value`, or as the next argument when the option accepts it as one of its
  ///     values (`--color`, `--color=256`, `--color 256`; a file called `256` is `./256`).
  init(
    _ arguments: [String], valueOptions: Set<String>, flagOptions: Set<String>,
    optionalValueOptions: [String: @Sendable (String) -> Bool] = [:],
    aliases: [String: String] = ["-h": "--help", "-r": "--recursive"]
  ) throws(UsageError) {
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      let index = rest.startIndex - 1
      if argument == "--" {
        positionals.append(contentsOf: rest)
        break
      }
      guard argument.hasPrefix("-") && argument != "-" else {
        positionals.append(argument)
        continue
      }
      var name = aliases[argument] ?? argument
      var inlineValue: String?
      if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      setAt[name] = index
      if let accepts = optionalValueOptions[name] {
        if let inlineValue {
          values[name] = inlineValue
        } else if let next = rest.first, accepts(next) {
          values[name] = next
          rest.removeFirst()
        } else {
          flags.insert(name)
        }
        given.append((name, values[name], index))
      } else if valueOptions.contains(name) {
        guard let value = inlineValue ?? rest.popFirst() else {
          throw UsageError("\(name) needs a value")
        }
        values[name] = value
        given.append((name, value, index))
      } else if flagOptions.contains(name) && inlineValue == nil {
        flags.insert(name)
        given.append((name, nil, index))
      } else if flagOptions.contains(name) {
        throw UsageError("\(name) takes no value")
      } else {
        let known = valueOptions.union(flagOptions).union(optionalValueOptions.keys)
        throw UsageError(
          "unknown option '\(Self.printable(name))'"
            + (NearestWord.nearest(name, among: known).map { " (did you mean '\($0)'?)" } ?? ""))
      }
    }
  }

  /// The value of `name` as a whole number in `range`.
  func integer(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
    guard let text = values[name] else { return nil }
    guard let number = Int(text), range.contains(number) else {
      throw UsageError(
        "\(name) needs a whole number from \(range.lowerBound) to \(range.upperBound), not '\(Self.printable(text))'"
      )
    }
    return number
  }

  /// The value of `name`, which must be one of `choices`.
  func choice(_ name: String, of choices: [String]) throws(UsageError) -> String? {
    guard let text = values[name] else { return nil }
    guard choices.contains(text) else {
      throw UsageError(
        "\(name) must be one of \(choices.joined(separator: ", ")), not '\(Self.printable(text))'")
    }
    return text
  }

  /// The positionals, when there are at most `maximum`.
  func positionals(atMost maximum: Int) throws(UsageError) -> [String] {
    guard positionals.count <= maximum else {
      throw UsageError("unexpected argument '\(Self.printable(positionals[maximum]))'")
    }
    return positionals
  }

  /// An argument as it may be echoed in an error (see `MessageText.quoted`).
  static func printable(_ text: String) -> String { MessageText.quoted(text) }
}
