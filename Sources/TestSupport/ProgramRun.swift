import Foundation

/// One run of another program to its end, with what it wrote: the runner the tests share
/// (a shell script, groff, bash, zsh or fish on a completion script, the built `masonry`).
package struct ProgramRun: Sendable {
  /// The exit status, or 128 + the signal's number when a signal ended the program.
  package var status: Int32
  package var output: String
  package var errors: String

  /// Runs `executable` with `arguments` (no shell in between) and waits for it. Both
  /// streams are read at once — the errors on a thread of their own — so a program that
  /// writes much to one while the other is full never stalls. `environment` entries are
  /// set in (a `nil` removed from) this process's environment; standard input is /dev/null.
  package static func run(
    _ executable: String, _ arguments: [String], environment: [String: String?] = [:],
    directory: String? = nil
  ) throws -> ProgramRun {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    var variables = ProcessInfo.processInfo.environment
    for (name, value) in environment { variables[name] = value }
    process.environment = variables
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let errorBytes = ErrorBytes()
    let reader = Thread { errorBytes.set(errors.fileHandleForReading.readDataToEndOfFile()) }
    reader.start()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let message = String(decoding: errorBytes.wait(), as: UTF8.self)
    let status =
      process.terminationReason == .uncaughtSignal
      ? 128 + process.terminationStatus : process.terminationStatus
    return ProgramRun(status: status, output: text, errors: message)
  }

  /// `/bin/sh -c script`.
  package static func shell(_ script: String, environment: [String: String?] = [:]) throws
    -> ProgramRun
  {
    try run("/bin/sh", ["-c", script], environment: environment)
  }

  /// The path of the `masonry` executable built beside the running test bundle.
  package static var masonry: String {
    URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
      .deletingLastPathComponent().appendingPathComponent("masonry").path
  }
}

/// The error stream's bytes, handed from the reading thread once it has read to the end.
private final class ErrorBytes: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  private var data = Data()

  func set(_ data: Data) {
    self.data = data
    done.signal()
  }

  func wait() -> Data {
    done.wait()
    return data
  }
}
