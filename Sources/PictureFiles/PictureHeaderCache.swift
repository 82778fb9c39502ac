import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The headers of a folder's pictures kept between runs, so that a folder listed again is
/// laid out from `stat` alone, opening no picture: one file per folder under
/// `$XDG_CACHE_HOME/masonry/folders-1` (beside the thumbnails), named by a hash of the
/// folder's path, holding each file's name, size, modification time and header — or why
/// it has none (`not a picture`, `corrupt JPEG`…), so a damaged picture or a stray text
/// file is not opened again either. An entry counts only while the file's size and time
/// are the same. Written to a temporary
/// file and renamed; read as untrusted input (magic, version, the folder's path, every
/// length, a checksum): a file that is not sound is ignored and written again.
package final class PictureHeaderCache: Sendable {
  package let directory: String
  private let counter = Atomic<Int>(0)
  private static let magic = Array("masonry-headers 2\n".utf8)
  /// The most a folder's file may hold.
  private static let maximumBytes = 64 << 20

  package init(directory: String) {
    self.directory = directory
  }

  /// The folder `environment` names: `$XDG_CACHE_HOME/masonry/folders-1`, else
  /// `$HOME/.cache/masonry/folders-1`.
  package static func directory(environment: [String: String]) -> String? {
    if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
      return cache + "/masonry/folders-1"
    }
    guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
    return home + "/.cache/masonry/folders-1"
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
        case .notAnImage, .emptyFile, .corrupt, .unsupported, .overLimit, .tooLarge, .fileTooBig:
          return true
        case .notFound, .unreadable, .notRegularFile, .linkLoop: return false
        }
      }
    }
  }

  /// What is kept for `folder`, by file name (empty when nothing is, or the file is not
  /// sound).
  package func headers(forFolder folder: String) -> [String: Kept] {
    guard let bytes = CacheFiles.read(path(for: folder), maximumBytes: Self.maximumBytes) else {
      return [:]
    }
    var file = ByteReader(bytes)
    guard file.raw(Self.magic.count) == Self.magic, let named = file.bytes(),
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
        header = .success(
          PictureInfo(
            format: format, width: width, height: height,
            dateTaken: date.isEmpty ? nil : String(decoding: date, as: UTF8.self), stamp: stamp))
      } else {
        guard let failure = Self.readFailure(kind, from: &reader) else { return [:] }
        header = .failure(failure)
      }
      headers[FileName.string(fromBytes: name)] = Kept(stamp: stamp, header: header)
    }
    return reader.isAtEnd ? headers : [:]
  }

  /// Keeps `headers` (by file name) for `folder`, in place of what was kept; what is not
  /// `isKeepable` is left out.
  package func store(_ headers: [String: Kept], forFolder folder: String) {
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
      case .failure(let failure):
        Self.write(failure, to: &payload)
      }
    }
    var file = ByteWriter()
    file.raw(Self.magic)
    file.bytes(FileName.bytes(folder))
    file.u64(ByteWriter.checksum(payload.output))
    file.bytes(payload.output)
    guard file.output.count <= Self.maximumBytes, CacheFiles.makeDirectory(directory) else {
      return
    }
    let temporary = directory + "/.tmp-\(getpid())-\(counter.add(1, ordering: .relaxed).oldValue)"
    _ = CacheFiles.writeAtomically(file.output, to: path(for: folder), via: temporary)
  }

  /// The byte before each entry's content: a header, or which failure.
  private enum Kind {
    static let header: UInt8 = 0
    static let notAnImage: UInt8 = 1
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
    case .notAnImage: payload.u8(Kind.notAnImage)
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
    case .notFound, .unreadable, .notRegularFile, .linkLoop:
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
    case Kind.notAnImage: return .notAnImage
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

  /// The file of `folder`: a hash of its path's bytes.
  func path(for folder: String) -> String {
    let bytes = FileName.bytes(folder)
    func hex(_ value: UInt64) -> String {
      let text = String(value, radix: 16)
      return String(repeating: "0", count: 16 - text.count) + text
    }
    return directory + "/" + hex(ByteWriter.checksum(bytes))
      + hex(ByteWriter.checksum(bytes.reversed() + [0x66]))
  }
}
