import Browser
import CardLayouts
import Cards
import LayoutEngine
import PictureFiles
import TerminalCore
import TerminalScreen
import TerminalText
import Thumbnails
import Widgets

/// `masonry render [SOURCE] --size COLSxROWS [options]`: one frame of the browser, as
/// text, without a terminal.
enum RenderCommand {
  static let documentation = CommandDocumentation(
    name: "render", synopsis: "render [SOURCE] --size COLSxROWS [options]",
    description: """
      Prints one frame of the browser without a terminal: exactly ROWS lines of exactly \
      COLS display columns, plain text unless --color is given. Pictures are drawn as in \
      the browser: in 24-bit colour with --color, in colours 16-255 of the palette with \
      --color=256, in the 16 ANSI colours with --color=16, in symbols alone without \
      colour.
      """ + "\n\n" + SourceOptions.sourceHelp,
    options: [
      OptionHelp("--size COLSxROWS", "The terminal size, e.g. 120x40 (required)."),
      OptionHelp(
        "--scroll ROW",
        "The first content row on screen (default: 0, or where the selected card shows); the selection moves onto the screen as scrolling moves it in the browser."
      ),
      OptionHelp(
        "--viewport W",
        "Lay out and draw in a viewport W columns wide, with the margin and the ruler the browser's < and > show."
      ),
      OptionHelp("--select INDEX", "Select card INDEX (0-based, among the cards shown)."),
      OptionHelp("--tag TAG", "Show only the cards with TAG."),
      OptionHelp("--search TEXT", "Show only the cards that match TEXT, as / searches."),
      OptionHelp("--detail", "Open the selected card."),
      OptionHelp("--help-overlay", "Show the keys."),
      OptionHelp(
        "--accessible",
        "The accessible view: the selected card in words, then one card a line in reading order, no box drawing, each picture said by the card's alt (else its file name and size)."
      ),
      ColorOption.documentation(withoutIt: "plain text"),
    ] + LayoutOptions.documentation + SourceOptions.documentation
      + PictureOptions.documentation(browser: false))

  static var usage: String { documentation.usage }

  static func run(
    _ arguments: [String], environment: [String: String], output: inout some TextOutput
  ) throws -> Int32 {
    let parsed = try ParsedArguments(
      arguments,
      valueOptions: LayoutOptions.valueOptions.union([
        "--size", "--scroll", "--select", "--tag", "--search", "--viewport",
      ])
      .union(SourceOptions.valueOptions).union(PictureOptions.valueOptions),
      flagOptions: SourceOptions.flagOptions.union([
        "--help", "--detail", "--help-overlay", "--accessible",
      ]),
      optionalValueOptions: ColorOption.parsing)
    if parsed.flags.contains("--help") {
      output.write(usage + "\n")
      return 0
    }
    let options = try LayoutOptions(parsed)
    guard let sizeText = parsed.values["--size"] else { throw UsageError("--size is required") }
    let size = try parseSize(sizeText)
    let scroll = try parsed.integer("--scroll", in: 0...100_000_000)
    let select = try parsed.integer("--select", in: 0...100_000_000)
    let sourceOptions = try SourceOptions(parsed)
    let collection = try sourceOptions.load(
      sourceOptions.sources(parsed.positionals, environment: environment))
    // Any --color asks for colour: a theme alone draws in what the terminal says.
    let color = try ColorOption.spec(parsed)
    let colorChoice =
      color.choice ?? (parsed.given.contains { $0.name == ColorOption.name } ? .auto : nil)
    let depth = colorChoice?.depth(environment: environment, terminfo: nil) ?? .none

    let viewport = try parsed.integer(
      "--viewport", in: Swift.min(ScreenRegions.minimumSize.width, size.width)...size.width)
    var frame = Frame(size: size, options: options)
    frame.viewport = viewport
    frame.select = select
    frame.scroll = scroll
    frame.tag = parsed.values["--tag"]
    frame.search = parsed.values["--search"]
    frame.detail = parsed.flags.contains("--detail")
    frame.helpOverlay = parsed.flags.contains("--help-overlay")
    frame.accessible = parsed.flags.contains("--accessible")
    let pictures = try PictureOptions(parsed, choices: PictureOptions.textChoices)
    if pictures.drawsThumbnails {
      frame.pictures = .thumbnails(ThumbnailMode(depth))
    }
    frame.symbols = pictures.symbols ?? .blocks
    let screen = try frame.screen(of: collection)
    // Without --color, plain text; with it, SGR sequences: the colours the depth shows
    // and the attributes, which stay even without colour (NO_COLOR under --color=auto).
    output.write(
      colorChoice == nil ? screen.plainText() : Self.text(screen, depth: depth, theme: color.theme))
    return 0
  }

  /// What one frame shows: the terminal's size, the layout, the viewport, the filter, the
  /// selection, the scroll position, what is open, and how pictures are drawn.
  struct Frame {
    var size: Size
    var options: LayoutOptions
    var viewport: Int?
    var tag: String?
    var search: String?
    var select: Int?
    var scroll: Int?
    var detail = false
    var helpOverlay = false
    var accessible = false
    var pictures = PictureDisplay.placeholders
    /// The symbols thumbnails are drawn in (`--symbols`; blocks, which any font has).
    var symbols = SymbolSet.blocks

    /// The frame of `collection`: the browser's frame after the events a person would
    /// cause to get there (the viewport, the filter, the search, selecting, scrolling,
    /// opening, the help), sent through the browser's own `reduce`; the thumbnails it
    /// asks for are made before the frame is drawn.
    func screen(of collection: CardCollection) throws(UsageError) -> Screen {
      var state = BrowserState(
        size: .zero, cards: collection, layout: options, pictures: pictures,
        capabilities: TerminalCapabilities(colorDepth: .none, symbols: symbols))
      // One frame: an animation shows its first, and no other frame is made.
      state.animation = AnimationPlayback(choice: .off)
      // What the source's reading left out or read differently, as the browser's first
      // frame says it.
      state.message = collection.notice
      var browser = HeadlessBrowser(state)
      browser.send(.started(size))
      if accessible { browser.send(.asked(.accessible)) }
      if let viewport { browser.send(.asked(.viewport(width: viewport))) }
      if let tag { browser.send(.asked(.filter(tag: tag))) }
      if let search { browser.send(.asked(.search(search))) }
      if let select {
        let count = browser.state.shown.count
        guard select < count else {
          throw UsageError(
            "--select \(select) is past the last card shown (\(Counted.phrase(count, "card")))")
        }
        browser.send(.asked(.select(select)))
      }
      if let scroll { browser.send(.asked(.scroll(toRow: scroll))) }
      if detail { browser.send(.asked(.open)) }
      if helpOverlay { browser.send(.asked(.help)) }
      return browser.frame
    }
  }

  /// `screen` with SGR sequences in the colours `depth` shows (RGB placeholders quantised
  /// into the palette in 256 colours, say; none at all without colour, the attributes
  /// staying).
  static func text(_ screen: Screen, depth: ColorDepth, theme: ColorTheme = .dark) -> String {
    screen.ansiText(colors: depth != .none, map: ColorPalette(depth: depth, theme: theme).mapped)
  }

  static func parseSize(_ text: String) throws(UsageError) -> Size {
    let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]),
      (1...1000).contains(columns), (1...1000).contains(rows)
    else {
      throw UsageError(
        "--size needs COLSxROWS, each from 1 to 1000, not '\(ParsedArguments.printable(text))'")
    }
    return Size(width: columns, height: rows)
  }
}
