import CardModel
import PictureFiles

/// A list of file paths, as `find` and `fd` print them: one a line (`--files`), or each
/// ended by a NUL byte (`--files0`, from `find -print0` or `fd -0`, for names that hold a
/// line feed). Each path is a picture as if named on the command line (`PictureCards`).
///
/// The list is untrusted like any source: read front to back (a file, `-` or a pipe) by
/// `RecordReader` (`PathListFormat`), at most `maximumBytes` and `maximumPaths`; a NUL
/// byte in a list of lines is an error at its place, and a name that is not UTF-8 keeps
/// its bytes (`FileName`).
package enum PathList {
  /// What ends each path.
  package enum Separator: Hashable, Sendable {
    /// A line feed (`--files`); empty lines are skipped.
    case lineFeed
    /// A NUL byte (`--files0`); empty names are skipped.
    case nul

    var byte: UInt8 {
      switch self {
      case .lineFeed: return 0x0A
      case .nul: return 0
      }
    }
  }

  /// The most paths a list may hold (a million photos and more).
  package static let maximumPaths = 1 << 21
  /// The most bytes a list may hold.
  package static let maximumBytes = 256 << 20

  /// The paths of a list's `bytes` (`path` names it in errors).
  package static func paths(in bytes: [UInt8], separator: Separator, path: String)
    throws(DataError) -> [String]
  {
    var paths: [String] = []
    var start = 0
    var line = 1
    let end = separator.byte
    for index in 0...bytes.count {
      let byte = index < bytes.count ? bytes[index] : end
      if separator == .lineFeed && byte == 0 && index < bytes.count {
        throw DataError(
          .badData, path: path,
          position: SourcePosition(line: line, column: index - start + 1),
          message: "a NUL byte: a list of NUL-separated paths is read with --files0")
      }
      guard byte == end else { continue }
      if index > start {
        guard paths.count < maximumPaths else {
          throw DataError(
            .badData, path: path, position: SourcePosition(line: line, column: 1),
            message: "more than \(maximumPaths) paths")
        }
        paths.append(FileName.string(fromBytes: bytes[start..<index]))
      }
      start = index + 1
      line += 1
    }
    guard !paths.isEmpty else {
      throw DataError(.missingInput, path: path, position: nil, message: "no paths listed")
    }
    return paths
  }

  /// The folder a listed path is in, as the list wrote it (`./` left off): the section
  /// its card is grouped in; `nil` for a path without a folder.
  package static func folder(of path: String) -> String? {
    guard let slash = path.lastIndex(of: "/") else { return nil }
    var folder = Substring(path[..<slash])
    while folder.hasPrefix("./") { folder = folder.dropFirst(2) }
    if folder == "." || folder.isEmpty { return path.hasPrefix("/") ? "/" : nil }
    return String(folder)
  }
}
