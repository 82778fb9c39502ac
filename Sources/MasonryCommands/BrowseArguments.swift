import TerminalText

/// The browser's options from the three places they are written, in the order they
/// apply: the config file, then `MASONRY_OPTS`, then the command line, so that the later
/// wins where two set one value (as fzf reads `FZF_DEFAULT_OPTS_FILE`, then
/// `FZF_DEFAULT_OPTS`, then its arguments). Every word keeps where it was written, so that
/// a mistake is named where it is and `--print-config` can say where each option came from.
struct BrowseArguments {
  /// The words, in order: the config file's, `MASONRY_OPTS`', the command line's.
  private(set) var words: [OptionWord] = []
  /// The config file read, or why none was (`--print-config` says).
  private(set) var config: ConfigChoice

  enum ConfigChoice: Hashable {
    case read(path: String)
    case absent(path: String?)
    case refused
  }

  /// The options only the command line (or `MASONRY_OPTS`) may give: which file to read,
  /// and what to do instead of browsing.
  static let outsideTheFile: Set<String> = [
    "--config", "--no-config", "--print-config", "--probe", "--keys",
  ]

  /// Gathers the words of the browser's command line `arguments` and of what comes before it.
  ///
  /// - Throws: `UsageError` at the place of a word that cannot be an option there (an
  ///   unknown option, with the nearest known one; a value missing on its line; a word
  ///   that is not an option), `DataError` for a config file named but unreadable.
  /// - Parameter check: reads a list of words as the browser does, without loading
  ///   anything: every option of the config file and of `MASONRY_OPTS` is checked with it,
  ///   so that a bad value is an error even where a later one replaces it, and names its
  ///   place.
  init(
    _ arguments: [String], environment: [String: String],
    check: ([String]) throws(UsageError) -> Void
  ) throws {
    let commandLine = arguments.map { OptionWord($0, .commandLine) }
    var defaults: [OptionWord] = []
    if let line = environment["MASONRY_OPTS"] {
      do throws(ShellWords.Failure) {
        defaults = try ShellWords.words(of: line).map {
          OptionWord($0.text, .environment(column: $0.column))
        }
      } catch {
        throw UsageError(error.message, at: "MASONRY_OPTS")
      }
      try Self.checkShape(defaults)
    }
    // Which config file: the last --config or --no-config before any `--`, on the
    // command line or in MASONRY_OPTS.
    var named: String?? = .none
    let leading = (defaults + commandLine).prefix { $0.text != "--" }
    var index = leading.startIndex
    while index < leading.endIndex {
      let word = leading[index].text
      if word == "--no-config" {
        named = .some(nil)
      } else if word == "--config", index + 1 < leading.endIndex {
        named = .some(leading[index + 1].text)
        index += 1
      } else if word.hasPrefix("--config=") {
        named = .some(String(word.dropFirst("--config=".count)))
      }
      index += 1
    }
    var fromFile: [OptionWord] = []
    switch named {
    case .some(nil):
      config = .refused
    case .some(let path?):
      fromFile = try ConfigFile.read(path, required: true) ?? []
      config = .read(path: path)
    case .none:
      let path = ConfigFile.standardPath(environment: environment)
      if let path, let found = try ConfigFile.read(path, required: false) {
        fromFile = found
        config = .read(path: path)
      } else {
        config = .absent(path: path)
      }
    }
    try Self.checkShape(fromFile)
    words = fromFile + defaults + commandLine
    // A fault of the environment (MASONRY_IMAGES) is no line's.
    try check([])
    // An option that fails alone, and still fails placed after all the others (where it
    // wins), is wrong where it is written; one that fails alone but not among the
    // others (`--print0` with `--pick` on the command line) only needed its companion.
    let all = texts
    for group in Self.groups(fromFile + defaults) {
      let words = group.map(\.text)
      do throws(UsageError) {
        try check(words)
      } catch {
        do throws(UsageError) {
          try check(all + words)
        } catch let again where again.message == error.message {
          throw UsageError(error.message, at: (group.last ?? group[0]).location)
        } catch {}
      }
    }
  }

  /// The words' texts, as `ParsedArguments` reads them.
  var texts: [String] { words.map(\.text) }

