import CardLayouts
import Cards
import LayoutEngine
import TerminalScreen
import TerminalText

#if canImport(Glibc)
  import Glibc
#endif

/// `masonry sweep [SOURCE] --widths A..B [options]`: lays the cards out at every width
/// from A to B, checks the layout's invariants at each, and prints the breakpoints.
enum SweepCommand {
  static let documentation = CommandDocumentation(
    name: "sweep", synopsis: "sweep [SOURCE] --widths A..B [--height H] [--frames DIR] [options]",
    description: """
      Lays out the cards of SOURCE at every width from A to B, as 'masonry layout --width' \
      does, and prints one JSON object per breakpoint: the first width, then every width \
      where the column count, a column's width or any card's height differs from the width \
      before: {"width","columns","columnWidths","contentHeight","changed"}, with changed \
      naming "columns", "columnWidths" and "heights". A last line gives \
      {"widths","breakpoints","checked"}. The layout's invariants (no overlap, inside the \
      content, the placement rule, queries against brute force) are checked at every \
      width; a failure is one line naming the width and the card, and exit 1.
      """ + "\n\n" + SourceOptions.sourceHelp,
    options: [
      OptionHelp("--widths A..B", "The widths to lay out at, from A to B (1 to 10000)."),
      OptionHelp(
        "--height H",
        "The height of the card area: pictures taller are capped, as in 'masonry layout --height'; with --frames, the frames' height (default 40)."
      ),
      OptionHelp(
        "--frames DIR",
        "Also write each breakpoint's frame to DIR/width-NNNN.txt: what 'masonry render --size BxH --viewport W' prints (B the widest width of the sweep)."
      ),
    ] + LayoutOptions.documentation + SourceOptions.documentation
      + PictureOptions.documentation(browser: false))

  static var usage: String { documentation.usage }

  /// What one width gives, to compare with the width before.
  struct Measurement: Equatable {
    var columns: Int
    var columnWidths: [Int]
    var contentHeight: Int
    var heights: [Int]

    /// What differs from `previous`, by the names the output uses.
    func changes(from previous: Measurement) -> [String] {
      var changed: [String] = []
      if columns != previous.columns { changed.append("columns") }
      if columnWidths != previous.columnWidths { changed.append("columnWidths") }
      if heights != previous.heights { changed.append("heights") }
      return changed
    }
  }

  static func run(_ arguments: [String], output: inout some TextOutput) throws -> Int32 {
    let parsed = try ParsedArguments(
      arguments,
      valueOptions: LayoutOptions.valueOptions.union(["--widths", "--height", "--frames"])
        .union(SourceOptions.valueOptions).union(PictureOptions.valueOptions),
      flagOptions: SourceOptions.flagOptions.union(["--help"]))
    if parsed.flags.contains("--help") {
      output.write(usage + "\n")
      return 0
    }
    let options = try LayoutOptions(parsed)
    guard let widthsText = parsed.values["--widths"] else {
      throw UsageError("--widths is required")
    }
    let widths = try parseWidths(widthsText)
    let height = try parsed.integer("--height", in: 1...100_000)
    let framesFolder = parsed.values["--frames"]
    let pictures = try PictureOptions(parsed, choices: PictureOptions.textChoices)
    let collection = try SourceOptions(parsed).load(parsed.positionals)
    if let framesFolder { try makeFolder(framesFolder) }

    var style = options.cardStyle
    style.maximumPictureRows = height.map { CardStyle.pictureRowLimit(cardAreaHeight: $0) }
    let measurer = CardMeasurer(store: collection.cards, style: style)
    // One layout, prepared again at each width: its buffers keep their capacity, and the
    // measurer keeps every card's break opportunities (only line counts are per width).
    var layout = options.makeLayout()
    var previous: Measurement?
    var breakpoints = 0
    for width in widths {
      let context = options.context(
        for: collection, measurer: measurer, size: Size(width: width, height: height ?? 24))
      layout.prepare(context)
      if let problem = violation(of: layout, context: context) {
        FailureReport.say("width \(width): \(problem)", on: &output)
        return 1
      }
      var heights: [Int] = []
      heights.reserveCapacity(context.itemCount)
      for (section, spec) in context.sections.enumerated() {
        for item in 0..<spec.itemCount {
          let path = ItemPath(section: section, item: item)
          heights.append(layout.attributes(forItem: path)?.frame.height ?? 0)
        }
      }
      let measurement = Measurement(
        columns: layout.columnCount,
        columnWidths: layout.columnWidths(atContainerWidth: width),
        contentHeight: layout.contentSize.height, heights: heights)
      let changed = previous.map { measurement.changes(from: $0) }
      previous = measurement
      if let changed, changed.isEmpty { continue }
      breakpoints += 1
      output.write(line(width: width, measurement, changed: changed ?? []))
      if let framesFolder {
        var frame = RenderCommand.Frame(
          size: Size(width: widths.upperBound, height: height ?? 40), options: options)
        frame.viewport = width
        if pictures.drawsThumbnails { frame.pictures = .thumbnails(.symbolsOnly) }
        let path = framesFolder + "/" + frameName(width: width)
        try write(try frame.screen(of: collection).plainText(), to: path)
      }
    }
    output.write(
      "{\"widths\":\(widths.count),\"breakpoints\":\(breakpoints),\"checked\":\(widths.count)}\n")
    return 0
  }

