/// A command line that cannot be run: one line saying why; exit code 64 (EX_USAGE).
public struct UsageError: Error, Hashable, Sendable, CustomStringConvertible {
  public var message: String

  public init(_ message: String) {
    self.message = message
  }

  public var description: String { message }
}
