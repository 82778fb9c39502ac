import PictureFiles

#if canImport(Glibc)
  import Glibc
#endif

/// Tab at a folder prompt: the folders whose names continue what was typed, as a shell
/// completes them. `~/` is the home folder; a relative path is the working folder's. Names
/// are listed from the disk (untrusted: shown through the status bar's sanitiser, typed
/// only as text), hidden ones only when what was typed starts with a dot.
package struct FolderCompletion: Hashable, Sendable {
  /// What was typed when Tab was pressed (the answer is for that text only).
  package var typed: String
  /// What was typed, continued as far as every candidate agrees (a `/` after a single one).
  package var completed: String
  /// The candidates' names, sorted, at most `limit`.
  package var candidates: [String]

  package init(typed: String, completed: String, candidates: [String]) {
    self.typed = typed
    self.completed = completed
    self.candidates = candidates
  }

  /// How many names are kept for the status line.
  package static let limit = 64

  /// Completes `typed` against the folders on the disk (`home` for `~`, a relative path
  /// from `base`, else the working folder).
  package static func complete(_ typed: String, home: String?, base: String? = nil)
    -> FolderCompletion
  {
    let slash = typed.lastIndex(of: "/")
    let folderPart = slash.map { String(typed[...$0]) } ?? ""
    let prefix = slash.map { String(typed[typed.index(after: $0)...]) } ?? typed
    var folder = folderPart.isEmpty ? "." : folderPart
    if folder.hasPrefix("~/"), let home {
      folder = home + folder.dropFirst()
    } else if let base, !folder.hasPrefix("/") {
      folder = base + "/" + folder
    }
    var names: [String] = []
    var truncated = false
    FileName.withCString(folder) { path in
      guard let directory = opendir(path) else { return }
      defer { closedir(directory) }
      let descriptor = dirfd(directory)
      while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
          FileName.string(fromBytes: Array(raw.prefix { $0 != 0 }))
        }
        guard name != ".", name != "..", name.hasPrefix(prefix) else { continue }
        guard prefix.hasPrefix(".") || !name.hasPrefix(".") else { continue }
        var status = stat()
        // A link to a folder is a folder to move into.
        guard FileName.withCString(name, { fstatat(descriptor, $0, &status, 0) }) == 0,
          status.st_mode & S_IFMT == S_IFDIR
        else { continue }
        if names.count == 4096 {
          truncated = true
          break
        }
        names.append(name)
      }
    }
    names.sort()
    var completed = typed
    if names.count == 1 {
      completed = folderPart + names[0] + "/"
    } else if let first = names.first, !truncated {
      var common = Substring(first)
      for name in names.dropFirst() {
        while !name.hasPrefix(common) { common = common.dropLast() }
      }
      if common.count > prefix.count { completed = folderPart + common }
    }
    return FolderCompletion(
      typed: typed, completed: completed, candidates: Array(names.prefix(limit)))
  }
}
