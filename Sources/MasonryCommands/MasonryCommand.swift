import Cards

/// The `masonry` program: picks the subcommand, runs it, and turns every failure into one
/// line on standard error and a conventional exit code (64 usage, 65 bad data, 66 missing
/// input).
package enum MasonryCommand {
  static let usage = """
    usage: masonry [SOURCE] [options]     browse the cards in the terminal
           masonry <command> [options]

    commands:
      layout [SOURCE] --width W   Print the layout of the cards as JSON lines.
      render [SOURCE] --size CxR  Print one frame of the browser as text.
      generate --count N          Print a generated feed of N cards (JSON Lines).

    SOURCE is a JSON, JSON Lines or property-list file of cards; without it, the bundled
    sample. 'masonry <command> --help' describes each command.
    """

  /// Runs `arguments` (without the program name) and returns the exit code.
  package static func main(
    _ arguments: [String], environment: [String: String] = [:], output: inout some TextOutput
  ) -> Int32 {
    do {
      switch arguments.first {
      case "layout":
        return try LayoutCommand.run(Array(arguments.dropFirst()), output: &output)
      case "render":
        return try RenderCommand.run(
          Array(arguments.dropFirst()), environment: environment, output: &output)
      case "generate":
        return try GenerateCommand.run(Array(arguments.dropFirst()), output: &output)
      case "--help", "-h", "help":
        output.write(usage + "\n")
        return 0
      case let other?:
        throw UsageError("unknown command '\(ParsedArguments.printable(other))'")
      case nil:
        throw UsageError("missing command")
      }
    } catch {
      let command = arguments.first.flatMap {
        ["layout", "render", "generate"].contains($0) ? "masonry \($0)" : nil
      }
      return FailureReport.report(error, helpCommand: command ?? "masonry", output: &output)
    }
  }
}
