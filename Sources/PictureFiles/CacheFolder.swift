import Synchronization
import TerminalText

#if canImport(Glibc)
  import Glibc
#endif

/// A folder masonry keeps a cache in (the thumbnails, the folders' headers): the one guard
/// between the caches and the disk. It is opened only when it is masonry's to write and
/// prune in: not a symbolic link, the user's own, writable by nobody else (as OpenSSH and
/// GnuPG treat their folders); everything after goes through the folder's descriptor, so
/// a folder swapped for a link afterwards changes nothing.
///
/// Only masonry's files are read as entries, counted or removed: a name of 32 lowercase
/// hex digits, a regular file of the user's, starting with the cache's magic. A file in
/// the folder that is not one (a document, another program's file) is never counted,
/// replaced or deleted. Files are written to a temporary name and renamed (a reader never
/// sees half a file); temporaries a crashed writer left are removed once stale.
///
/// Bounded: past `budget` the files used longest ago go, down to nine tenths of it. The
/// total is kept per process and counted again from the folder before deciding not to
/// prune whenever it is near the budget or the folder changed other than by this process
/// (its modification time says so), so that several instances writing one cache keep it
/// within the budget too.
package final class CacheFolder: Sendable {
  /// Where the folder is.
  package let path: String
  /// What every file of the cache starts with (its magic, of any version).
  package let magic: [UInt8]
  /// The most bytes the cache's files may take.
  package let budget: Int
  private let descriptor: Int32
  private let counter = Atomic<Int>(0)
  private let usage = Mutex(Usage())
  /// Names already found to be the cache's, with the version (inode, size, time) they were
  /// found at: a file is opened to check its magic once, not at every count.
  private let known = Mutex<[String: Version]>([:])

  private struct Version: Hashable {
    var inode: UInt64
    var bytes: Int
    var modified: Int

    init(_ status: stat) {
      inode = UInt64(status.st_ino)
      bytes = Int(status.st_size)
      modified = Int(status.st_mtim.tv_sec) * 1_000_000_000 + Int(status.st_mtim.tv_nsec)
    }
  }

  /// How old a temporary file must be to be a crashed writer's (a write takes
  /// milliseconds), in seconds.
  package static let staleTemporaryAge = 600

  private struct Usage {
    /// The bytes of the cache's files, as last counted and added to since.
    var total: Int?
    /// The folder's modification time after this process last changed or counted it.
    var seen: Int?
  }

  /// Why a folder is not used as a cache.
  package enum Refusal: Error, Hashable, Sendable, CustomStringConvertible {
    case cannotMake(String, reason: String)
    case notAFolder(String)
    case link(String)
    case notOwned(String)
    case writableByOthers(String)

    package var description: String {
      switch self {
      case .cannotMake(let path, let reason): return "cannot make \(path): \(reason)"
      case .notAFolder(let path): return "\(path) is not a folder"
      case .link(let path): return "\(path) is a symbolic link"
      case .notOwned(let path): return "\(path) belongs to another user"
      case .writableByOthers(let path): return "\(path) is writable by group or others"
      }
    }

    /// The one-line warning a person sees: the reason, and that no disk cache is used.
    package var warning: String {
      "warning: cache folder refused: \(MessageText.path(description)); running without a disk cache"
    }

    /// The warning short enough for the status bar: the folder by its last name.
    package var notice: String {
      let (path, reason): (String, String)
      switch self {
      case .cannotMake(let folder, let why): (path, reason) = (folder, "cannot be made: \(why)")
      case .notAFolder(let folder): (path, reason) = (folder, "is not a folder")
      case .link(let folder): (path, reason) = (folder, "is a symbolic link")
      case .notOwned(let folder): (path, reason) = (folder, "is another user's")
      case .writableByOthers(let folder): (path, reason) = (folder, "is writable by others")
      }
      let name = path.split(separator: "/").last.map(String.init) ?? path
      return "no disk cache: \(MessageText.path(name)) \(reason)"
    }
  }

  private init(path: String, descriptor: Int32, magic: [UInt8], budget: Int) {
    self.path = path
    self.descriptor = descriptor
    self.magic = magic
    self.budget = budget
  }

  deinit { close(descriptor) }

  /// Opens `root/components…` as a cache folder, making what is missing (`0700`). `root`
  /// (the user's cache folder, which may be a link) is made as it is; each of
  /// `components` (masonry's own folders) must be a real folder of the user's that nobody
  /// else may write.
  package static func open(
    root: String, components: [String], magic: [UInt8], budget: Int
  ) -> Result<CacheFolder, Refusal> {
    var status = stat()
    if stat(root, &status) == 0 && status.st_mode & S_IFMT != S_IFDIR {
      return .failure(.notAFolder(root))
    }
    guard makeFolders(root) else {
      return .failure(.cannotMake(root, reason: String(cString: strerror(errno))))
    }
    var current = FileName.withCString(root) { Glibc.open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
    guard current >= 0 else {
      return .failure(.cannotMake(root, reason: String(cString: strerror(errno))))
    }
    var path = root
    for component in components {
      path += "/" + component
      let next = openChecked(component, in: current, path: path)
      close(current)
      switch next {
      case .failure(let refusal): return .failure(refusal)
      case .success(let descriptor): current = descriptor
      }
    }
    return .success(CacheFolder(path: path, descriptor: current, magic: magic, budget: budget))
  }

  /// Folder `name` in folder `parent`, made if missing, opened without following a link
  /// and checked.
  private static func openChecked(_ name: String, in parent: Int32, path: String) -> Result<
    Int32, Refusal
  > {
    if mkdirat(parent, name, 0o700) != 0 && errno != EEXIST {
      return .failure(.cannotMake(path, reason: String(cString: strerror(errno))))
    }
    var status = stat()
    guard fstatat(parent, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else {
      return .failure(.cannotMake(path, reason: String(cString: strerror(errno))))
    }
    if status.st_mode & S_IFMT == S_IFLNK { return .failure(.link(path)) }
    guard status.st_mode & S_IFMT == S_IFDIR else { return .failure(.notAFolder(path)) }
    let descriptor = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else {
      return .failure(errno == ELOOP ? .link(path) : .notAFolder(path))
    }
    // What was opened is what was looked at, and it is the user's alone.
    var opened = stat()
    guard fstat(descriptor, &opened) == 0, opened.st_ino == status.st_ino,
      opened.st_dev == status.st_dev
    else {
      close(descriptor)
      return .failure(.link(path))
    }
    if opened.st_uid != geteuid() {
      close(descriptor)
      return .failure(.notOwned(path))
    }
    if opened.st_mode & 0o022 != 0 {
      close(descriptor)
      return .failure(.writableByOthers(path))
    }
    return .success(descriptor)
  }

  /// Makes `directory` and the folders above it (`0700`); whether it is a folder now.
  private static func makeFolders(_ directory: String) -> Bool {
    var status = stat()
    if stat(directory, &status) == 0 { return status.st_mode & S_IFMT == S_IFDIR }
    var path = ""
    for part in directory.split(separator: "/") {
      path += "/" + part
      if mkdir(path, 0o700) != 0 && errno != EEXIST { return false }
    }
    return true
  }

  // MARK: Files

  /// Whether `name` is shaped like one of the cache's files: 32 lowercase hex digits.
  package static func isCacheName(_ name: String) -> Bool {
    name.utf8.count == 32
      && name.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
  }

  /// The whole file `name` when it is a regular file (not a link) of at most
  /// `maximumBytes`.
  package func read(_ name: String, maximumBytes: Int) -> [UInt8]? {
    let file = openat(descriptor, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard file >= 0 else { return nil }
    defer { close(file) }
    var status = stat()
    guard fstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
      status.st_size <= maximumBytes
    else { return nil }
    return Self.readAll(file, count: Int(status.st_size))
  }

  /// Marks `name` used now: the last to go when the budget is reached.
  package func touch(_ name: String) {
    _ = utimensat(descriptor, name, nil, AT_SYMLINK_NOFOLLOW)
  }

  /// Removes `name` when it is the cache's file (a damaged one found on reading); a file
  /// that is not the cache's stays.
  package func remove(_ name: String) {
    guard isOurs(name) != nil else { return }
    if unlinkat(descriptor, name, 0) == 0 { _ = known.withLock { $0.removeValue(forKey: name) } }
  }

  /// Writes `bytes` (which start with the magic) as `name`, replacing the cache's file of
  /// that name but nothing else, then keeps the folder within the budget; whether the file
  /// is there whole.
  @discardableResult
  package func write(_ bytes: [UInt8], as name: String) -> Bool {
    guard Self.isCacheName(name), bytes.starts(with: magic) else { return false }
    var status = stat()
    if fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 && isOurs(name) == nil {
      return false
    }
    let temporary = ".tmp-\(getpid())-\(counter.add(1, ordering: .relaxed).oldValue)"
    let file = openat(
      descriptor, temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard file >= 0 else { return false }
    let whole = Self.writeAll(bytes, to: file)
    var written = stat()
    let version = fstat(file, &written) == 0 ? Version(written) : nil
    close(file)
    // Whether another process changed the folder since this one last looked: then its
    // count of the folder is stale.
    let changedByOthers = usage.withLock { $0.seen } != folderTime()
    guard whole, let version, renameat(descriptor, temporary, descriptor, name) == 0 else {
      unlinkat(descriptor, temporary, 0)
      return false
    }
    known.withLock { $0[name] = version }
    added(bytes.count, changedByOthers: changedByOthers)
    return true
  }

  /// The folder's modification time (nanoseconds): it changes with every file added,
  /// renamed or removed, by any process.
  private func folderTime() -> Int? {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return nil }
    return Int(status.st_mtim.tv_sec) * 1_000_000_000 + Int(status.st_mtim.tv_nsec)
  }

  /// What `stat` says of `name` when it is the cache's file: its name, a regular file of
  /// the user's, starting with the magic.
  private func isOurs(_ name: String) -> stat? {
    guard Self.isCacheName(name) else { return nil }
    var status = stat()
    guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0,
      status.st_mode & S_IFMT == S_IFREG, status.st_uid == geteuid()
    else { return nil }
    let version = Version(status)
    if known.withLock({ $0[name] }) == version { return status }
    guard startsWithMagic(name) else { return nil }
    known.withLock { $0[name] = version }
    return status
  }

  private func startsWithMagic(_ name: String) -> Bool {
    let file = openat(descriptor, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard file >= 0 else { return false }
    defer { close(file) }
    return Self.readAll(file, count: magic.count) == magic
  }

  // MARK: The budget

  /// One of the cache's files: its name, bytes and last use (nanoseconds).
  package struct Entry: Hashable, Sendable {
    package var name: String
    package var bytes: Int
    package var used: Int
  }

  /// The cache's files (nothing else in the folder), and stale temporaries removed.
  package func entries() -> [Entry] {
    let copy = dup(descriptor)
    guard copy >= 0, let folder = fdopendir(copy) else {
      if copy >= 0 { close(copy) }
      return []
    }
    defer { closedir(folder) }
    // The copy shares the descriptor's position, which the last listing left at the end.
    rewinddir(folder)
    var names: [String] = []
    while let entry = readdir(folder) {
      names.append(
        withUnsafeBytes(of: entry.pointee.d_name) { raw in
          FileName.string(fromBytes: raw.prefix { $0 != 0 })
        })
    }
    var found: [Entry] = []
    let now = time(nil)
    for name in names {
      if name.hasPrefix(".tmp-") {
        removeIfStale(name, now: now)
        continue
      }
      guard let status = isOurs(name) else { continue }
      found.append(
        Entry(
          name: name, bytes: Int(status.st_size),
          used: Int(status.st_mtim.tv_sec) * 1_000_000_000 + Int(status.st_mtim.tv_nsec)))
    }
    return found
  }

  /// Removes temporary file `name` when a crashed writer left it: shaped like masonry's
  /// (`.tmp-PID-N`), a regular file of the user's, older than `staleTemporaryAge`, empty
  /// or starting with the magic.
  private func removeIfStale(_ name: String, now: time_t) {
    let parts = name.dropFirst(5).split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }),
      parts.allSatisfy({ $0.allSatisfy(\.isNumber) })
    else { return }
    var status = stat()
    guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0,
      status.st_mode & S_IFMT == S_IFREG, status.st_uid == geteuid(),
      Int(now) - Int(status.st_mtim.tv_sec) > Self.staleTemporaryAge,
      status.st_size == 0 || startsWithMagic(name)
    else { return }
    unlinkat(descriptor, name, 0)
  }

  /// Counts `bytes` more written; prunes when the folder, counted again when this count is
  /// near the budget or stale, is over it.
  private func added(_ bytes: Int, changedByOthers: Bool) {
    let recount = usage.withLock { usage -> Bool in
      usage.seen = folderTime()
      guard let total = usage.total, !changedByOthers else { return true }
      usage.total = total + bytes
      return total + bytes > budget * 7 / 8
    }
    guard recount else { return }
    let total = entries().reduce(0) { $0 + $1.bytes }
    usage.withLock { $0.total = total }
    if total > budget { prune() }
  }

  /// Removes the files for which `isGone` holds (their subject no longer exists), then the
  /// files used longest ago until the rest take at most nine tenths of the budget.
  package func prune(removing isGone: (Entry) -> Bool = { _ in false }) {
    var files = entries()
    var total = files.reduce(0) { $0 + $1.bytes }
    files.sort { $0.used < $1.used }
    for file in files {
      guard isGone(file) || total > budget * 9 / 10 else { continue }
      // Read again just before: a file replaced since the count is checked anew.
      guard isOurs(file.name) != nil, unlinkat(descriptor, file.name, 0) == 0 else { continue }
      known.withLock { _ = $0.removeValue(forKey: file.name) }
      total -= file.bytes
    }
    usage.withLock { $0 = Usage(total: total, seen: folderTime()) }
  }

  /// The first bytes of the cache's file `name` (at most `count`), without reading more.
  package func prefix(of name: String, count: Int) -> [UInt8]? {
    let file = openat(descriptor, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard file >= 0 else { return nil }
    defer { close(file) }
    var status = stat()
    guard fstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    return Self.readAll(file, count: Swift.min(count, Int(status.st_size)))
  }

  /// Whether marker file `name` (a hidden name, never one of the cache's files) was last
  /// marked more than `seconds` ago or never; if so it is marked now. For work done at
  /// most so often, across processes.
  package func markIfOlder(_ name: String, than seconds: Int) -> Bool {
    guard name.hasPrefix("."), !name.hasPrefix(".tmp-") else { return false }
    var status = stat()
    if fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 {
      guard status.st_mode & S_IFMT == S_IFREG,
        Int(time(nil)) - Int(status.st_mtim.tv_sec) >= seconds
      else { return false }
      return utimensat(descriptor, name, nil, AT_SYMLINK_NOFOLLOW) == 0
    }
    let file = openat(descriptor, name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard file >= 0 else { return false }
    close(file)
    return true
  }

  // MARK: Plumbing

  private static func readAll(_ file: Int32, count: Int) -> [UInt8]? {
    var bytes = [UInt8](repeating: 0, count: count)
    var done = 0
    while done < count {
      let got = bytes.withUnsafeMutableBytes {
        pread(file, $0.baseAddress! + done, $0.count - done, off_t(done))
      }
      if got < 0 && errno == EINTR { continue }
      if got <= 0 { return nil }
      done += got
    }
    return bytes
  }

  private static func writeAll(_ bytes: [UInt8], to file: Int32) -> Bool {
    var done = 0
    while done < bytes.count {
      let written = bytes.withUnsafeBytes {
        Glibc.write(file, $0.baseAddress! + done, $0.count - done)
      }
      if written < 0 && errno == EINTR { continue }
      if written <= 0 { return false }
      done += written
    }
    return true
  }

}
