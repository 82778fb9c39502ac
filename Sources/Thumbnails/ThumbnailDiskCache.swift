import PictureFiles
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Thumbnails kept on disk between runs, so that a folder opened again shows its
/// pictures without decoding one: a file per thumbnail under `$XDG_CACHE_HOME/masonry`
/// (else `~/.cache/masonry`), named by a hash of its key (the picture's path, size and
/// modification time, and the thumbnail's cells, shape, colours, symbols and protocol),
/// which the file also holds whole and is checked against.
///
/// Written atomically (a temporary file in the same folder, then `rename`), so a reader
/// never sees half a file; read as untrusted input (`ThumbnailFile`): a file that is
/// damaged, foreign or of another key is removed and made again. Bounded: past the budget
/// (256 MB by default) the files used longest ago go first (a hit renews a file's time).
package final class ThumbnailDiskCache: Sendable {
  package static let defaultBudget = 256 << 20

  /// The folder the files are in.
  package let directory: String
  /// The most bytes the files may take.
  package let budget: Int
  /// The file managers' thumbnails, read (never written) where masonry has none yet.
  package let shared: FreedesktopThumbnails?
  /// The bytes of the files this process knows of (`nil` until the folder is looked at,
  /// at the first write).
  private let usage = Mutex<Int?>(nil)
  private let counter = Atomic<Int>(0)

  package init(
    directory: String, budget: Int = ThumbnailDiskCache.defaultBudget,
    shared: FreedesktopThumbnails? = nil
  ) {
    self.directory = directory
    self.budget = budget
    self.shared = shared
  }

  /// The caches `environment` names (`nil` when it names no cache folder).
  package static func standard(environment: [String: String]) -> ThumbnailDiskCache? {
    directory(environment: environment).map {
      ThumbnailDiskCache(
        directory: $0,
        shared: FreedesktopThumbnails.directory(environment: environment).map {
          FreedesktopThumbnails(directory: $0)
        })
    }
  }

  /// The cache folder `environment` names: `$XDG_CACHE_HOME/masonry` when that is an
  /// absolute path, else `$HOME/.cache/masonry`; `nil` when neither is set.
  package static func directory(environment: [String: String]) -> String? {
    if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
      return cache + "/masonry/thumbnails-1"
    }
    guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
    return home + "/.cache/masonry/thumbnails-1"
  }

  /// The key of `request`'s thumbnail of the picture version `stamp` (`nil` for a
  /// picture that is not a file).
  static func key(for request: ThumbnailRequest, stamp: PictureStamp) -> String? {
    guard case .file(let path) = request.source else { return nil }
    let pixels = request.pixels?.rawValue ?? "symbols"
    return [
      "\(stamp.bytes)", "\(stamp.modified)", "\(request.columns)x\(request.rows)",
      request.mode.rawValue, "\(request.cellShape.width)x\(request.cellShape.height)",
      request.symbols.rawValue, pixels, "\(request.sixelColors)", path,
    ].joined(separator: "|")
  }

  /// The file of `key`.
  func path(for key: String) -> String {
    let bytes = Array(key.utf8)
    let first = ThumbnailFile.checksum(bytes)
    let second = ThumbnailFile.checksum(bytes.reversed() + [0x6D])
    func hex(_ value: UInt64) -> String {
      let text = String(value, radix: 16)
      return String(repeating: "0", count: 16 - text.count) + text
    }
    return directory + "/" + hex(first) + hex(second)
  }

  /// The thumbnail kept for `request` of the picture version `stamp`, if a sound one is.
  package func thumbnail(for request: ThumbnailRequest, stamp: PictureStamp) -> Thumbnail? {
    guard let key = Self.key(for: request, stamp: stamp) else { return nil }
    let path = path(for: key)
    guard let bytes = CacheFiles.read(path, maximumBytes: ThumbnailFile.maximumBytes) else {
      return nil
    }
    guard
      let thumbnail = ThumbnailFile.decode(bytes, key: key, sixelColors: request.sixelColors)
    else {
      // Damaged or foreign: gone, and made again by the caller.
      unlink(path)
      return nil
    }
    // Used now: the last to go when the budget is reached.
    _ = utimensat(AT_FDCWD, path, nil, 0)
    return thumbnail
  }

  /// Keeps `thumbnail` for `request` of the picture version `stamp`.
  package func store(_ thumbnail: Thumbnail, for request: ThumbnailRequest, stamp: PictureStamp) {
    guard let key = Self.key(for: request, stamp: stamp) else { return }
    let bytes = ThumbnailFile.encode(thumbnail, key: key)
    guard bytes.count <= ThumbnailFile.maximumBytes, CacheFiles.makeDirectory(directory) else {
      return
    }
    let temporary = directory + "/.tmp-\(getpid())-\(counter.add(1, ordering: .relaxed).oldValue)"
    guard CacheFiles.writeAtomically(bytes, to: path(for: key), via: temporary) else { return }
    let total = usage.withLock { total -> Int in
      if total == nil { total = Self.folderBytes(directory) } else { total! += bytes.count }
      return total!
    }
    if total > budget { prune() }
  }

  /// Drops the files used longest ago until the rest take at most nine tenths of the
  /// budget (so that pruning is not done again at the next write).
  package func prune() {
    var files = Self.files(in: directory)
    files.sort { $0.used < $1.used }
    var total = files.reduce(0) { $0 + $1.bytes }
    for file in files where total > budget * 9 / 10 {
      if unlink(directory + "/" + file.name) == 0 { total -= file.bytes }
    }
    usage.withLock { $0 = total }
  }

  /// The cache's files (not the temporary ones): name, bytes, last use.
  private static func files(in directory: String) -> [(name: String, bytes: Int, used: Int)] {
    guard let folder = opendir(directory) else { return [] }
    defer { closedir(folder) }
    var files: [(name: String, bytes: Int, used: Int)] = []
    while let entry = readdir(folder) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard !name.hasPrefix(".") else { continue }
      var status = stat()
      guard lstat(directory + "/" + name, &status) == 0, status.st_mode & S_IFMT == S_IFREG
      else { continue }
      files.append(
        (
          name, Int(status.st_size),
          Int(status.st_mtim.tv_sec) * 1_000_000_000 + Int(status.st_mtim.tv_nsec)
        ))
    }
    return files
  }

  private static func folderBytes(_ directory: String) -> Int {
    files(in: directory).reduce(0) { $0 + $1.bytes }
  }
}
