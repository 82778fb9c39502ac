#if canImport(Glibc)
  import Glibc
#endif

/// The pictures of folders and of files named on the command line, in the order people
/// expect: a folder's pictures by name (numbers by value), date or size, then its
/// sub-folders, each a section of its own. Only headers are read, so a folder of 10,000
/// pictures is listed at once; a file is a picture when its first bytes say so.
package enum PictureFolder {
  /// The order of the pictures within a folder (all ascending).
  package enum Sort: String, CaseIterable, Sendable {
    /// By file name, numbers by value: `img2` before `img10`.
    case name
    /// By the date taken (EXIF), else the modification time: the oldest first.
    case date
    /// By file size: the smallest first.
    case size
  }

  /// One picture file and what is known of it without decoding it.
  package struct Entry: Sendable {
    package var path: String
    /// The file's name, as shown.
    package var name: String
    /// The sub-folder it is in, below the folder listed (`nil`: the folder itself).
    package var section: String?
    /// The file's size in bytes.
    package var bytes: Int
    /// `YYYY-MM-DD HH:MM`: the date taken (EXIF), else the modification time.
    package var date: String
    /// The header, or why it cannot be read (the picture still gets its place).
    package var header: Result<PictureInfo, PictureFailure>
  }

  /// Where a path given by name is, or why it cannot be listed.
  package enum Listing: Sendable {
    case entries([Entry])
    /// The path is not there or cannot be looked at, for this reason.
    case missing(String)
  }

  /// The pictures at `path`: itself when it is a picture file, or those of the folder
  /// (and, with `recursive`, its sub-folders', each with its section).
  package static func pictures(at path: String, recursive: Bool, sort: Sort) -> Listing {
    var status = stat()
    guard FileName.withCString(path, { stat($0, &status) }) == 0 else {
      return .missing(errno == ENOENT ? "no such file or directory" : PictureFile.reason(errno))
    }
    if status.st_mode & S_IFMT == S_IFDIR {
      return .entries(folder(path, section: nil, recursive: recursive, sort: sort))
    }
    return .entries(entry(path: path, name: fileName(path)).map { [$0] } ?? [])
  }

  /// Whether the file at `path` starts like a picture (never opening what is not a
  /// regular file: a FIFO's writer keeps its data).
  package static func isPicture(_ path: String) -> Bool {
    guard let file = try? PictureFile(path: path) else { return false }
    var bytes = [UInt8](repeating: 0, count: 16)
    let count = bytes.withUnsafeMutableBytes { pread(file.descriptor, $0.baseAddress, 16, 0) }
    return count > 0 && PictureFormat.sniff(Array(bytes.prefix(count))) != nil
  }

  private static func folder(_ folder: String, section: String?, recursive: Bool, sort: Sort)
    -> [Entry]
  {
    var files: [Entry] = []
    var folders: [String] = []
    for name in names(in: folder) {
      let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
      var status = stat()
      // lstat: a link to a folder is not followed (no loops); a link to a file is.
      guard FileName.withCString(path, { lstat($0, &status) }) == 0 else { continue }
      if status.st_mode & S_IFMT == S_IFDIR {
        if recursive { folders.append(name) }
        continue
      }
      guard var file = entry(path: path, name: name) else { continue }
      file.section = section
      files.append(file)
    }
    files.sort { a, b in
      switch sort {
      case .name: return NaturalOrder.precedes(a.name, b.name)
      case .date:
        return a.date != b.date ? a.date < b.date : NaturalOrder.precedes(a.name, b.name)
      case .size:
        return a.bytes != b.bytes ? a.bytes < b.bytes : NaturalOrder.precedes(a.name, b.name)
      }
    }
    for name in folders.sorted(by: NaturalOrder.precedes) {
      let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
      files += self.folder(
        path, section: section.map { $0 + "/" + name } ?? name, recursive: true, sort: sort)
    }
    return files
  }

  /// The names in `folder`, without hidden ones.
  private static func names(in folder: String) -> [String] {
    guard let directory = FileName.withCString(folder, { opendir($0) }) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      // Names are bytes: kept exactly, so that one that is not UTF-8 opens too.
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        FileName.string(fromBytes: raw.prefix { $0 != 0 })
      }
      if !name.hasPrefix(".") { names.append(name) }
    }
    return names
  }

  /// The entry of the file at `path`, or `nil` when it does not start like a picture.
  private static func entry(path: String, name: String) -> Entry? {
    guard isPicture(path) else { return nil }
    var status = stat()
    _ = FileName.withCString(path) { stat($0, &status) }
    let header = Result { () throws(PictureFailure) in try PictureInfo.read(.file(path)) }
    var date = localTime(status.st_mtim.tv_sec)
    if case .success(let info) = header, let taken = info.dateTaken { date = exifDate(taken) }
    return Entry(
      path: path, name: name, section: nil, bytes: Int(status.st_size), date: date,
      header: header)
  }

  private static func fileName(_ path: String) -> String {
    let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
    return trimmed.split(separator: "/").last.map(String.init) ?? trimmed
  }

  /// `2021:07:04 10:30:00` → `2021-07-04 10:30`.
  private static func exifDate(_ date: String) -> String {
    let parts = date.split(separator: " ")
    guard parts.count == 2 else { return date }
    return String(parts[0].map { $0 == ":" ? "-" : $0 }) + " " + parts[1].prefix(5)
  }

  private static func localTime(_ seconds: Int) -> String {
    var time = time_t(seconds)
    var fields = tm()
    guard localtime_r(&time, &fields) != nil else { return "" }
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(fields.tm_year + 1900)-\(two(fields.tm_mon + 1))-\(two(fields.tm_mday)) "
      + "\(two(fields.tm_hour)):\(two(fields.tm_min))"
  }
}
