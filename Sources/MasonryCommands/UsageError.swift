/// A command line that cannot be run: one line saying why; exit code 64 (EX_USAGE).
package struct UsageError: Error, Hashable, Sendable, CustomStringConvertible {
  package var message: String

  package init(_ message: String) {
    self.message = message
  }

  package var description: String { message }
}
