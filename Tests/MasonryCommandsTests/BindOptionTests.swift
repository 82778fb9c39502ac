import Browser
import MasonryCommands
import TerminalCore
import TestSupport
import Testing

/// `--bind KEY:ACTION[,…]` read as fzf reads it, on the command line, in MASONRY_OPTS and
/// in the config file (where a mistake names its line); `--keys` prints the keys in force.
@Suite struct BindOptionTests {
  static func run(_ arguments: [String], _ environment: [String: String] = [:]) -> (
    Int32, String, String
  ) {
    var output = CapturedOutput()
    let status = BrowseCommand.run(
      ["--no-config"] + arguments, environment: environment, output: &output
    ) { _ in 0 }
    return (status, output.standardOutput, output.standardError)
  }

  @Test func bindingsAddUpAndTheLaterWins() throws {
    let command = try BrowseCommand(
      [
        "--no-config", "--bind", "ctrl-o:execute(vi {}),alt-x:layout-grid", "--bind",
        "f5:reload:cat a, b", "--bind=ctrl-o:quit",
      ], environment: [:])
    #expect(command.keys.cards.command(for: .control("o")) == .quit)
    #expect(command.keys.cards.command(for: .alt("x")) == .switchLayout(.grid))
    #expect(command.keys.cards.command(for: .function(5)) == .custom(.reload("cat a, b")))
    let both = try BrowseCommand(
      ["--no-config", "--bind", "ctrl-e:execute[a)b]"],
      environment: ["MASONRY_OPTS": "--bind 'ctrl-f:execute{c]d}'"])
    #expect(both.keys.cards.command(for: .control("e")) == .custom(.execute("a)b")))
    #expect(both.keys.cards.command(for: .control("f")) == .custom(.execute("c]d")))
  }

  @Test(arguments: [
    ("bogus:quit", "unknown key 'bogus' (character 1)"),
    ("ctrl-o", "KEY:ACTION expected (character 1)"),
    ("ctrl-o:", "an action expected (character 8)"),
    ("ctrl-o:quit,", "KEY:ACTION expected (character 13)"),
    ("ctrl-o:quti", "unknown action 'quti' (did you mean 'quit'?) (character 8)"),
    ("ctrl-o:execute(vi {}", "the ( is not closed (character 15)"),
    ("ctrl-o:quit+accept", "one action a key (chains with + are not taken) (character 12)"),
    ("ctrl-o:quit;x:quit", "a , between bindings expected (character 12)"),
    ("ctrl-c:quit", "ctrl-c is interrupt in every context; it cannot be bound (character 8)"),
    ("q:accept", "q is typed text in the search prompt (/); bind another key (character 3)"),
  ])
  func aBadBindingSaysWhereAndWhy(spec: String, message: String) {
    let (status, _, error) = Self.run(["--bind", spec])
    #expect(status == 64)
    #expect(error == "masonry: --bind '\(spec)': \(message); see 'masonry --help'\n")
  }

  @Test func aBadBindingInTheConfigFileNamesItsLine() {
    let (path, environment) = ConfigFileTests.environment(
      "--layout grid\n--bind 'ctrl-o:execute(vi {})'\n  --bind alt-x:nothing\n")
    var output = CapturedOutput()
    let status = BrowseCommand.run([], environment: environment, output: &output) { _ in 0 }
    #expect(status == 64)
    #expect(
      output.standardError
        == "masonry: \(path):3:10: --bind 'alt-x:nothing': unknown action 'nothing' (character 7)\n"
    )
  }

  @Test func keysPrintsTheBindingsInForceAndPrintConfigEveryBind() {
    let (status, output, _) = Self.run(["--keys", "--bind", "ctrl-o:execute(vi {})"])
    #expect(status == 0)
    let lines = output.split(separator: "\n")
    #expect(lines.first == "Browsing the cards:")
    #expect(lines.dropFirst().first == "  Ctrl-O                   execute(vi {})")
    #expect(lines.contains("  ↑ ↓ k j                  scroll one row  [up, down]"), "the names")
    #expect(lines.contains("  q                        quit  [quit]"))
    #expect(
      output.contains("The viewer (Enter on a picture):\n  Ctrl-O                   execute(vi {})")
    )
    let printed = Self.run(["--print-config", "--bind", "a:quit", "--bind", "b:quit"]).1
    #expect(
      printed.contains("--bind a:quit  # the command line\n--bind b:quit  # the command line\n"))
  }

  /// `--help` and the manual page list the keys in force: the config file's bindings and
  /// the command line's (a config that cannot be read leaves the standard keys).
  @Test func helpAndTheManualShowTheBindingsInForce() {
    let (_, environment) = ConfigFileTests.environment("--bind 'ctrl-o:execute(vi {})'\n")
    var help = CapturedOutput()
    #expect(MasonryCommand.main(["--help"], environment: environment, output: &help) == 0)
    #expect(help.standardOutput.contains("  Ctrl-O                   execute(vi {})"))
    var manual = CapturedOutput()
    #expect(
      MasonryCommand.main(
        ["--man", "--bind", "alt-x:quit"], environment: environment, output: &manual)
        == 0)
    #expect(manual.standardOutput.contains("Alt\\-x") || manual.standardOutput.contains("Alt-x"))
    #expect(manual.standardOutput.contains("execute(vi {})"))
    let (_, broken) = ConfigFileTests.environment("--bind nope\n")
    var standard = CapturedOutput()
    #expect(MasonryCommand.main(["--help"], environment: broken, output: &standard) == 0)
    #expect(!standard.standardOutput.contains("Ctrl-O"))
  }
}
