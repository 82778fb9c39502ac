import CFileSupport
import PictureFiles

#if canImport(Glibc)
  import Glibc
#endif

/// The freedesktop Trash, as `gio trash` writes it (GLib 2.74, checked file for file by the
/// tests): a file on the volume of `$XDG_DATA_HOME` goes to `$XDG_DATA_HOME/Trash`; one on
/// another volume to `$topdir/.Trash/$uid` (when `.Trash` is a sticky folder, not a link)
/// or `$topdir/.Trash-$uid`, its path then written relative to the volume's top. Each
/// file's `info/NAME.trashinfo` holds its path (percent-escaped but for `/` and `-._~`)
/// and the local time; a name already in the trash gets a number before its extension
/// (`photo.2.jpg`). The info file is claimed first (`O_EXCL`), then the file is renamed in
/// — one `rename(2)`, so it is either where it was or in the trash — and a failed rename
/// takes the info file back. Nothing is ever deleted: a volume without a trash (a tmpfs,
/// which gio refuses too) is an error, the file untouched.
package struct Trash: Sendable {
  /// `$XDG_DATA_HOME`, else `$HOME/.local/share`.
  package let dataHome: String
  package let uid: uid_t

  package init(dataHome: String, uid: uid_t = getuid()) {
    self.dataHome = dataHome
    self.uid = uid
  }

  /// The trash of `environment`'s user (`XDG_DATA_HOME`, `HOME`).
  package init?(environment: [String: String]) {
    if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
      self.init(dataHome: data)
    } else if let home = environment["HOME"], home.hasPrefix("/") {
      self.init(dataHome: home + "/.local/share")
    } else {
      return nil
    }
  }

  /// Moves the file or folder at `path` to its volume's trash.
  ///
  /// - Throws: `CurationError` with the file where it was: it is not there, its volume
  ///   has no trash, or a step failed (why, from the system).
  package func move(_ path: String) throws(CurationError) -> TrashedFile {
    let original = try Self.absolute(path)
    var status = stat()
    guard Self.c(original, { lstat($0, &status) }) == 0 else {
      throw CurationError("\(FileName.lastComponent(original)): \(CurationError.systemReason)")
    }
    let (folder, recorded) = try trashFolder(for: original, device: status.st_dev)
    for sub in ["files", "info"] {
      try Self.makeFolder(folder + "/" + sub, parents: true)
    }
    let info = "[Trash Info]\nPath=\(Self.escaped(recorded))\nDeletionDate=\(Self.localTime())\n"
    let base = FileName.lastComponent(original)
    var number = 1
    while true {
      let name = number == 1 ? base : Self.numbered(base, number, isFolder: status.isFolder)
      number += 1
      let infoPath = "\(folder)/info/\(name).trashinfo"
      let target = "\(folder)/files/\(name)"
      let descriptor = Self.c(infoPath) {
        open($0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
      }
      if descriptor < 0 {
        if errno == EEXIST && number < 10_000 { continue }
        throw CurationError("\(base): the trash's info: \(CurationError.systemReason)")
      }
      var taken = stat()
      if Self.c(target, { lstat($0, &taken) }) == 0 {
        // A file without its info: left alone, and the name passed over.
        close(descriptor)
        _ = Self.c(infoPath, unlink)
        continue
      }
      let written = info.utf8CString.withUnsafeBufferPointer {
        write(descriptor, $0.baseAddress, $0.count - 1)
      }
      let synced = fsync(descriptor) == 0
      close(descriptor)
      guard written == info.utf8.count, synced else {
        let why = CurationError.systemReason
        _ = Self.c(infoPath, unlink)
        throw CurationError("\(base): the trash's info: \(why)")
      }
      guard Self.c(original, { from in Self.c(target) { rename(from, $0) } }) == 0 else {
        let why = CurationError.systemReason
        _ = Self.c(infoPath, unlink)
        throw CurationError("\(base): not moved to the trash: \(why)")
      }
      return TrashedFile(original: original, trashed: target, info: infoPath)
    }
  }

  /// Puts `file` back where it was and forgets its info.
  ///
  /// - Throws: `CurationError`, nothing changed: its place is taken meanwhile (it is never
  ///   replaced), or the rename failed.
  package func restore(_ file: TrashedFile) throws(CurationError) {
    let name = FileName.lastComponent(file.original)
    // The place is checked and taken in one step (RENAME_NOREPLACE).
    let moved = Self.c(file.trashed) { from in
      Self.c(file.original) { masonry_rename_noreplace(from, $0) }
    }
    guard moved == 0 else {
      if errno == EEXIST {
        throw CurationError("\(name): \(file.original) is taken; nothing changed")
      }
      throw CurationError("\(name): not put back: \(CurationError.systemReason)")
    }
    _ = Self.c(file.info, unlink)
  }

  /// The trash folder for a file of `device` at `original`, and the path its info records
  /// (absolute in the home trash, relative to the volume's top elsewhere).
  private func trashFolder(for original: String, device: dev_t) throws(CurationError) -> (
    String, String
  ) {
    try Self.makeFolder(dataHome, parents: true)
    var home = stat()
    if Self.c(dataHome, { stat($0, &home) }) == 0 && home.st_dev == device {
      return (dataHome + "/Trash", original)
    }
    let top = Self.top(of: original, device: device)
    if Self.c(top, masonry_is_tmpfs) == 1 {
      throw CurationError(
        "\(FileName.lastComponent(original)): \(top) is a tmpfs, which has no trash; nothing was deleted"
      )
    }
    let relative = String(original.dropFirst(top == "/" ? 1 : top.count + 1))
    var shared = stat()
    if Self.c(top + "/.Trash", { lstat($0, &shared) }) == 0, shared.isFolder,
      shared.st_mode & S_ISVTX != 0
    {
      return ("\(top)/.Trash/\(uid)", relative)
    }
    return ("\(top)/.Trash-\(uid)", relative)
  }

  /// The topmost folder above `path` on its volume (`device`).
  private static func top(of path: String, device: dev_t) -> String {
    var top = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
    if top.isEmpty { return "/" }
    while let slash = top.lastIndex(of: "/") {
      let parent = slash == top.startIndex ? "/" : String(top[..<slash])
      var status = stat()
      guard Self.c(parent, { stat($0, &status) }) == 0, status.st_dev == device else { break }
      top = parent
      if parent == "/" { break }
    }
    return top
  }

  /// `path` made absolute, its folder without links or dots (the file itself, a link
  /// perhaps, is what is trashed).
  private static func absolute(_ path: String) throws(CurationError) -> String {
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    guard !name.isEmpty, name != ".", name != "..", let base = FileName.realPath(folder) else {
      throw CurationError("\(path): no such file")
    }
    return (base == "/" ? "" : base) + "/" + name
  }

  /// A folder made 0700 when missing (and its parents with `parents`); one that is there
  /// must not be a link.
  private static func makeFolder(_ path: String, parents: Bool = false) throws(CurationError) {
    var status = stat()
    if c(path, { lstat($0, &status) }) == 0 {
      guard status.isFolder else { throw CurationError("\(path) is not a folder") }
      return
    }
    if parents, let slash = path.lastIndex(of: "/"), slash != path.startIndex {
      try makeFolder(String(path[..<slash]), parents: true)
    }
    guard c(path, { mkdir($0, 0o700) }) == 0 || errno == EEXIST else {
      throw CurationError("\(path): \(CurationError.systemReason)")
    }
  }

  /// `base` with `number` before its extension (`photo.2.jpg`), or after a folder's name.
  static func numbered(_ base: String, _ number: Int, isFolder: Bool) -> String {
    guard !isFolder, let dot = base.lastIndex(of: "."), dot != base.startIndex else {
      return "\(base).\(number)"
    }
    return "\(base[..<dot]).\(number)\(base[dot...])"
  }

  /// `path` escaped as the spec's `Path` key wants it: every byte but letters, digits,
  /// `-._~` and `/` as `%XX`.
  static func escaped(_ path: String) -> String {
    var result = ""
    for byte in FileName.bytes(path) {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
        result.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let digits = Array("0123456789ABCDEF".utf8)
        result +=
          "%" + String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 15)]], as: UTF8.self)
      }
    }
    return result
  }

  /// Now, local time, as the spec's `DeletionDate` wants it (`2026-12-05T04:38:31`).
  static func localTime() -> String {
    var now = time(nil)
    var parts = tm()
    localtime_r(&now, &parts)
    var buffer = [CChar](repeating: 0, count: 32)
    let count = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S", &parts)
    return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// `body` given `path` as the system calls take it (a name that is not UTF-8 keeps its
  /// bytes, `FileName`).
  private static func c<Result>(_ path: String, _ body: (UnsafePointer<CChar>) -> Result)
    -> Result
  {
    FileName.withCString(path, body)
  }
}

extension stat {
  fileprivate var isFolder: Bool { st_mode & S_IFMT == S_IFDIR }
}
