#if canImport(Glibc)
  import Glibc
#endif

/// Where a command writes: standard output and error, or strings in tests.
package protocol TextOutput {
  mutating func write(_ text: String)
  mutating func writeError(_ text: String)
  /// Writes `bytes` to standard output as they are (file names that are not UTF-8).
  mutating func write(bytes: [UInt8])
  /// Why writing to standard output failed (`errno`), if it did: the command then ends
  /// (exit 74, or quietly for a closed pipe).
  var writeFailure: Int32? { get }
}

extension TextOutput {
  package var writeFailure: Int32? { nil }

  package mutating func write(bytes: [UInt8]) {
    write(String(decoding: bytes, as: UTF8.self))
  }
}

/// The process's standard output and error. After a failed write to standard output
/// (EPIPE, ENOSPC, a closed descriptor) it writes nothing more there and says why in
/// `writeFailure`.
package struct StandardOutput: TextOutput {
  package private(set) var writeFailure: Int32?

  package init() {}

  package mutating func write(_ text: String) {
    guard writeFailure == nil else { return }
    writeFailure = Self.write(Array(text.utf8), to: 1)
  }

  package mutating func writeError(_ text: String) {
    _ = Self.write(Array(text.utf8), to: 2)
  }

  package mutating func write(bytes: [UInt8]) {
    guard writeFailure == nil else { return }
    writeFailure = Self.write(bytes, to: 1)
  }

  /// Writes all of `bytes`; returns `errno` when a write fails.
  private static func write(_ all: [UInt8], to descriptor: Int32) -> Int32? {
    var bytes = all[...]
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
