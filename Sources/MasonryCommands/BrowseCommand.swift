import Browser
import CardLayouts
import Cards

/// `masonry [SOURCE] [options]`: what the interactive browser needs, read from the
/// command line. The terminal itself is the executable's business.
package struct BrowseCommand {
  package let collection: CardCollection
  package let options: LayoutOptions
  private let path: String?

  static let usage = """
    usage: masonry [SOURCE] [options]

    Browses the cards of SOURCE (JSON, JSON Lines or a property list; the bundled sample
    when absent) in the terminal. Press ? in the browser for the keys.

    options:
    \(LayoutOptions.help)
      -h, --help              Show this help.

    Other commands: masonry layout, masonry render, masonry generate (see --help of each).
    """

  /// Whether `arguments` ask for the browser rather than a subcommand.
  package static func isBrowse(_ arguments: [String]) -> Bool {
    guard let first = arguments.first else { return true }
    return !["layout", "render", "generate", "help"].contains(first)
      && !["--help", "-h"].contains(first)
  }

  /// Reads the command line and loads the source.
  ///
  /// - Throws: `UsageError` or `DataError`.
  package init(_ arguments: [String]) throws {
    let parsed = try ParsedArguments(
      arguments, valueOptions: LayoutOptions.valueOptions, flagOptions: [])
    options = try LayoutOptions(parsed)
    let positionals = try parsed.positionals(atMost: 1)
    path = positionals.first
    collection = try SourceArgument.load(positionals)
  }

  /// Reads the source again (the browser's `r`); safe to call from any thread.
  package var reload: @Sendable () throws -> CardCollection {
    let positionals = path.map { [$0] } ?? []
    return { try SourceArgument.load(positionals) }
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
