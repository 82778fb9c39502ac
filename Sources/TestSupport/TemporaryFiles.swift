import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Files for tests that read from disk: each in a fresh directory under one directory per
/// test process (`/tmp/masonry-test-XXXXXX`), which is removed with everything in it when
/// the process exits, so test runs leave nothing behind in /tmp.
package enum TemporaryFiles {
  /// The test process's own directory, made on first use.
  package static let root: String = {
    var template = Array("/tmp/masonry-test-XXXXXX".utf8CString)
    let path = template.withUnsafeMutableBufferPointer { buffer -> String in
      guard let result = mkdtemp(buffer.baseAddress!) else { return "/tmp" }
      return String(cString: result)
    }
    if path != "/tmp" { atexit { TemporaryFiles.removeRoot() } }
    return path
  }()

  /// Removes `root` and everything under it (a symbolic link is removed, not followed).
  private static func removeRoot() { try? FileManager.default.removeItem(atPath: root) }

  /// A fresh, empty directory under `root`.
  package static func makeDirectory() -> String {
    var template = Array("\(root)/XXXXXX".utf8CString)
    return template.withUnsafeMutableBufferPointer { buffer -> String in
      guard let result = mkdtemp(buffer.baseAddress!) else { return root }
      return String(cString: result)
    }
  }

  /// A path ending in `name` in a fresh directory, where nothing exists yet (for a FIFO, a
  /// socket or a file the program under test writes).
  package static func path(named name: String) -> String { "\(makeDirectory())/\(name)" }

  /// Writes `bytes` to a new file whose name ends in `name`, and returns its path.
  package static func write(_ bytes: [UInt8], named name: String) -> String {
    write(bytes, to: path(named: name))
  }

  package static func write(_ text: String, named name: String) -> String {
    write(Array(text.utf8), named: name)
  }

  /// Writes `bytes` to `path` (its directory must exist) and returns the path.
  @discardableResult
  package static func write(_ bytes: [UInt8], to path: String) -> String {
    if let file = fopen(path, "wb") {
      _ = fwrite(bytes, 1, bytes.count, file)
      fclose(file)
    }
    return path
  }

  /// The text of a file of this repository, from a test file's `#filePath`.
  package static func repositoryFile(_ relativePath: String, testFile: String = #filePath)
    -> String?
  {
    var parts = testFile.split(separator: "/", omittingEmptySubsequences: false)
    while let last = parts.last, last != "Tests" { parts.removeLast() }
    parts.removeLast()
    return TextFile.read(parts.joined(separator: "/") + "/" + relativePath)
  }
}
