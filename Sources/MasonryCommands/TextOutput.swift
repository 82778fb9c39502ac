#if canImport(Glibc)
  import Glibc
#endif

/// Where a command writes: standard output and error, or strings in tests.
package protocol TextOutput {
  mutating func write(_ text: String)
  mutating func writeError(_ text: String)
}

/// The process's standard output and error.
package struct StandardOutput: TextOutput {
  package init() {}

  package mutating func write(_ text: String) {
    Self.write(text, to: 1)
  }

  package mutating func writeError(_ text: String) {
    Self.write(text, to: 2)
  }

  private static func write(_ text: String, to descriptor: Int32) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        return
      }
      bytes = bytes.dropFirst(written)
    }
  }
}

/// Output kept in strings, for tests.
package struct CapturedOutput: TextOutput {
  package var standardOutput = ""
  package var standardError = ""

  package init() {}

  package mutating func write(_ text: String) { standardOutput += text }
  package mutating func writeError(_ text: String) { standardError += text }
}
