/// The commands other than the browser, in the order the help lists them: the one list
/// of them. Each case has its documentation and its runner (exhaustive switches), so a
/// command cannot be listed without being runnable, nor run without being documented.
enum Subcommand: String, CaseIterable, Sendable {
  case layout, render, sweep, thumbnail, generate, remote

  /// The command named by `name`, the first argument.
  init?(named name: String?) {
    guard let name, let command = Subcommand(rawValue: name) else { return nil }
    self = command
  }

  var documentation: CommandDocumentation {
    switch self {
    case .layout: return LayoutCommand.documentation
    case .render: return RenderCommand.documentation
    case .sweep: return SweepCommand.documentation
    case .thumbnail: return ThumbnailCommand.documentation
    case .generate: return GenerateCommand.documentation
    case .remote: return RemoteCommand.documentation
    }
  }

  /// Runs the command with `arguments` (after its name) and returns the exit code.
  ///
  /// - Throws: `UsageError`, `DataError` and the commands' own errors, which the caller
  ///   reports.
  func run(
    _ arguments: [String], environment: [String: String], output: inout some TextOutput
  ) throws -> Int32 {
    switch self {
    case .layout: return try LayoutCommand.run(arguments, output: &output)
    case .render: return try RenderCommand.run(arguments, environment: environment, output: &output)
    case .sweep: return try SweepCommand.run(arguments, output: &output)
    case .thumbnail:
      return try ThumbnailCommand.run(arguments, environment: environment, output: &output)
    case .generate: return try GenerateCommand.run(arguments, output: &output)
    case .remote:
      return try RemoteCommand.run(arguments, environment: environment, output: &output)
    }
  }
}
