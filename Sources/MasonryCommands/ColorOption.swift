import TerminalCore

/// `--color[=auto|24bit|256|16|none]`, which the browser, `render` and `thumbnail` share:
/// how many colours to draw in. `--color` alone is 24-bit; `auto` asks the terminal
/// (`COLORTERM`, terminfo, `NO_COLOR`), and an explicit depth overrides `NO_COLOR`, as
/// no-color.org asks of command-line flags.
enum ColorOption {
  static let name = "--color"
  /// The values it takes, for `ParsedArguments`' optional-value options.
  static let parsing: [String: Set<String>] = [name: Set(ColorChoice.names)]

  /// The option's help, saying what leaving it out means for the command.
  static func documentation(withoutIt: String) -> OptionHelp {
    OptionHelp(
      "--color[=WHICH]",
      "Colours: auto (what the terminal says: COLORTERM, terminfo; none under NO_COLOR), 24bit (also --color alone), 256, 16 or none. Without it: \(withoutIt).",
      values: ColorChoice.names)
  }

  /// The choice on the command line: `absent` when the option is not given.
  static func choice(_ parsed: ParsedArguments, absent: ColorChoice?) throws(UsageError)
    -> ColorChoice?
  {
    if let text = try parsed.choice(name, of: ColorChoice.names) {
      return ColorChoice(name: text)!
    }
    return parsed.flags.contains(name) ? .depth(.direct) : absent
  }
}