  /// The first invariant `layout` breaks, naming the card, or `nil`.
  static func violation(of layout: some CollectionLayout, context: LayoutContext) -> String? {
    // A few queries against brute force: the top, a band in the middle, everything.
    let content = layout.contentSize
    let queries = [
      Rect(x: 0, y: 0, width: content.width, height: 40),
      Rect(x: 0, y: content.height / 2, width: content.width, height: 40),
      Rect(x: 0, y: 0, width: content.width, height: content.height),
    ]
    return LayoutInvariants.violations(of: layout, context: context, queries: queries).first
  }

  static func line(width: Int, _ measurement: Measurement, changed: [String]) -> String {
    let columnWidths = measurement.columnWidths.map(String.init).joined(separator: ",")
    let names = changed.map { "\"\($0)\"" }.joined(separator: ",")
    return
      "{\"width\":\(width),\"columns\":\(measurement.columns),\"columnWidths\":[\(columnWidths)],"
      + "\"contentHeight\":\(measurement.contentHeight),\"changed\":[\(names)]}\n"
  }

  /// `width-0083.txt`: names that sort by width.
  static func frameName(width: Int) -> String {
    let digits = String(width)
    return "width-" + String(repeating: "0", count: Swift.max(0, 4 - digits.count)) + digits
      + ".txt"
  }

  /// `A..B`, each from 1 to 10000, A at most B.
  static func parseWidths(_ text: String) throws(UsageError) -> ClosedRange<Int> {
    let bounds = text.split(separator: "..", omittingEmptySubsequences: false)
    guard bounds.count == 2, let low = Int(bounds[0]), let high = Int(bounds[1]),
      (1...10_000).contains(low), (1...10_000).contains(high), low <= high
    else {
      throw UsageError(
        "--widths needs A..B, from 1 to 10000 with A at most B, not '\(ParsedArguments.printable(text))'"
      )
    }
    return low...high
  }

  /// Creates `path` as a folder unless it is one already.
  static func makeFolder(_ path: String) throws(OutputError) {
    if mkdir(path, 0o755) == 0 { return }
    let code = errno
    var status = stat()
    if code == EEXIST && stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR { return }
    throw OutputError(path: path, code: code == EEXIST ? ENOTDIR : code)
  }

  /// Writes `text` to the file at `path`, replacing it.
  static func write(_ text: String, to path: String) throws(OutputError) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw OutputError(path: path, code: errno) }
    defer { close(descriptor) }
    let bytes = Array(text.utf8)
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBytes {
        Glibc.write(descriptor, $0.baseAddress, $0.count)
      }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { throw OutputError(path: path, code: count < 0 ? errno : EIO) }
      written += count
    }
  }
}

/// A file the command writes (not standard output) could not be written: exit 74.
struct OutputError: Error, CustomStringConvertible {
  var path: String
  var code: Int32

  var description: String { "cannot write \(MessageText.quoted(path)): \(ByteSource.reason(code))" }
}
