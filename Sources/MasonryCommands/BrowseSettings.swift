import Browser
import CardLayouts
import Cards
import TerminalCore
import TerminalScreen

/// What the browser's options say, read from words alone: nothing loaded, no file opened.
/// The browser reads its whole command line with it; each option of the config file and
/// of `MASONRY_OPTS` is checked with it too (`BrowseArguments`).
struct BrowseSettings {
  let parsed: ParsedArguments
  let options: LayoutOptions
  let images: ImageChoice
  let symbols: SymbolSet?
  let animate: AnimationChoice?
  let slideshow: Int?
  let link: LinkChoice
  let colors: ColorChoice
  /// Which colour each of the widgets' colour roles is (`--color`).
  let theme: ColorTheme
  let sourceOptions: SourceOptions
  let pick: PickOutput?
  /// The key tables with `--bind`'s bindings laid over them.
  let keys: KeyTables

  /// The options that take the next word as their value.
  static let valueOptions = LayoutOptions.valueOptions.union(SourceOptions.valueOptions).union(
    PictureOptions.valueOptions
  ).union(["--animate", "--slideshow", "--link", "--config", BindOption.name])
  /// The options that are flags.
  static let flagOptions = SourceOptions.flagOptions.union([
    "--pick", "--print0", "--osc52", "--no-cache", "--follow", "--probe", "--no-config",
    "--print-config", "--keys", "--accessible",
  ])
  /// The options that are flags or take one of their values (`--color 256`).
  static let optionalValueOptions = ColorOption.parsing.merging(PickOutput.parsing) { $1 }
    .merging(["--listen": { _ in false }]) { $1 }

  /// - Throws: `UsageError`.
  init(_ words: [String], environment: [String: String]) throws(UsageError) {
    parsed = try ParsedArguments(
      words, valueOptions: Self.valueOptions, flagOptions: Self.flagOptions,
      optionalValueOptions: Self.optionalValueOptions)
    options = try LayoutOptions(parsed)
    let pictures = try PictureOptions(parsed)
    images = try pictures.browserChoice(environment: environment)
    symbols = pictures.symbols
    animate = try parsed.choice("--animate", of: AnimationChoice.allCases.map(\.rawValue)).flatMap {
      AnimationChoice(rawValue: $0)
    }
    slideshow = try Self.slideshowInterval(parsed)
    link =
      try parsed.choice("--link", of: LinkChoice.allCases.map(\.rawValue)).flatMap {
        LinkChoice(rawValue: $0)
      } ?? .auto
    let color = try ColorOption.spec(parsed)
    colors = color.choice ?? .auto
    theme = color.theme
    sourceOptions = try SourceOptions(parsed)
    pick = try PickOutput(parsed)
    keys = try BindOption.tables(
      parsed.given.filter { $0.name == BindOption.name }.compactMap(\.value))
  }

  /// `--slideshow SECONDS` in milliseconds: a decimal number from 0.5 to 3600.
  private static func slideshowInterval(_ parsed: ParsedArguments) throws(UsageError) -> Int? {
    guard let text = parsed.values["--slideshow"] else { return nil }
    guard let seconds = Double(text), seconds.isFinite, seconds >= 0.5, seconds <= 3600,
      text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") })
    else {
      throw UsageError(
        "--slideshow takes seconds from 0.5 to 3600, not \(ParsedArguments.printable(text))")
    }
    return Int((seconds * 1000).rounded())
  }
}
