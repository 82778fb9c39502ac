import CardLayouts
import Cards
import LayoutEngine

/// `masonry layout [SOURCE] --width W [options]`: lays the cards out and prints one JSON
/// object per card, then one with the content size.
enum LayoutCommand {
  static let documentation = CommandDocumentation(
    name: "layout", synopsis: "layout [SOURCE] --width W [options]",
    description: """
      Lays out the cards of SOURCE (the bundled sample when absent) at width W and prints one JSON object per card, \
      in layout order (section by section): \
      {"index","section","x","y","width","height","column","imageRows","captionRows","commentRows"}, \
      where index is the card's place in SOURCE (from 0), \
      then {"contentWidth","contentHeight","columns","items"}. The rows are the rows drawn: \
      a layout that sets item heights (tiles, zigzag) cuts the card to fit.
      """ + "\n\n" + SourceOptions.sourceHelp,
    options: [
      OptionHelp("--width W", "The container width in cells, 1 to 10000 (required)."),
      OptionHelp(
        "--height H",
        "The height of the card area in cells: a picture taller than it is capped to it, as on a screen that tall (default: no cap)."
      ),
    ] + LayoutOptions.documentation + SourceOptions.documentation)

  static var usage: String { documentation.usage }

  static func run(_ arguments: [String], output: inout some TextOutput) throws -> Int32 {
    let parsed = try ParsedArguments(
      arguments,
      valueOptions: LayoutOptions.valueOptions.union(["--width", "--height"]).union(
        SourceOptions.valueOptions),
      flagOptions: SourceOptions.flagOptions.union(["--help"]))
    if parsed.flags.contains("--help") {
      output.write(usage + "\n")
      return 0
    }
    let options = try LayoutOptions(parsed)
    guard let width = try parsed.integer("--width", in: 1...10_000) else {
      throw UsageError("--width is required")
    }
    let height = try parsed.integer("--height", in: 1...100_000)
    let collection = try SourceOptions(parsed).load(parsed.positionals)
    var style = options.cardStyle
    style.maximumPictureRows = height.map { CardStyle.pictureRowLimit(cardAreaHeight: $0) }
    let measurer = CardMeasurer(store: collection.cards, style: style)
    var layout = options.makeLayout()
    let context = options.context(
      for: collection, measurer: measurer, size: Size(width: width, height: height ?? 24))
    layout.prepare(context)

    var text = ""
    var items = 0
    let shown = CardSelection(all: collection)
    for (section, spec) in context.sections.enumerated() {
      for item in 0..<spec.itemCount {
        let path = ItemPath(section: section, item: item)
        guard let attributes = layout.attributes(forItem: path) else { continue }
        let index = shown.cardIndex(of: path)
        let frame = attributes.frame
        // The rows as drawn: a layout that sets item heights (tiles, zigzag) cuts cards.
        let metrics =
          options.kind.showsCardsAsChips
          ? CardMetrics(innerWidth: frame.width, pictureRows: 0, captionRows: 1, commentRows: 0)
          : measurer.metrics(ofCard: index, width: frame.width, height: frame.height)
        let column = attributes.column.map(String.init) ?? "null"
        text +=
          "{\"index\":\(index),\"section\":\(section),\"x\":\(frame.minX),\"y\":\(frame.minY),"
          + "\"width\":\(frame.width),\"height\":\(frame.height),\"column\":\(column),"
          + "\"imageRows\":\(metrics.pictureRows),\"captionRows\":\(metrics.captionRows),"
          + "\"commentRows\":\(metrics.commentRows)}\n"
        items += 1
      }
    }
    let size = layout.contentSize
    text +=
      "{\"contentWidth\":\(size.width),\"contentHeight\":\(size.height),"
      + "\"columns\":\(layout.columnCount),\"items\":\(items)}\n"
    output.write(text)
    return 0
  }
}
