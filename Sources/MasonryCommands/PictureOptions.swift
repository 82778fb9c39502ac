import TerminalCore

/// How the cards' pictures are drawn: `--images` and `--symbols`. The browser takes every
/// choice (`auto` asks the terminal); commands that print text take `symbols|none`.
struct PictureOptions {
  /// `--images` when given (else `MASONRY_IMAGES`, then `auto`, in the browser; symbols
  /// in commands that print text).
  var images: ImageChoice?
  /// `--symbols` when given.
  var symbols: SymbolSet?

  static let valueOptions: Set<String> = ["--images", "--symbols"]

  /// The choices of commands that print text.
  static let textChoices: [ImageChoice] = [.symbols, .placeholders]

  static func documentation(browser: Bool) -> [OptionHelp] {
    [
      browser
        ? OptionHelp(
          "--images auto|kitty|sixel|iterm|kitty-unicode|symbols|none",
          "How pictures are drawn: auto (the default, or MASONRY_IMAGES) asks the terminal and draws pixels where it has kitty graphics, sixel or iTerm2 images, and terminal symbols elsewhere (in a terminal that answers nothing, with NO_COLOR). Inside tmux it turns passthrough on for its pane and asks the terminal outside: kitty 0.28 or later and Ghostty get kitty's Unicode placeholders (kitty-unicode: cells that tmux scrolls and hides with the pane), others symbols, in 24-bit colour when tmux says its client has RGB. A protocol's name forces it; symbols never asks; none draws placeholders in each picture's dominant colour, without decoding anything. masonry --probe shows what the terminal got and why."
        )
        : OptionHelp(
          "--images symbols|none",
          "The cards' pictures as thumbnails in terminal symbols (the default), or placeholders in each picture's dominant colour, without decoding anything."
        ),
      OptionHelp(
        "--symbols sextants|blocks|ascii",
        "The symbols pictures are drawn in: sextants (what kitty, konsole, foot, WezTerm and Ghostty draw themselves, the default there), blocks (half blocks, quadrants and borders, which every common monospaced font has; the default elsewhere) or ascii."
      ),
    ]
  }

  init(_ arguments: ParsedArguments, choices: [ImageChoice] = ImageChoice.allCases)
    throws(UsageError)
  {
    images = try arguments.choice("--images", of: choices.map(\.rawValue)).flatMap {
      ImageChoice(rawValue: $0)
    }
    symbols = try arguments.choice("--symbols", of: SymbolSet.allCases.map(\.rawValue)).flatMap {
      SymbolSet(rawValue: $0)
    }
  }

  /// Whether pictures are decoded into thumbnails (not `none`).
  var drawsThumbnails: Bool { images != .placeholders }

  /// The browser's choice: `--images`, else `MASONRY_IMAGES`, else `auto`.
  ///
  /// - Throws: `UsageError` when `MASONRY_IMAGES` names no choice.
  func browserChoice(environment: [String: String]) throws(UsageError) -> ImageChoice {
    guard let choice = ImageChoice.from(option: images?.rawValue, environment: environment) else {
      throw UsageError(
        "MASONRY_IMAGES must be one of \(ImageChoice.allCases.map(\.rawValue).joined(separator: ", ")), not '\(ParsedArguments.printable(environment["MASONRY_IMAGES"] ?? ""))'"
      )
    }
    return choice
  }
}
