import TerminalCore
import TerminalScreen
import TerminalText

#if canImport(Glibc)
  import Glibc
#endif

/// `--color[=SPEC]`, which the browser, `render` and `thumbnail` share, in fzf's style: a
/// comma-separated list of a depth (`auto`, `24bit`, `256`, `16`, `none`: how many colours
/// to draw in), a base theme (`dark`, the default; `light`; `16`, which is also the depth)
/// and `ROLE:COLOR` pairs naming any colour the widgets draw (`border:#888888`,
/// `selected:214`, `tag:cyan`, `dim:default`). `--color` alone is 24-bit; `auto` asks the
/// terminal (`COLORTERM`, terminfo, `NO_COLOR`), and only a depth overrides `NO_COLOR`, as
/// no-color.org asks of command-line flags.
enum ColorOption {
  static let name = "--color"

  /// What a `--color` value says.
  struct Spec: Hashable {
    /// The depth asked for, if any.
    var choice: ColorChoice?
    var theme = ColorTheme.dark
  }

  /// `--color` takes the next word as its value when it is written as one — items of
  /// letters, digits, `-`, `:` and `#` with no `/` or `.` — and no file of that name is
  /// here: a mistyped theme (`lihgt`) is then an error that says so, not a missing file,
  /// and a picture or folder named like a colour is still a source.
  static let parsing: [String: @Sendable (String) -> Bool] = [
    name: { word in
      guard !word.isEmpty, !word.contains("/"), !word.contains("."),
        word.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-:#,".contains($0)) })
      else { return false }
      var status = stat()
      return lstat(word, &status) != 0
    }
  ]

  /// The option's help, saying what leaving it out means for the command.
  static func documentation(withoutIt: String) -> OptionHelp {
    OptionHelp(
      "--color[=SPEC]",
      "Colours, as fzf writes them: a depth — auto (what the terminal says: COLORTERM, terminfo; none under NO_COLOR, which only a depth overrides), 24bit (also --color alone), 256, 16 or none — a base theme — dark (the default), light, or 16 (the terminal's own 16 colours) — and ROLE:COLOR pairs, comma-separated (--color light,border:#888888,selected:214). ROLE is one of \(ColorRole.allCases.map(\.name).joined(separator: ", ")); COLOR is #rrggbb, 0 to 255, an ANSI name (black, red, …, bright-white) or default. Without it: \(withoutIt).",
      values: ColorChoice.names + ["dark", "light"])
  }

  /// The ANSI colours by name, 0 to 15.
  static let ansiNames = [
    "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
  ]

  /// The spec `text` writes.
  ///
  /// - Throws: `UsageError` naming the item at fault, with the nearest name where a role
  ///   is mistyped.
  static func spec(_ text: String, onto base: Spec = Spec()) throws(UsageError) -> Spec {
    var spec = base
    for item in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
      if let choice = ColorChoice(name: item) {
        spec.choice = choice
        if item == "16" { spec.theme = .sixteen }
      } else if let base = ColorTheme.bases.first(where: { $0.name == item }) {
        spec.theme = base.theme
      } else if let colon = item.firstIndex(of: ":") {
        let roleName = String(item[..<colon])
        let value = String(item[item.index(after: colon)...])
        guard let role = ColorRole(rawValue: roleName) else {
          let near = NearestWord.nearest(roleName, among: ColorRole.allCases.map(\.name))
          throw UsageError(
            "--color: no colour is called '\(ParsedArguments.printable(roleName))'"
              + (near.map { " (did you mean '\($0)'?)" } ?? ""))
        }
        guard let color = Self.color(value) else {
          throw UsageError(
            "--color: \(roleName) takes #rrggbb, 0 to 255, an ANSI name or default, not '\(ParsedArguments.printable(value))'"
          )
        }
        spec.theme.colors[role] = color
      } else {
        let near = NearestWord.nearest(
          item, among: ColorChoice.names + ColorTheme.bases.map(\.name))
        throw UsageError(
          "--color takes a depth (\(ColorChoice.names.joined(separator: ", "))), a theme (dark, light, 16) or ROLE:COLOR, not '\(ParsedArguments.printable(item))'"
            + (near.map { " (did you mean '\($0)'?)" } ?? ""))
      }
    }
    return spec
  }

  /// A colour as `--color` writes it.
  static func color(_ text: String) -> TerminalColor? {
    if text == "default" { return .default }
    if let index = ansiNames.firstIndex(of: text) { return .indexed(UInt8(index)) }
    if text.hasPrefix("bright-"), let index = ansiNames.firstIndex(of: String(text.dropFirst(7))) {
      return .indexed(UInt8(index + 8))
    }
    if let number = UInt8(text), text.allSatisfy(\.isASCII) { return .indexed(number) }
    let hex = text.dropFirst()
    guard text.hasPrefix("#"), hex.count == 6, let value = UInt32(hex, radix: 16) else {
      return nil
    }
    return .rgb(
      red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
  }

  /// What every `--color` given says, in order, each adding to the ones before (as fzf
  /// adds them up: a theme in the config file, a depth on the command line).
  static func spec(_ parsed: ParsedArguments) throws(UsageError) -> Spec {
    var spec = Spec()
    for given in parsed.given where given.name == name {
      if let text = given.value {
        spec = try Self.spec(text, onto: spec)
      } else {
        spec.choice = .depth(.direct)
      }
    }
    return spec
  }

  /// The depth on the command line: `absent` when no `--color` gives one.
  static func choice(_ parsed: ParsedArguments, absent: ColorChoice?) throws(UsageError)
    -> ColorChoice?
  {
    try spec(parsed).choice ?? absent
  }
}
