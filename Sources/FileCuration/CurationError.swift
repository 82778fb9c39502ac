#if canImport(Glibc)
  import Glibc
#endif

/// Why a file could not be trashed, moved or restored: one line for the status bar. When
/// it is thrown, the file is where it was.
package struct CurationError: Error, Hashable, Sendable, CustomStringConvertible {
  package var message: String

  package init(_ message: String) { self.message = message }

  package var description: String { message }

  /// Why the last system call failed, as the system says it (`errno`).
  static var systemReason: String { String(cString: strerror(errno)) }
}