  /// Checks that `words` (from the config file or `MASONRY_OPTS`) are options alone, each
  /// with its value on its own line, and none that only the command line may give.
  private static func checkShape(_ words: [OptionWord]) throws(UsageError) {
    for group in groups(words) {
      let first = group[0]
      let name = first.text.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
      if !first.text.hasPrefix("-") || first.text == "-" || first.text == "--" {
        throw UsageError(
          "options only, not '\(ParsedArguments.printable(first.text))' (a SOURCE goes on the command line)",
          at: first.location)
      }
      // An option unknown here is named before its value is taken for a SOURCE.
      let known = BrowseSettings.valueOptions.union(BrowseSettings.flagOptions).union(
        BrowseSettings.optionalValueOptions.keys)
      if !known.contains(name) && !MasonryCommand.programOptions.contains(name) {
        do throws(UsageError) {
          _ = try BrowseSettings([first.text], environment: [:])
        } catch {
          throw UsageError(error.message, at: first.location)
        }
      }
      if outsideTheFile.contains(name), case .config = first.origin {
        throw UsageError("\(name) is not for the config file", at: first.location)
      }
      if MasonryCommand.programOptions.contains(name) {
        throw UsageError("\(name) goes on the command line alone", at: first.location)
      }
      if group.count == 1, BrowseSettings.valueOptions.contains(name), !first.text.contains("=") {
        throw UsageError("\(name) needs a value\(Self.sameLine(first))", at: first.location)
      }
    }
  }

  /// The words grouped as options take them: an option and its value, where the value
  /// must be on the option's own line (a line of the config file, all of `MASONRY_OPTS`).
  private static func groups(_ words: [OptionWord]) -> [[OptionWord]] {
    var groups: [[OptionWord]] = []
    var index = 0
    while index < words.count {
      let word = words[index]
      var group = [word]
      index += 1
      if index < words.count, Self.sameLine(word, words[index]) {
        let next = words[index].text
        if BrowseSettings.valueOptions.contains(word.text)
          || BrowseSettings.optionalValueOptions[word.text]?(next) == true
        {
          group.append(words[index])
          index += 1
        }
      }
      groups.append(group)
    }
    return groups
  }

  /// `--print-config`: the options in force, one a line as the config file takes them,
  /// each with where it came from; what `parsed` (of `texts`) holds.
  func printed(_ parsed: ParsedArguments) -> String {
    var lines: [(option: String, source: String)] = []
    // The last of each option is in force; every --bind and --color is (they add up).
    let inForce = parsed.given.filter { given in
      given.name == BindOption.name || given.name == ColorOption.name
        || parsed.setAt[given.name] == given.index
    }
    for (name, value, index) in inForce where !Self.outsideTheFile.contains(name) {
      var option = name
      if let value { option += " " + Self.shellQuoted(value) }
      lines.append((option, words[index].source))
    }
    let width = min(40, lines.map(\.option.count).max() ?? 0)
    var text =
      "# masonry's options in force; the command line wins over MASONRY_OPTS, which wins over the config file\n"
    switch config {
    case .read(let path): text += "# config file: \(MessageText.path(path))\n"
    case .absent(let path?):
      text += "# config file: none (\(MessageText.path(path)) does not exist)\n"
    case .absent(nil): text += "# config file: none (neither XDG_CONFIG_HOME nor HOME is set)\n"
    case .refused: text += "# config file: none (--no-config)\n"
    }
    if lines.isEmpty { text += "# no options: every one has its default (masonry --help)\n" }
    for line in lines {
      let padding = String(repeating: " ", count: max(1, width + 2 - line.option.count))
      text += MessageText.visible(line.option) + padding + "# " + line.source + "\n"
    }
    return text
  }

  /// A value as a shell (and the config file) reads it back: as it is when plain, else in
  /// single quotes.
  static func shellQuoted(_ value: String) -> String {
    let plain =
      !value.isEmpty
      && value.unicodeScalars.allSatisfy {
        $0.properties.isAlphabetic || ("0"..."9").contains($0)
          || "-_./:=,+@%".unicodeScalars.contains($0)
      }
    if plain { return value }
    return "'"
      + value.split(separator: "'", omittingEmptySubsequences: false).joined(separator: #"'\''"#)
      + "'"
  }

  /// Whether two words are on one line (of the config file; all of `MASONRY_OPTS` is one).
  private static func sameLine(_ a: OptionWord, _ b: OptionWord) -> Bool {
    switch (a.origin, b.origin) {
    case (.config(let path, let line, _), .config(let otherPath, let otherLine, _)):
      path == otherPath && line == otherLine
    case (.environment, .environment): true
    default: false
    }
  }

  /// What to add to "needs a value" for a word of the config file.
  private static func sameLine(_ word: OptionWord) -> String {
    if case .config = word.origin { return " on its line" }
    return ""
  }
}
