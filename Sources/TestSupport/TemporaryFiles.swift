#if canImport(Glibc)
  import Glibc
#endif

/// Files for tests that read from disk: written under a fresh directory in /tmp.
package enum TemporaryFiles {
  /// Writes `bytes` to a new file whose name ends in `name`, and returns its path.
  package static func write(_ bytes: [UInt8], named name: String) -> String {
    var template = Array("/tmp/masonry-test-XXXXXX".utf8CString)
    let directory = template.withUnsafeMutableBufferPointer { buffer -> String in
      guard let result = mkdtemp(buffer.baseAddress!) else { return "/tmp" }
      return String(cString: result)
    }
    let path = "\(directory)/\(name)"
    if let file = fopen(path, "wb") {
      _ = fwrite(bytes, 1, bytes.count, file)
      fclose(file)
    }
    return path
  }

  package static func write(_ text: String, named name: String) -> String {
    write(Array(text.utf8), named: name)
  }

  /// A fresh, empty directory.
  package static func makeDirectory() -> String {
    var template = Array("/tmp/masonry-test-XXXXXX".utf8CString)
    return template.withUnsafeMutableBufferPointer { buffer -> String in
      guard let result = mkdtemp(buffer.baseAddress!) else { return "/tmp" }
      return String(cString: result)
    }
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
