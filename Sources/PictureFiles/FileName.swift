import TerminalText

#if canImport(Glibc)
  import Glibc
#endif

/// File names are bytes, which need not be UTF-8; here they travel as `String`s that keep
/// them exactly: each byte that is not part of valid UTF-8 becomes the private-use scalar
/// U+10FF00 + byte (as Python's `surrogateescape` does with surrogates, which a Swift
/// string cannot hold). So a name from the command line or a folder listing opens again
/// byte for byte, and a message shows such a byte as `\xNN` (see `MessageText`).
package enum FileName {
  /// The first scalar standing for a byte (U+10FF00; bytes 0x80–0xFF use U+10FF80 on).
  package static let byteBase: UInt32 = 0x10_FF00

  /// `bytes` as a name.
  package static func string(fromBytes bytes: some Collection<UInt8>) -> String {
    // Nearly every name is UTF-8 already.
    if let valid = String(validating: bytes, as: UTF8.self) { return valid }
    let bytes = Array(bytes)
    var scalars = String.UnicodeScalarView()
    bytes.withUnsafeBufferPointer { bytes in
      var index = 0
      while index < bytes.count {
        let length = UTF8Sequence.length(in: bytes, at: index)
        if length > 0 {
          let decoded = String(decoding: bytes[index..<index + length], as: UTF8.self)
          scalars.append(contentsOf: decoded.unicodeScalars)
          index += length
        } else {
          scalars.append(Unicode.Scalar(byteBase + UInt32(bytes[index]))!)
          index += 1
        }
      }
    }
    return String(scalars)
  }

  /// The bytes of `name` (the escaped bytes back as they were), without a terminating NUL.
  package static func bytes(_ name: String) -> [UInt8] {
    // An escaped byte is U+10FF80 ... U+10FFFF, whose UTF-8 starts with F4: without one,
    // the name's UTF-8 is its bytes.
    if !name.utf8.contains(0xF4) { return Array(name.utf8) }
    var result: [UInt8] = []
    result.reserveCapacity(name.utf8.count)
    for scalar in name.unicodeScalars {
      if scalar.value >= byteBase + 0x80 && scalar.value <= byteBase + 0xFF {
        result.append(UInt8(scalar.value - byteBase))
      } else {
        result.append(contentsOf: String(scalar).utf8)
      }
    }
    return result
  }

  /// Calls `body` with `name` as the C string the system calls take.
  package static func withCString<Result>(
    _ name: String, _ body: (UnsafePointer<CChar>) throws -> Result
  ) rethrows -> Result {
    let bytes = bytes(name).map { CChar(bitPattern: $0) } + [0]
    return try bytes.withUnsafeBufferPointer { try body($0.baseAddress!) }
  }

  /// `path` absolute, with every link, `.` and `..` resolved (`realpath`): what names one
  /// file whatever folder it was named from; `nil` when the file cannot be found.
  package static func realPath(_ path: String) -> String? {
    withCString(path) { name in
      guard let resolved = realpath(name, nil) else { return nil }
      defer { free(resolved) }
      return string(
        fromBytes: UnsafeBufferPointer(
          start: UnsafeRawPointer(resolved).assumingMemoryBound(to: UInt8.self),
          count: strlen(resolved)))
    }
  }

  /// The folder `path` is in (`.` for a bare name, `/` at the top).
  package static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// The last part of `path` (`a/b/photo.psd` → `photo.psd`).
  package static func lastComponent(_ path: String) -> String {
    let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
    return trimmed.split(separator: "/").last.map(String.init) ?? trimmed
  }

  /// `path` made absolute against the working folder, `.` and `..` resolved by name
  /// (links kept, as a file manager shows the path); `nil` when the working folder is
  /// unknown.
  package static func absolutePath(_ path: String) -> String? {
    var base = ""
    if !path.hasPrefix("/") {
      guard let folder = getcwd(nil, 0) else { return nil }
      defer { free(folder) }
      base = string(
        fromBytes: UnsafeBufferPointer(
          start: UnsafeRawPointer(folder).assumingMemoryBound(to: UInt8.self),
          count: strlen(folder)))
    }
    var parts: [Substring] = []
    for part in (base + "/" + path).split(separator: "/") {
      switch part {
      case ".": continue
      case "..": _ = parts.popLast()
      default: parts.append(part)
      }
    }
    return "/" + parts.joined(separator: "/")
  }
}
