#if canImport(Glibc)
  import Glibc
#endif

/// An open source file, read with the C library; every failure becomes a `DataError`
/// with exit code 66 that says why, in the system's words.
final class SourceFile {
  private let handle: UnsafeMutablePointer<FILE>
  private let path: String
  static let chunkSize = 1 << 20

  init(path: String) throws(DataError) {
    self.path = path
    var status = stat()
    if stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR {
      throw DataError(.missingInput, path: path, position: nil, message: "is a directory")
    }
    guard let handle = fopen(path, "rb") else {
      throw DataError(.missingInput, path: path, position: nil, message: Self.reason(errno))
    }
    self.handle = handle
  }

  func close() { fclose(handle) }

  private static func reason(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "cannot be read" }
    return String(cString: text).lowercased()
  }

  /// The next chunk, or `nil` at the end of the file.
  func readChunk() throws(DataError) -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: Self.chunkSize)
    let count = fread(&buffer, 1, buffer.count, handle)
    if count == 0 {
      if ferror(handle) != 0 {
        throw DataError(.missingInput, path: path, position: nil, message: Self.reason(errno))
      }
      return nil
    }
    buffer.removeLast(buffer.count - count)
    return buffer
  }

  func readAll() throws(DataError) -> [UInt8] {
    var bytes: [UInt8] = []
    while let chunk = try readChunk() { bytes.append(contentsOf: chunk) }
    return bytes
  }

  /// Whether the file's first line is a whole JSON object with more lines after it (read
  /// without consuming the file).
  func looksLikeJSONLines() -> Bool {
    let position = ftell(handle)
    defer { fseek(handle, position, SEEK_SET) }
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    let count = fread(&buffer, 1, buffer.count, handle)
    return CardLoader.sniffFormat(Array(buffer[0..<count])) == .jsonLines
  }
}
