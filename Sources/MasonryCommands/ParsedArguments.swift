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

  /// - Parameters:
  ///   - optionalValueOptions: options that are flags alone and take a value as
  ///     `--name=value`, or as the next argument when it is one of the option's values
  ///     (`--color`, `--color=256`, `--color 256`; a file called `256` is `./256`).
  init(
    _ arguments: [String], valueOptions: Set<String>, flagOptions: Set<String>,
    optionalValueOptions: [String: Set<String>] = [:],
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
      if let choices = optionalValueOptions[name] {
        if let inlineValue {
          values[name] = inlineValue
        } else if let next = rest.first, choices.contains(next) {
          values[name] = next
          rest.removeFirst()
        } else {
          flags.insert(name)
        }
      } else if valueOptions.contains(name) {
        guard let value = inlineValue ?? rest.popFirst() else {
          throw UsageError("\(name) needs a value")
        }
        values[name] = value
      } else if flagOptions.contains(name) && inlineValue == nil {
        flags.insert(name)
      } else if flagOptions.contains(name) {
        throw UsageError("\(name) takes no value")
      } else {
        let known = valueOptions.union(flagOptions).union(optionalValueOptions.keys)
        throw UsageError(
          "unknown option '\(Self.printable(name))'"
            + (Self.nearest(name, among: known).map { " (did you mean '\($0)'?)" } ?? ""))
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

  /// The option of `known` nearest to a mistyped `name`, when a slip of one or two
  /// characters (a letter left out, added, changed or two swapped) explains it.
  static func nearest(_ name: String, among known: Set<String>) -> String? {
    let typed = Array(name.utf8)
    var best: (distance: Int, name: String)?
    for candidate in known.sorted() where candidate.count >= 4 {
      let distance = editDistance(typed, Array(candidate.utf8))
      guard distance <= min(2, candidate.count / 4), distance < best?.distance ?? .max else {
        continue
      }
      best = (distance, candidate)
    }
    return best?.name
  }

  /// The optimal string alignment distance: insertions, deletions, substitutions and
  /// swaps of neighbours, each counting one.
  private static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var before = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
          current[j] = min(current[j], before[j - 2] + 1)
        }
      }
      (before, previous, current) = (previous, current, before)
    }
    return previous[b.count]
  }

  /// An argument as it may be echoed in an error (see `MessageText.quoted`).
  static func printable(_ text: String) -> String { MessageText.quoted(text) }
}
