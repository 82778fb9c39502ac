import Cards
import TerminalText

/// Every failure of a command as one line on standard error and a conventional exit code:
/// 64 (EX_USAGE) for a bad command line, 65 (EX_DATAERR) for bad data, 66 (EX_NOINPUT)
/// for a missing or unreadable source, 70 (EX_SOFTWARE) for anything else.
package enum FailureReport {
  /// Reports `error` on `output`; `helpCommand` is what the usage hint points to.
  package static func report(_ error: any Error, helpCommand: String, output: inout some TextOutput)
    -> Int32
  {
    switch error {
    case let usage as UsageError where usage.location != nil:
      // A config file's line or MASONRY_OPTS: the place is what helps, not the help.
      say(usage.description, on: &output)
      return 64
    case let usage as UsageError:
      say("\(usage.message); see '\(helpCommand) --help'", on: &output)
      return 64
    case let data as DataError:
      say(data.description, on: &output)
      return data.exitCode
    case let failure as OutputError:
      say(failure.description, on: &output)
      return 74
    default:
      say("\(error)", on: &output)
      return 70
    }
  }

  /// Writes `message` as the program's one line on standard error: `masonry: ` before it,
  /// every control in it shown as an escape (`MessageText`), a newline after it. Every
  /// message of the program leaves through here.
  package static func say(_ message: String, on output: inout some TextOutput) {
    output.writeError("masonry: \(MessageText.visible(message))\n")
  }
}
