import CardModel
import TerminalText

/// Why a source could not be read, with where, and the exit code a command should end
/// with: 65 (EX_DATAERR) for bad data, 66 (EX_NOINPUT) for a missing or unreadable file.
package struct DataError: Error, Hashable, Sendable, CustomStringConvertible {
  package enum Kind: Hashable, Sendable {
    case badData
    case missingInput
    /// A file followed (`--follow`) was truncated or replaced: it is read again from its
    /// start, as `tail -F` does. Never an exit status.
    case restarted
  }

  package var kind: Kind
  package var path: String
  package var position: SourcePosition?
  package var message: String
  /// Where the problem is, in bytes, until `located(in:path:)` resolves it.
  var byteLocation: ByteLocation?

  package init(_ kind: Kind, path: String, position: SourcePosition?, message: String) {
    self.kind = kind
    self.path = path
    self.position = position
    self.message = message
  }

  static func bad(_ message: String, at location: ByteLocation) -> DataError {
    var error = DataError(.badData, path: "", position: nil, message: message)
    error.byteLocation = location
    return error
  }

  /// The error with its path set and its position resolved against the source's bytes.
  func located(in bytes: [UInt8], path: String) -> DataError {
    var error = self
    error.path = path
    if let byteLocation { error.position = byteLocation.position(in: bytes) }
    error.byteLocation = nil
    return error
  }

  /// `path:line:column: message`, on one line whatever the path or the message holds:
  /// every control is shown as an escape (`MessageText`), the path cut if very long.
  package var description: String {
    let shownPath = MessageText.path(path)
    let place = position.map { "\(shownPath):\($0.line):\($0.column)" } ?? shownPath
    return "\(place): \(MessageText.visible(message))"
  }

  /// Data as a message quotes it (see `MessageText.quoted`).
  static func quote(_ text: String) -> String { MessageText.quoted(text) }

  package var exitCode: Int32 { kind == .badData ? 65 : 66 }

  /// Whether this is a followed file read again from its start (not a failure).
  package var isRestart: Bool { kind == .restarted }
}
