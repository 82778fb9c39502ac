#if canImport(Glibc)
  import Glibc
#endif

/// Where a command writes: standard output and error, or strings in tests.
package protocol TextOutput {
  mutating func write(_ text: String)
  mutating func writeError(_ text: String)
  /// Why writing to standard output failed (`errno`), if it did: the command then ends
  /// (exit 74, or quietly for a closed pipe).
  var writeFailure: Int32? { get }
}

extension TextOutput {
  package var writeFailure: Int32? { nil }
}

/// The process's standard output and error. After a failed write to standard output
/// (EPIPE, ENOSPC, a closed descriptor) it writes nothing more there and says why in
/// `writeFailure`.
package struct StandardOutput: TextOutput {
  package private(set) var writeFailure: Int32?

  package init() {}

  package mutating func write(_ text: String) {
    guard writeFailure == nil else { return }
    writeFailure = Self.write(text, to: 1)
  }

  package mutating func writeError(_ text: String) {
    _ = Self.write(text, to: 2)
  }

  /// Writes all of `text`; returns `errno` when a write fails.
  private static func write(_ text: String, to descriptor: Int32) -> Int32? {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        return errno
      }
      bytes = bytes.dropFirst(written)
    }
    return nil
  }
}

/// Output kept in strings, for tests; `failing` makes writes to standard output fail as
/// a full disk or a closed pipe would.
package struct CapturedOutput: TextOutput {
  package var standardOutput = ""
  package var standardError = ""
  package var failing: Int32?
  package private(set) var writeFailure: Int32?

  package init(failing: Int32? = nil) {
    self.failing = failing
  }

  package mutating func write(_ text: String) {
    if let failing {
      writeFailure = failing
      return
    }
    standardOutput += text
  }
  package mutating func writeError(_ text: String) { standardError += text }
}
