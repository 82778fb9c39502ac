/// A command line that cannot be run: one line saying why; exit code 64 (EX_USAGE).
package struct UsageError: Error, Hashable, Sendable, CustomStringConvertible {
  package var message: String
  /// Where the words at fault were written, when not on the command line: a config file's
  /// `path:line:column`, or `MASONRY_OPTS`.
  package var location: String?

  package init(_ message: String, at location: String? = nil) {
    self.message = message
    self.location = location
  }

  package var description: String { location.map { "\($0): \(message)" } ?? message }
}
