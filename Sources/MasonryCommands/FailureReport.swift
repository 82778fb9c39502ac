import Cards

/// Every failure of a command as one line on standard error and a conventional exit code:
/// 64 (EX_USAGE) for a bad command line, 65 (EX_DATAERR) for bad data, 66 (EX_NOINPUT)
/// for a missing or unreadable source, 70 (EX_SOFTWARE) for anything else.
enum FailureReport {
  /// Reports `error` on `output`; `helpCommand` is what the usage hint points to.
  static func report(_ error: any Error, helpCommand: String, output: inout some TextOutput)
    -> Int32
  {
    switch error {
    case let usage as UsageError:
      output.writeError("masonry: \(usage.message); see '\(helpCommand) --help'\n")
      return 64
    case let data as DataError:
      output.writeError("masonry: \(data.description)\n")
      return data.exitCode
    default:
      output.writeError("masonry: \(error)\n")
      return 70
    }
  }
}
