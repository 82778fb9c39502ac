import PictureFiles
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Thumbnails kept on disk between runs, so that a folder opened again shows its
/// pictures without decoding one: a file per thumbnail under `$XDG_CACHE_HOME/masonry`
/// (else `~/.cache/masonry`), named by a hash of its key (the picture's real path, size
/// and modification time, and the thumbnail's cells, shape, colours, symbols and
/// protocol), which the file also holds whole and is checked against.
///
/// The folder is a `CacheFolder`: refused when it is a link, another user's or writable by
/// others; only masonry's own files in it are read, counted or removed; files are written
/// atomically; past the budget (256 MB by default) the files used longest ago go first
/// (a hit renews a file's time). A file is read as untrusted input (`ThumbnailFile`): one
/// that is damaged, foreign or of another key is never taken (masonry's own is removed
/// and made again), and its picture is re-encoded or proven to be exactly one picture of
/// its protocol before it can reach the terminal.
package final class ThumbnailDiskCache: Sendable {
  package static let defaultBudget = 256 << 20

  /// The folder the files are in.
  package let folder: CacheFolder
  /// The file managers' thumbnails, read (never written) where masonry has none yet.
  package let shared: FreedesktopThumbnails?

  package init(folder: CacheFolder, shared: FreedesktopThumbnails? = nil) {
    self.folder = folder
    self.shared = shared
  }

  /// The cache in `directory` (its last part masonry's own folder, made and checked like
  /// the standard one); `nil` when the folder is refused.
  package convenience init?(
    directory: String, budget: Int = ThumbnailDiskCache.defaultBudget,
    shared: FreedesktopThumbnails? = nil
  ) {
    let slash = directory.lastIndex(of: "/") ?? directory.startIndex
    let root = slash == directory.startIndex ? "/" : String(directory[..<slash])
    let name = String(directory[directory.index(after: slash)...])
    guard
      case .success(let folder) = CacheFolder.open(
        root: root, components: [name], magic: ThumbnailFile.magic, budget: budget)
    else { return nil }
    self.init(folder: folder, shared: shared)
  }

  /// The folder the files are in.
  package var directory: String { folder.path }

  /// The caches `environment` names: `nil` when it names no cache folder, else the cache
  /// or why its folder is refused.
  package static func standard(environment: [String: String]) -> Result<
    ThumbnailDiskCache, CacheFolder.Refusal
  >? {
    guard let root = CacheRoot.folder(environment: environment) else { return nil }
    let shared = FreedesktopThumbnails.directory(environment: environment).map {
      FreedesktopThumbnails(directory: $0)
    }
    return CacheFolder.open(
      root: root, components: ["masonry", "thumbnails-1"], magic: ThumbnailFile.magic,
      budget: defaultBudget
    ).map { ThumbnailDiskCache(folder: $0, shared: shared) }
  }

  /// The key of `request`'s thumbnail of the picture version `stamp` (`nil` for a
  /// picture that is not a file, or one that is gone): the picture by its real path, so
  /// that `pics/a.jpg` named from two folders is two pictures.
  static func key(for request: ThumbnailRequest, stamp: PictureStamp) -> String? {
    guard case .file(let path) = request.source, let real = FileName.realPath(path) else {
      return nil
    }
    let pixels = (request.pixels?.rawValue ?? "symbols") + (request.symbolsUnder ? "+symbols" : "")
    return [
      "\(stamp.bytes)", "\(stamp.modified)", "\(request.columns)x\(request.rows)",
      request.mode.rawValue, "\(request.cellShape.width)x\(request.cellShape.height)",
      request.symbols.rawValue, pixels, "\(request.sixelColors)", real,
    ].joined(separator: "|")
  }

  /// The file name of `key`: two hashes of it, 32 hex digits.
  static func name(for key: String) -> String {
    let bytes = Array(key.utf8)
    let first = ThumbnailFile.checksum(bytes)
    let second = ThumbnailFile.checksum(bytes.reversed() + [0x6D])
    func hex(_ value: UInt64) -> String {
      let text = String(value, radix: 16)
      return String(repeating: "0", count: 16 - text.count) + text
    }
    return hex(first) + hex(second)
  }

  /// The file of `key`.
  func path(for key: String) -> String { directory + "/" + Self.name(for: key) }

  /// The thumbnail kept for `request` of the picture version `stamp`, if a sound one is.
  package func thumbnail(for request: ThumbnailRequest, stamp: PictureStamp) -> Thumbnail? {
    guard let key = Self.key(for: request, stamp: stamp) else { return nil }
    let name = Self.name(for: key)
    guard let bytes = folder.read(name, maximumBytes: ThumbnailFile.maximumBytes) else {
      return nil
    }
    guard
      let thumbnail = ThumbnailFile.decode(
        bytes, key: key, sixelColors: request.sixelColors, label: request.source.description,
        pixels: request.pixels)
    else {
      // Damaged: gone when it is masonry's file, and made again by the caller.
      folder.remove(name)
      return nil
    }
    folder.touch(name)
    return thumbnail
  }

  /// Keeps `thumbnail` for `request` of the picture version `stamp`.
  package func store(_ thumbnail: Thumbnail, for request: ThumbnailRequest, stamp: PictureStamp) {
    guard let key = Self.key(for: request, stamp: stamp) else { return }
    let bytes = ThumbnailFile.encode(thumbnail, key: key)
    guard bytes.count <= ThumbnailFile.maximumBytes else { return }
    folder.write(bytes, as: Self.name(for: key))
  }

  /// Drops the files used longest ago until the rest take at most nine tenths of the
  /// budget.
  package func prune() { folder.prune() }
}
