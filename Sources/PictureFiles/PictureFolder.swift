import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The pictures of folders and of files named on the command line, in the order people
/// expect: a folder's pictures by name (numbers by value), date or size, then its
/// sub-folders, each a section of its own. Only headers are read, so a folder of 10,000
/// pictures is listed at once; a file is a picture when its first bytes say so.
///
/// What cannot be shown is not dropped when it was meant as a picture: a path named on
/// the command line, or a folder's entry named like one (`x.jpg`), becomes an entry with
/// the reason (empty file, not a picture, not a regular file, link loop, not found).
/// Other files (a README among photos) are left out.
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
    /// The file's size in bytes (`nil`: not a regular file, or not there).
    package var bytes: Int?
    /// `YYYY-MM-DD HH:MM`: the date taken (EXIF), else the modification time (`nil`:
    /// not there).
    package var date: String?
    /// The header, or why it cannot be read (the picture still gets its place).
    package var header: Result<PictureInfo, PictureFailure>
    /// A file no decoder here reads whose name a desktop thumbnailer takes: its MIME type
    /// (its picture is that thumbnailer's).
    package var thumbnailed: String?
  }

  /// What a listing left out: files that are no picture (a README, notes), and
  /// sub-folders not entered (without `-r`), of which those that hold pictures.
  package struct LeftOut: Hashable, Sendable {
    package var files = 0
    package var folders = 0
    package var foldersWithPictures = 0

    package init() {}

    package static func + (lhs: LeftOut, rhs: LeftOut) -> LeftOut {
      var sum = lhs
      sum.files += rhs.files
      sum.folders += rhs.folders
      sum.foldersWithPictures += rhs.foldersWithPictures
      return sum
    }
  }

  /// Where a path given by name is, or why it cannot be listed.
  package enum Listing: Sendable {
    case entries([Entry], leftOut: LeftOut)
    /// The path is not there or cannot be looked at, for this reason.
    case missing(String)
  }

  /// How deep `-r` goes below the folder named (links to folders make deep trees cheap).
  package static let maximumDepth = 32

  /// The pictures at `path`: itself when it is a file (with the reason when it is not a
  /// picture), or those of the folder (and, with `recursive`, its sub-folders', each
  /// with its section, following links to folders once each).
  package static func pictures(
    at path: String, recursive: Bool, sort: Sort, descending: Bool = false,
    headers: PictureHeaderCache? = nil
  ) -> Listing {
    var status = stat()
    var link = stat()
    guard FileName.withCString(path, { stat($0, &status) }) == 0 else {
      let code = errno
      // A link that leads nowhere, or to itself, is a card that says so; a path that is
      // not there at all is the caller's mistake.
      if FileName.withCString(path, { lstat($0, &link) }) == 0 {
        return .entries(
          [failed(path: path, name: fileName(path), PictureFile.failure(code))], leftOut: LeftOut())
      }
      return .missing(code == ENOENT ? "no such file or directory" : PictureFile.reason(code))
    }
    if status.st_mode & S_IFMT == S_IFDIR {
      var visited: Set<FileIdentity> = [FileIdentity(status)]
      var leftOut = LeftOut()
      let files = folder(
        path, section: nil, recursive: recursive, sort: sort, descending: descending, depth: 0,
        visited: &visited, headers: headers, leftOut: &leftOut)
      return .entries(files, leftOut: leftOut)
    }
    return .entries(
      entry(path: path, name: fileName(path), named: true).map { [$0] } ?? [], leftOut: LeftOut())
  }

  /// Whether `name` ends like a picture's (`.jpg`, `.PNG`, `.webp`, `.gif`, …): such a
  /// file in a folder is a card even when it is not one.
  package static func isNamedLikePicture(_ name: String) -> Bool {
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
    return pictureExtensions.contains(name[name.index(after: dot)...].lowercased())
  }

  private static let pictureExtensions: Set<String> = [
    "jpg", "jpeg", "jpe", "jfif", "png", "apng", "webp", "gif", "bmp", "dib", "tif", "tiff",
    "heic", "heif", "hif", "avif", "jxl", "svg", "pdf", "mp4", "m4v", "mov", "qt", "mkv",
    "webm", "avi",
  ]

  /// A file's device and inode: a folder reached twice (a link, a bind mount) is listed
  /// once.
  private struct FileIdentity: Hashable {
    var device: UInt
    var inode: UInt

    init(_ status: stat) {
      device = UInt(status.st_dev)
      inode = UInt(status.st_ino)
    }
  }

  /// Whether the folder at `path` holds a picture among its first 256 names (by their
  /// first bytes).
  private static func holdsPictures(_ path: String) -> Bool {
    names(in: path).prefix(256).contains { name in
      isPicture(path.hasSuffix("/") ? path + name : path + "/" + name)
    }
  }

  /// Whether the file at `path` starts like a picture (never opening what is not a
  /// regular file: a FIFO's writer keeps its data).
  package static func isPicture(_ path: String) -> Bool {
    guard let file = try? PictureFile(path: path) else { return false }
    var bytes = [UInt8](repeating: 0, count: PictureFormat.sniffBytes)
    let count = bytes.withUnsafeMutableBytes {
      pread(file.descriptor, $0.baseAddress, $0.count, 0)
    }
    return count > 0 && PictureFormat.sniff(Array(bytes.prefix(count))) != nil
  }

  private static func folder(
    _ folder: String, section: String?, recursive: Bool, sort: Sort, descending: Bool,
    depth: Int, visited: inout Set<FileIdentity>, headers: PictureHeaderCache?,
    leftOut: inout LeftOut
  ) -> [Entry] {
    var files: [Entry] = []
    // Files to look at (their headers are read on every core at once), with the version
    // `stat` gave (a header kept for that version needs no opening).
    var candidates: [Candidate] = []
    let known = headers?.headers(forFolder: folder) ?? [:]
    // Sub-folders met: their names, whether a link led to them, and what they are.
    var found: [(name: String, isLink: Bool, identity: FileIdentity)] = []
    for name in names(in: folder) {
      let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
      var status = stat()
      guard FileName.withCString(path, { lstat($0, &status) }) == 0 else { continue }
      let isLink = status.st_mode & S_IFMT == S_IFLNK
      if isLink {
        var target = stat()
        guard FileName.withCString(path, { stat($0, &target) }) == 0 else {
          // A dangling link or a loop: a card when it is named like a picture.
          if isNamedLikePicture(name) {
            var file = failed(path: path, name: name, PictureFile.failure(errno))
            file.section = section
            files.append(file)
          }
          continue
        }
        status = target
      }
      if status.st_mode & S_IFMT == S_IFDIR {
        if recursive {
          if depth < maximumDepth { found.append((name, isLink, FileIdentity(status))) }
          continue
        }
        if isNamedLikePicture(name) {
          var file = failed(path: path, name: name, .notRegularFile)
          file.section = section
          files.append(file)
        } else if !name.hasPrefix(".") {
          // Not entered without -r: counted, and whether it holds a picture (its first
          // names are looked at, not its headers) so the browser can suggest -r.
          leftOut.folders += 1
          if holdsPictures(path) { leftOut.foldersWithPictures += 1 }
        }
        continue
      }
      let stamp = PictureStamp(
        modified: Int(status.st_mtim.tv_sec) * 1_000_000_000 + Int(status.st_mtim.tv_nsec),
        bytes: Int(status.st_size))
      candidates.append(Candidate(path: path, name: name, stamp: stamp, known: known[name]))
    }
    let listed = entries(of: candidates)
    if let headers {
      var found: [String: PictureHeaderCache.Kept] = [:]
      for (candidate, read) in zip(candidates, listed) where read.kept?.isKeepable == true {
        found[candidate.name] = read.kept
      }
      if found != known { headers.store(found, forFolder: folder) }
    }
    leftOut.files += listed.count { $0.entry == nil }
    for var file in listed.compactMap(\.entry) {
      file.section = section
      files.append(file)
    }
    // Sorted by index, each name split into scalars once: a thousand names sort without
    // moving entries or allocating in a comparison.
    let keys = files.map { Array($0.name.unicodeScalars) }
    let order = files.indices.sorted { i, j in
      let (a, b) = (files[i], files[j])
      switch sort {
      case .name: return NaturalOrder.precedes(keys[i], keys[j])
      case .date:
        let (first, second) = (a.date ?? "", b.date ?? "")
        return first != second ? first < second : NaturalOrder.precedes(keys[i], keys[j])
      case .size:
        let (first, second) = (a.bytes ?? 0, b.bytes ?? 0)
        return first != second ? first < second : NaturalOrder.precedes(keys[i], keys[j])
      }
    }
    files = (descending ? order.reversed() : order).map { files[$0] }
    // Each folder once (by device and inode), however many links lead to it: the folder
    // itself before a link to it, then links by name, so the choice never depends on the
    // order the system lists names in.
    found.sort { a, b in a.isLink != b.isLink ? !a.isLink : NaturalOrder.precedes(a.name, b.name) }
    let folders = found.filter { visited.insert($0.identity).inserted }.map(\.name)
    for name in folders.sorted(by: NaturalOrder.precedes) {
      let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
      files += self.folder(
        path, section: section.map { $0 + "/" + name } ?? name, recursive: true, sort: sort,
        descending: descending, depth: depth + 1, visited: &visited, headers: headers,
        leftOut: &leftOut)
    }
    return files
  }

  /// A file of a folder to list: where it is, and what `stat` said of it.
  private struct Candidate: Sendable {
    var path: String
    var name: String
    var stamp: PictureStamp
    /// What was kept of it, if anything (used when it is of this version).
    var known: PictureHeaderCache.Kept?
  }

  /// What listing one candidate gave: its entry (`nil` for a file that is no picture and
  /// not named like one), and what is worth keeping of its header for the next listing.
  private struct Listed: Sendable {
    var entry: Entry?
    var kept: PictureHeaderCache.Kept?
  }

  /// The entry of `candidate`: from what was kept when that is of the file's version
  /// (nothing is opened, for a picture or for a file that is none), else read.
  private static func listed(_ candidate: Candidate) -> Listed {
    let meant = isNamedLikePicture(candidate.name)
    if let kept = candidate.known, kept.stamp == candidate.stamp {
      return Listed(
        entry: entry(kept, path: candidate.path, name: candidate.name, meant: meant), kept: kept)
    }
    do {
      let file = try PictureFile(path: candidate.path)
      let kept = header(of: file)
      return Listed(
        entry: entry(kept, path: candidate.path, name: candidate.name, meant: meant), kept: kept)
    } catch {
      return Listed(
        entry: meant ? failed(path: candidate.path, name: candidate.name, error) : nil, kept: nil)
    }
  }

  /// The entries of `candidates`, in their order: the headers read on every core (a
  /// thousand files take a few tens of milliseconds one by one).
  private static func entries(of candidates: [Candidate]) -> [Listed] {
    let workers = Swift.max(1, Swift.min(8, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))))
    let unknown = candidates.filter { $0.known?.stamp != $0.stamp }.count
    guard workers > 1, unknown >= 64 else { return candidates.map(listed) }
    let slices = Mutex<[[Listed]]>(Array(repeating: [], count: workers))
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
      let range =
        (candidates.count * worker / workers)..<(candidates.count * (worker + 1) / workers)
      let found = range.map { listed(candidates[$0]) }
      slices.withLock { $0[worker] = found }
    }
    return slices.withLock { $0 }.flatMap { $0 }
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

  /// The entry of the file at `path`: a picture, or (when it was `named` on the command
  /// line or is named like a picture) why it is not one; `nil` for any other file.
  private static func entry(path: String, name: String, named: Bool) -> Entry? {
    let meant = named || isNamedLikePicture(name)
    // Opened once: the header is read from it, and its size and time come with it.
    do {
      return entry(header(of: try PictureFile(path: path)), path: path, name: name, meant: meant)
    } catch {
      return meant ? failed(path: path, name: name, error) : nil
    }
  }

  /// The header of the open `file`, or why it has none, for the version it is.
  private static func header(of file: borrowing PictureFile) -> PictureHeaderCache.Kept {
    let header = Result { () throws(PictureFailure) in try PictureInfo.read(file: file) }
    switch header {
    case .failure(.notAPicture) where file.stamp.bytes == 0:
      return PictureHeaderCache.Kept(stamp: file.stamp, header: .failure(.emptyFile))
    default: return PictureHeaderCache.Kept(stamp: file.stamp, header: header)
    }
  }

  /// The entry of a file whose header reading gave `kept`: `nil` for a file that is no
  /// picture unless it was `meant` as one.
  private static func entry(
    _ kept: PictureHeaderCache.Kept, path: String, name: String, meant: Bool
  ) -> Entry? {
    var date = localTime(kept.stamp.modified / 1_000_000_000)
    var thumbnailed: String?
    switch kept.header {
    case .failure(.notAPicture):
      // A file a desktop thumbnailer takes (an icon, a Photoshop or GIMP file) is shown
      // by that thumbnailer's picture, as a file manager shows it.
      thumbnailed = Thumbnailers.shared.thumbnailer(forName: name)?.mimeType
      guard meant || thumbnailed != nil else { return nil }
    case .failure(.emptyFile):
      guard meant else { return nil }
    case .success(let info):
      if let taken = info.dateTaken { date = exifDate(taken) }
    case .failure:
      break
    }
    return Entry(
      path: path, name: name, section: nil, bytes: kept.stamp.bytes, date: date,
      header: kept.header, thumbnailed: thumbnailed)
  }

  /// The entry of something at `path` that is no picture, for `reason`.
  private static func failed(path: String, name: String, _ reason: PictureFailure) -> Entry {
    Entry(
      path: path, name: name, section: nil, bytes: nil, date: nil, header: .failure(reason),
      thumbnailed: nil)
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
