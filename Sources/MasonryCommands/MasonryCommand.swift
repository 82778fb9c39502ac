import Browser
import Cards

#if canImport(Glibc)
  import Glibc
#endif

/// The `masonry` program: picks the subcommand, runs it, and turns every failure into one
/// line on standard error and a conventional exit code (64 usage, 65 bad data, 66 missing
/// input).
package enum MasonryCommand {
  /// The words that name a command other than the browser (`help` prints the help).
  static let commandNames = Set(Subcommand.allCases.map(\.rawValue) + ["help"])
  /// Options of the program itself, which the browser does not take.
  static let programOptions: Set<String> = [
    "--help", "-h", "--version", "--man", "--completions",
  ]

  /// The version `--version` prints.
  package static let version = "0.3.0"

  /// The other commands' documentation, in the order the help lists them.
  static let commands = Subcommand.allCases.map(\.documentation)

  /// `masonry --help`: the browser's options and keys, the commands, the exit codes.
  static func usage(keys: KeyTables = .standard) -> String {
    let synopses = commands.map { "masonry " + $0.synopsis }
    return """
      usage: masonry [browse] [SOURCE] [options]   browse the cards in the terminal
      \(synopses.map { "       " + $0 }.joined(separator: "\n"))
             masonry --version | --man | --completions bash|zsh|fish

      \(BrowseCommand.documentation.wrappedDescription)
      'masonry <command> --help' describes each command.

      options:
      \(OptionHelp.text(BrowseCommand.documentation.options + programOptionHelp))

      keys:
      \(KeyBindings.plainText(for: keys))

      exit status: 0 done; 1 --pick ended without a card (q, Esc), or (sweep) a layout
      invariant failed; 64 bad command line; 65 bad data; 66 missing or unreadable input;
      69 no usable terminal; 70 internal error; 74 the output could not be written;
      130 Ctrl-C (128+n: ended by signal n, the terminal restored).
      """
  }

  static let programOptionHelp = [
    CommandDocumentation.helpOption,
    OptionHelp("--version", "Print the version."),
    OptionHelp("--man", "Print the manual page as roff (man -l <(masonry --man))."),
    OptionHelp(
      "--completions SHELL",
      "Print completions for bash, zsh or fish (commands, options, files), made from the tables this help is: source <(masonry --completions bash). make install installs them.",
      values: Completions.shells),
  ]

  /// The exit code for a closed pipe downstream (`| head -1`): quiet, as when SIGPIPE
  /// ends a process (the executable then ends by that signal itself).
  package static let closedPipe: Int32 = 128 + 13

  /// Runs `arguments` (without the program name) and returns the exit code: a failed
  /// write to standard output ends with one line and 74 (EX_IOERR), or quietly with
  /// `closedPipe` for a closed pipe.
  package static func main(
    _ arguments: [String], environment: [String: String] = [:], output: inout some TextOutput
  ) -> Int32 {
    let code = run(arguments, environment: environment, output: &output)
    return finish(code, output: &output)
  }

  /// `code`, unless writing the output failed.
  package static func finish(_ code: Int32, output: inout some TextOutput) -> Int32 {
    guard let failure = output.writeFailure else { return code }
    if failure == EPIPE { return closedPipe }
    FailureReport.say("cannot write the output: \(ByteSource.reason(failure))", on: &output)
    return 74
  }

  private static func run(
    _ arguments: [String], environment: [String: String], output: inout some TextOutput
  ) -> Int32 {
    let command = Subcommand(named: arguments.first)
    do {
      if let command {
        return try command.run(
          Array(arguments.dropFirst()), environment: environment, output: &output)
      }
      // The browser's own arguments with a program option, or `help`.
      let options = arguments.prefix { $0 != "--" }
      if let index = options.firstIndex(of: "--completions") {
        let shell = index + 1 < options.count ? options[index + 1] : ""
        guard Completions.shells.contains(shell) else {
          throw UsageError("--completions takes bash, zsh or fish")
        }
        output.write(Completions.script(for: shell))
      } else if options.contains("--version") {
        output.write("masonry \(version)\n")
      } else if options.contains("--man") {
        output.write(ManualPage.text(keys: BrowseCommand.keysInForce(arguments, environment)))
      } else if options.contains("--help") || options.contains("-h") || options.first == "help" {
        let keys = BrowseCommand.keysInForce(arguments, environment)
        output.write(
          (arguments.first == "browse" ? BrowseCommand.usage(keys: keys) : usage(keys: keys))
            + "\n")
      } else if let first = arguments.first {
        throw UsageError("unknown command '\(ParsedArguments.printable(first))'")
      } else {
        throw UsageError("missing command")
      }
      return 0
    } catch {
      return FailureReport.report(
        error, helpCommand: command.map { "masonry \($0.rawValue)" } ?? "masonry", output: &output)
    }
  }
}
