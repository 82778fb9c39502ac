import CFileSupport
import PictureFiles

#if canImport(Glibc)
  import Glibc
#endif

/// Moves and copies files into a folder without ever losing one. Within a file system a
/// move is one `rename(2)` that never replaces; across file systems the file is copied
/// to a hidden name beside its target, flushed, compared with the original byte for byte,
/// given its name without replacing anything, and only then is the original removed. A
/// failure at any step (a full disk, no permission, a name that exists, the original
/// changed meanwhile) removes only the copy it made, and says why: the original is where
/// it was.
package enum FileMover {
  /// The steps of a move across file systems, each reported as it is passed (the tests
  /// end the program at each and find the file whole).
  package enum Step: String, CaseIterable, Sendable {
    /// Part of the copy is written under its hidden name.
    case copying
    /// The copy is whole and flushed.
    case flushed
    /// The copy holds the original's bytes.
    case compared
    /// The copy has the file's name; the original is still there.
    case named
    /// The original is gone.
    case removed
  }

  /// Moves the regular file at `path` into `folder`, under its own name; `passing` hears
  /// each step of a move across file systems.
  ///
  /// - Returns: its new path.
  /// - Throws: `CurationError`, the file where it was.
  package static func move(
    _ path: String, into folder: String, passing: (Step) -> Void = { _ in }
  ) throws(CurationError) -> String {
    let target = try self.target(of: path, in: folder)
    if c(path, { from in c(target) { masonry_rename_noreplace(from, $0) } }) == 0 {
      return target
    }
    guard errno == EXDEV else { throw failure(path, target) }
    try copyChecked(path, to: target, passing: passing)
    guard c(path, unlink) == 0 else {
      // The original stays: so does not the copy, or there would be two.
      let why = CurationError.systemReason
      _ = c(target, unlink)
      throw CurationError(
        "\(FileName.lastComponent(path)): not moved (the original cannot be removed: \(why))")
    }
    passing(.removed)
    return target
  }

  /// Copies the regular file at `path` into `folder`, under its own name.
  ///
  /// - Returns: the copy's path.
  /// - Throws: `CurationError`; no copy is left behind.
  package static func copy(
    _ path: String, into folder: String, passing: (Step) -> Void = { _ in }
  ) throws(CurationError) -> String {
    let target = try self.target(of: path, in: folder)
    try copyChecked(path, to: target, passing: passing)
    return target
  }

  /// Renames the file or folder at `path` to `newName` in the same folder: one rename that
  /// never replaces.
  ///
  /// - Returns: its new path.
  /// - Throws: `CurationError`, the file where it was: the name is not one name (empty,
  ///   `.`, `..`, a `/` in it), or taken, or the rename failed.
  package static func rename(_ path: String, to newName: String) throws(CurationError) -> String {
    guard !newName.isEmpty, newName != ".", newName != "..", !newName.contains("/"),
      !newName.utf8.contains(0)
    else {
      throw CurationError(
        "\(FileName.lastComponent(path)): “\(newName)” is not a file name; nothing changed")
    }
    let folder = path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
    let target = folder + newName
    guard c(path, { from in c(target) { masonry_rename_noreplace(from, $0) } }) == 0 else {
      throw errno == EEXIST
        ? CurationError("\(FileName.lastComponent(path)): \(newName) exists; nothing changed")
        : CurationError(
          "\(FileName.lastComponent(path)): not renamed: \(CurationError.systemReason)")
    }
    return target
  }

  /// The path `path` takes in `folder`; an error when one is there already.
  private static func target(of path: String, in folder: String) throws(CurationError) -> String {
    let target = (folder.hasSuffix("/") ? folder : folder + "/") + FileName.lastComponent(path)
    var status = stat()
    guard c(folder, { stat($0, &status) }) == 0, status.st_mode & S_IFMT == S_IFDIR else {
      throw CurationError("no folder \(folder); nothing changed")
    }
    guard c(path, { lstat($0, &status) }) == 0 else {
      throw CurationError("\(FileName.lastComponent(path)): \(CurationError.systemReason)")
    }
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw CurationError("\(FileName.lastComponent(path)): only files are moved and copied")
    }
    if c(target, { lstat($0, &status) }) == 0 {
      throw CurationError("\(FileName.lastComponent(path)): \(target) exists; nothing changed")
    }
    return target
  }

  /// Copies `path` to a hidden name beside `target`, flushes and compares it, then gives
  /// it `target`'s name without replacing anything.
  private static func copyChecked(
    _ path: String, to target: String, passing: (Step) -> Void
  ) throws(CurationError) {
    let slash = target.lastIndex(of: "/")!
    let hidden = "\(target[..<slash])/.\(FileName.lastComponent(path)).masonry-\(getpid())"
    do throws(CurationError) {
      try copyBytes(path, to: hidden, passing: passing)
      passing(.flushed)
      guard try sameBytes(path, hidden) else {
        throw CurationError(
          "\(FileName.lastComponent(path)): the copy differs (did it change meanwhile?)")
      }
      passing(.compared)
      guard c(hidden, { from in c(target) { masonry_rename_noreplace(from, $0) } }) == 0 else {
        throw failure(path, target)
      }
      passing(.named)
    } catch {
      _ = c(hidden, unlink)
      throw error
    }
  }

  /// Writes the bytes of `path` to a new file `copy` (its mode kept) and flushes it.
  private static func copyBytes(
    _ path: String, to copy: String, passing: (Step) -> Void
  ) throws(CurationError) {
    let input = c(path) { open($0, O_RDONLY | O_CLOEXEC) }
    guard input >= 0 else {
      throw CurationError("\(FileName.lastComponent(path)): \(CurationError.systemReason)")
    }
    defer { close(input) }
    var status = stat()
    guard fstat(input, &status) == 0 else {
      throw CurationError("\(FileName.lastComponent(path)): \(CurationError.systemReason)")
    }
    let output = c(copy) {
      open($0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, status.st_mode & 0o777)
    }
    guard output >= 0 else {
      throw CurationError("\(FileName.lastComponent(path)): \(CurationError.systemReason)")
    }
    defer { close(output) }
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else {
        throw CurationError("\(FileName.lastComponent(path)): \(CurationError.systemReason)")
      }
      if count == 0 { break }
      var done = 0
      while done < count {
        let written = buffer.withUnsafeBytes { write(output, $0.baseAddress! + done, count - done) }
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else {
          throw CurationError("\(FileName.lastComponent(path)): \(CurationError.systemReason)")
        }
        done += written
      }
      passing(.copying)
    }
    guard fsync(output) == 0 else {
      throw CurationError("\(FileName.lastComponent(path)): \(CurationError.systemReason)")
    }
  }

  /// Whether the files at `a` and `b` hold the same bytes.
  private static func sameBytes(_ a: String, _ b: String) throws(CurationError) -> Bool {
    let first = c(a) { open($0, O_RDONLY | O_CLOEXEC) }
    let second = c(b) { open($0, O_RDONLY | O_CLOEXEC) }
    defer {
      if first >= 0 { close(first) }
      if second >= 0 { close(second) }
    }
    guard first >= 0, second >= 0 else {
      throw CurationError("\(FileName.lastComponent(a)): \(CurationError.systemReason)")
    }
    var left = [UInt8](repeating: 0, count: 1 << 20)
    var right = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let count = readFully(first, &left)
      guard count >= 0, readFully(second, &right) == count else { return false }
      if count == 0 { return true }
      if left[..<count] != right[..<count] { return false }
    }
  }

  /// Fills `buffer` from `descriptor` as far as the file goes: the bytes read, or -1.
  private static func readFully(_ descriptor: Int32, _ buffer: inout [UInt8]) -> Int {
    var total = 0
    while total < buffer.count {
      let count = buffer.withUnsafeMutableBytes {
        read(descriptor, $0.baseAddress! + total, $0.count - total)
      }
      if count < 0 && errno == EINTR { continue }
      if count < 0 { return -1 }
      if count == 0 { break }
      total += count
    }
    return total
  }

  private static func failure(_ path: String, _ target: String) -> CurationError {
    errno == EEXIST
      ? CurationError("\(FileName.lastComponent(path)): \(target) exists; nothing changed")
      : CurationError("\(FileName.lastComponent(path)): not moved: \(CurationError.systemReason)")
  }

  private static func c<Result>(_ path: String, _ body: (UnsafePointer<CChar>) -> Result)
    -> Result
  {
    FileName.withCString(path, body)
  }
}
