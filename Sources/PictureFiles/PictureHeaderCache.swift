import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The headers of a folder's pictures kept between runs, so that a folder listed again is
/// laid out from `stat` alone, opening no picture: one file per folder under
/// `$XDG_CACHE_HOME/masonry/folders-1` (beside the thumbnails), named by a hash of the
/// folder's real path, holding each file's name, size, modification time and header — or
/// why it has none (`not a picture`, `corrupt JPEG`…), so a damaged picture or a stray text
/// file is not opened again either. An entry counts only while the file's size and time
/// are the same.
///
/// The folder is a `CacheFolder` (refused when it is a link, another user's or writable by
/// others; only masonry's files counted or removed; written atomically), bounded by
/// `budget` (the files used longest ago go first), and swept of the files of folders that
/// no longer exist at most once a day. A file is read as untrusted input (magic, version,
/// the folder's path, every length, a checksum): one that is not sound is ignored and
/// written again.
package final class PictureHeaderCache: Sendable {
  package let folder: CacheFolder
  static let magic = Array("masonry-headers 4\n".utf8)
  /// What every version's files start with: how the folder knows masonry's own (an older
  /// version's file is replaced and pruned too).
  static let family = Array("masonry-headers ".utf8)
  /// The most a folder's file may hold.
  private static let maximumBytes = 64 << 20
  /// The most the files may take together (a folder of a thousand pictures takes some
  /// 60 KB).
  package static let defaultBudget = 32 << 20
  /// How often the files of folders that are gone are looked for, in seconds.
  static let sweepInterval = 24 * 60 * 60
  private let swept = Mutex(false)

  package init(folder: CacheFolder) {
    self.folder = folder
  }

  /// The cache in `directory` (its last part masonry's own folder, made and checked);
  /// `nil` when the folder is refused.
  package convenience init?(directory: String, budget: Int = PictureHeaderCache.defaultBudget) {
    let slash = directory.lastIndex(of: "/") ?? directory.startIndex
    let root = slash == directory.startIndex ? "/" : String(directory[..<slash])
    let name = String(directory[directory.index(after: slash)...])
    guard
      case .success(let folder) = CacheFolder.open(
        root: root, components: [name], magic: Self.family, budget: budget)
    else { return nil }
    self.init(folder: folder)
  }

  /// The folder the files are in.
  package var directory: String { folder.path }

  /// The cache `environment` names: `nil` when it names no cache folder, else the cache or
  /// why its folder is refused.
  package static func standard(environment: [String: String]) -> Result<
    PictureHeaderCache, CacheFolder.Refusal
  >? {
    guard let root = CacheRoot.folder(environment: environment) else { return nil }
    return CacheFolder.open(
      root: root, components: ["masonry", "folders-1"], magic: family, budget: defaultBudget
    ).map(PictureHeaderCache.init(folder:))
  }

  /// What reading one file's header gave, for the version of the file `stamp` names.
  package struct Kept: Hashable, Sendable {
    package var stamp: PictureStamp
    package var header: Result<PictureInfo, PictureFailure>

    package init(stamp: PictureStamp, header: Result<PictureInfo, PictureFailure>) {
      self.stamp = stamp
      self.header = header
    }

    /// Whether this is worth keeping: a header, or a failure that follows from the file's
    /// bytes alone (not one of access, or of what the file is, which can change while its
    /// size and time stay).
    package var isKeepable: Bool {
      switch header {
      case .success: return true
      case .failure(let failure):
        switch failure {
        case .notAPicture, .emptyFile, .corrupt, .unsupported, .overLimit, .tooLarge, .fileTooBig:
          return true
        // Access, what the file is, and what a decoder made of it (a header never says
        // these) can change while its size and time stay.
        case .notFound, .unreadable, .notRegularFile, .linkLoop, .cannotDecode, .decoderCrashed,
          .decoderTookTooLong, .noDecoder:
          return false
        }
      }
    }
  }

  /// What is kept for `folder`, by file name (empty when nothing is, or the file is not
  /// sound).
  package func headers(forFolder folder: String) -> [String: Kept] {
    guard let folder = FileName.realPath(folder),
      let bytes = self.folder.read(Self.name(for: folder), maximumBytes: Self.maximumBytes)
    else { return [:] }
    return Self.parse(bytes, folder: folder)
  }

  /// The headers a cache file holds for `folder`, read as untrusted bytes: empty unless
  /// the whole file is sound and of that folder.
  package static func parse(_ bytes: [UInt8], folder: String) -> [String: Kept] {
    var file = ByteReader(bytes)
    guard file.raw(magic.count) == magic, let named = file.bytes(),
      named == FileName.bytes(folder), let sum = file.u64(), let payload = file.bytes(),
      file.isAtEnd, ByteWriter.checksum(payload) == sum
    else { return [:] }
    var reader = ByteReader(payload)
    guard let count = reader.int() else { return [:] }
    var headers: [String: Kept] = [:]
    for _ in 0..<count {
      guard let name = reader.bytes(), let bytes = reader.wideInt(), bytes >= 0,
        let modified = reader.wideInt(), let kind = reader.u8()
      else { return [:] }
      let stamp = PictureStamp(modified: modified, bytes: bytes)
      let header: Result<PictureInfo, PictureFailure>
      if kind == Kind.header {
        guard let code = reader.u8(), let format = PictureFormat(code: Int32(code)),
          let width = reader.int(), let height = reader.int(), let date = reader.bytes(),
          width > 0, height > 0
        else { return [:] }
        guard let duration = reader.wideInt(), let pages = reader.int(), duration >= 0, pages >= 0,
          let frames = reader.int(), frames >= 0
        else { return [:] }
        header = .success(
          PictureInfo(
            format: format, width: width, height: height,
            dateTaken: date.isEmpty ? nil : String(decoding: date, as: UTF8.self), stamp: stamp,
            duration: duration > 0 ? duration : nil, pages: pages > 0 ? pages : nil,
            frames: frames > 1 ? frames : nil))
      } else {
        guard let failure = readFailure(kind, from: &reader) else { return [:] }
        header = .failure(failure)
      }
      headers[FileName.string(fromBytes: name)] = Kept(stamp: stamp, header: header)
    }
    return reader.isAtEnd ? headers : [:]
  }

  /// Keeps `headers` (by file name) for `folder`, in place of what was kept; what is not
  /// `isKeepable` is left out.
  package func store(_ headers: [String: Kept], forFolder folder: String) {
    guard let folder = FileName.realPath(folder) else { return }
    let file = Self.encode(headers, folder: folder)
    guard file.count <= Self.maximumBytes else { return }
    self.folder.write(file, as: Self.name(for: folder))
    sweepIfDue()
  }

  /// The file that keeps `headers` (what is `isKeepable` of them) for `folder`.
  package static func encode(_ headers: [String: Kept], folder: String) -> [UInt8] {
    var payload = ByteWriter()
    let kept = headers.filter(\.value.isKeepable).sorted { $0.key < $1.key }
    payload.int(kept.count)
    for (name, entry) in kept {
      payload.bytes(FileName.bytes(name))
      payload.int(entry.stamp.bytes)
      payload.int(entry.stamp.modified)
      switch entry.header {
      case .success(let info):
        payload.u8(Kind.header)
        payload.u8(UInt8(info.format.code))
        payload.int(info.width)
        payload.int(info.height)
        payload.bytes(Array((info.dateTaken ?? "").utf8))
        payload.int(info.duration ?? 0)
        payload.int(info.pages ?? 0)
        payload.int(info.frames ?? 0)
      case .failure(let failure):
        write(failure, to: &payload)
      }
    }
    var file = ByteWriter()
    file.raw(magic)
    file.bytes(FileName.bytes(folder))
    file.u64(ByteWriter.checksum(payload.output))
    file.bytes(payload.output)
    return file.output
  }

  /// Once a process, and at most once a day: the files of folders that no longer exist go
  /// (with the oldest, should the cache be over its budget).
  private func sweepIfDue() {
    guard
      swept.withLock({ done in
        let first = !done
        done = true
        return first
      })
    else { return }
    guard folder.markIfOlder(".swept", than: Self.sweepInterval) else { return }
    folder.prune { entry in
      // The folder's path follows the magic, length first.
      guard let head = self.folder.prefix(of: entry.name, count: Self.magic.count + 8 + 4096)
      else { return false }
      var reader = ByteReader(head)
      guard reader.raw(Self.magic.count) == Self.magic, let path = reader.bytes() else {
        return false
      }
      var found = stat()
      let exists = FileName.withCString(FileName.string(fromBytes: path)) { stat($0, &found) } == 0
      return !exists
    }
  }

  /// The byte before each entry's content: a header, or which failure.
  private enum Kind {
    static let header: UInt8 = 0
    static let notAPicture: UInt8 = 1
    static let emptyFile: UInt8 = 2
    static let corrupt: UInt8 = 3
    static let unsupported: UInt8 = 4
    static let overLimit: UInt8 = 5
    static let tooLarge: UInt8 = 6
    static let fileTooBig: UInt8 = 7
    /// In place of a format's code: the failure names none.
    static let noFormat: UInt8 = 0xFF
  }

  private static func write(_ failure: PictureFailure, to payload: inout ByteWriter) {
    func format(_ kind: UInt8, _ format: PictureFormat?) {
      payload.u8(kind)
      payload.u8(format.map { UInt8($0.code) } ?? Kind.noFormat)
    }
    switch failure {
    case .notAPicture: payload.u8(Kind.notAPicture)
    case .emptyFile: payload.u8(Kind.emptyFile)
    case .corrupt(let picture): format(Kind.corrupt, picture)
    case .unsupported(let picture): format(Kind.unsupported, picture)
    case .overLimit(let picture): format(Kind.overLimit, picture)
    case .tooLarge(let width, let height):
      payload.u8(Kind.tooLarge)
      payload.int(width)
      payload.int(height)
    case .fileTooBig(let bytes):
      payload.u8(Kind.fileTooBig)
      payload.int(bytes)
    case .notFound, .unreadable, .notRegularFile, .linkLoop, .cannotDecode, .decoderCrashed,
      .decoderTookTooLong, .noDecoder:
      // Never stored (`isKeepable`); written as what a reader rejects, should one be.
      payload.u8(0xFE)
    }
  }

  private static func readFailure(_ kind: UInt8, from reader: inout ByteReader)
    -> PictureFailure?
  {
    func format() -> PictureFormat?? {
      guard let code = reader.u8() else { return nil }
      if code == Kind.noFormat { return .some(nil) }
      guard let format = PictureFormat(code: Int32(code)) else { return nil }
      return .some(format)
    }
    switch kind {
    case Kind.notAPicture: return .notAPicture
    case Kind.emptyFile: return .emptyFile
    case Kind.corrupt: return format().map { .corrupt($0) }
    case Kind.unsupported: return format().map { .unsupported($0) }
    case Kind.overLimit: return format().map { .overLimit($0) }
    case Kind.tooLarge:
      guard let width = reader.int(), let height = reader.int() else { return nil }
      return .tooLarge(width: width, height: height)
    case Kind.fileTooBig:
      guard let bytes = reader.wideInt(), bytes >= 0 else { return nil }
      return .fileTooBig(bytes: bytes)
    default: return nil
    }
  }

  /// The file name of `folder` (a real path): two hashes of its bytes, 32 hex digits.
  static func name(for folder: String) -> String {
    let bytes = FileName.bytes(folder)
    func hex(_ value: UInt64) -> String {
      let text = String(value, radix: 16)
      return String(repeating: "0", count: 16 - text.count) + text
    }
    return hex(ByteWriter.checksum(bytes)) + hex(ByteWriter.checksum(bytes.reversed() + [0x66]))
  }

  /// The file of `folder`.
  package func path(for folder: String) -> String {
    directory + "/" + Self.name(for: FileName.realPath(folder) ?? folder)
  }
}
