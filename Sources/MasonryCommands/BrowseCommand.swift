import Browser
import CardLayouts
import Cards

/// `masonry [SOURCE] [options]`: what the interactive browser needs, read from the
/// command line. The terminal itself is the executable's business.
package struct BrowseCommand {
  package let collection: CardCollection
  package let options: LayoutOptions
  /// Whether pictures are drawn as thumbnails (`--images symbols`, the default).
  package let drawsThumbnails: Bool
  private let sources: [String]
  private let sourceOptions: SourceOptions

  static let documentation = CommandDocumentation(
    name: "browse", synopsis: "[browse] [SOURCE] [options]",
    description: """
      Browses the cards of SOURCE (JSON, JSON Lines or a property list; the bundled sample \
      when absent) in the terminal, in columns that follow the window's width. Press ? in \
      the browser for the keys.
      """,
    options: LayoutOptions.documentation + SourceOptions.documentation
      + PictureOptions.documentation)

  /// `masonry browse --help`: how to call the browser, and its keys.
  static var usage: String {
    documentation.usage + "\n\nkeys:\n" + KeyBindings.plainText()
  }

  /// Whether `arguments` ask for the browser rather than another command or a program
  /// option such as `--help` (which `MasonryCommand.main` answers).
  package static func isBrowse(_ arguments: [String]) -> Bool {
    if let first = arguments.first, MasonryCommand.commandNames.contains(first) { return false }
    let options = arguments.prefix { $0 != "--" }
    return !options.contains { MasonryCommand.programOptions.contains($0) }
  }

  /// Reads the command line and loads the source.
  ///
  /// - Throws: `UsageError` or `DataError`.
  package init(_ arguments: [String]) throws {
    let rest = arguments.first == "browse" ? Array(arguments.dropFirst()) : arguments
    let parsed = try ParsedArguments(
      rest,
      valueOptions: LayoutOptions.valueOptions.union(SourceOptions.valueOptions).union(
        PictureOptions.valueOptions),
      flagOptions: SourceOptions.flagOptions)
    options = try LayoutOptions(parsed)
    drawsThumbnails = try PictureOptions(parsed).drawsThumbnails
    sourceOptions = try SourceOptions(parsed)
    sources = parsed.positionals
    collection = try sourceOptions.load(sources)
  }

  /// Reads the source again (the browser's `r`); safe to call from any thread.
  package var reload: @Sendable () throws -> CardCollection {
    let (sources, options) = (self.sources, self.sourceOptions)
    return { try options.load(sources) }
  }

  /// Runs `body` with the loaded command, or reports why it cannot: one line on `output`'s
  /// error stream and the exit code (64 usage, 65 bad data, 66 missing input).
  package static func run(
    _ arguments: [String], output: inout some TextOutput, body: (BrowseCommand) -> Int32
  ) -> Int32 {
    do {
      return body(try BrowseCommand(arguments))
    } catch {
      return FailureReport.report(error, helpCommand: "masonry", output: &output)
    }
  }
}
