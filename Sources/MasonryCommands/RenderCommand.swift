import Browser
import CardLayouts
import Cards
import LayoutEngine
import TerminalCore
import TerminalScreen
import Widgets

/// `masonry render [SOURCE] --size COLSxROWS [options]`: one frame of the browser, as
/// text, without a terminal.
enum RenderCommand {
  static let documentation = CommandDocumentation(
    name: "render", synopsis: "render [SOURCE] --size COLSxROWS [options]",
    description: """
      Prints one frame of the browser without a terminal: exactly ROWS lines of exactly \
      COLS display columns, plain text unless --color is given (and never colour when \
      NO_COLOR is set). Pictures are drawn as in the browser: in 24-bit colour with \
      --color, in colours 16-255 of the palette with --color=256, in symbols alone \
      without colour.
      """,
    options: [
      OptionHelp("--size COLSxROWS", "The terminal size, e.g. 120x40 (required)."),
      OptionHelp(
        "--scroll ROW",
        "The first content row on screen (default: 0, or where the selected card shows)."),
      OptionHelp("--select INDEX", "Select card INDEX (0-based, among the cards shown)."),
      OptionHelp("--tag TAG", "Show only the cards with TAG."),
      OptionHelp("--detail", "Open the selected card."),
      OptionHelp("--help-overlay", "Show the keys."),
      OptionHelp(
        "--color[=256]", "ANSI colours and attributes: 24-bit, or with =256 the 256-colour palette."
      ),
    ] + LayoutOptions.documentation + SourceOptions.documentation + PictureOptions.documentation)

  static var usage: String { documentation.usage }

  static func run(
    _ arguments: [String], environment: [String: String], output: inout some TextOutput
  ) throws -> Int32 {
    let parsed = try ParsedArguments(
      arguments,
      valueOptions: LayoutOptions.valueOptions.union(["--size", "--scroll", "--select", "--tag"])
        .union(SourceOptions.valueOptions).union(PictureOptions.valueOptions),
      flagOptions: SourceOptions.flagOptions.union(["--help", "--detail", "--help-overlay"]),
      optionalValueOptions: ["--color"])
    if parsed.flags.contains("--help") {
      output.write(usage + "\n")
      return 0
    }
    let options = try LayoutOptions(parsed)
    guard let sizeText = parsed.values["--size"] else { throw UsageError("--size is required") }
    let size = try parseSize(sizeText)
    let scroll = try parsed.integer("--scroll", in: 0...100_000_000)
    let select = try parsed.integer("--select", in: 0...100_000_000)
    let collection = try SourceOptions(parsed).load(parsed.positionals)
    let colorDepth = try parsed.choice("--color", of: ["256", "24bit"])
    let colors =
      (parsed.flags.contains("--color") || colorDepth != nil) && environment["NO_COLOR"] == nil
    let palette = colorDepth == "256"

    var state = BrowserState(size: size, layout: options)
    if try PictureOptions(parsed).drawsThumbnails {
      state.pictures = .thumbnails(!colors ? .symbolsOnly : palette ? .palette240 : .truecolor)
    }
    state.tagFilter = parsed.values["--tag"]
    var content = BrowserContent(collection: collection, style: options.cardStyle)
    let geometry = content.sync(with: state)
    let count = content.shown.count
    if let select {
      guard select < count else {
        throw UsageError(
          "--select \(select) is past the last card shown (\(Counted.phrase(count, "card")))")
      }
      state.selected = select
    } else {
      state.selected = count > 0 ? 0 : nil
    }
    if let scroll {
      state.scrollOffset = Scrolling.clamped(scroll, &content, geometry: geometry)
    } else if let selected = state.selected, select != nil {
      state.scrollOffset = Scrolling.clamped(
        Scrolling.offset(revealing: selected, from: 0, &content, geometry: geometry), &content,
        geometry: geometry)
    }
    if parsed.flags.contains("--detail") && state.selected != nil {
      state.mode = .detail(scroll: 0)
    }
    if parsed.flags.contains("--help-overlay") { state.mode = .help(scroll: 0, over: state.mode) }

    content.makeThumbnails(for: state)
    let screen = FrameComposer.compose(state, content: &content)
    if parsed.flags.contains("--color") || colorDepth != nil {
      // In 256 colours, the colours that are RGB (placeholders) go to the palette too.
      let depth: ColorPalette = ColorPalette(depth: palette ? .palette256 : .direct)
      output.write(
        screen.ansiText(colors: colors) { color in
          guard palette, case .rgb = color else { return color }
          return .indexed(UInt8(depth.number(for: color)))
        })
    } else {
      output.write(screen.plainText())
    }
    return 0
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
