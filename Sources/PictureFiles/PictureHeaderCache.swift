import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The headers of a folder's pictures kept between runs, so that a folder listed again is
/// laid out from `stat` alone, opening no picture: one file per folder under
/// `$XDG_CACHE_HOME/masonry/folders-1` (beside the thumbnails), named by a hash of the
/// folder's path, holding each picture's name, size, modification time and header. An
/// entry counts only while the file's size and time are the same. Written to a temporary
/// file and renamed; read as untrusted input (magic, version, the folder's path, every
/// length, a checksum): a file that is not sound is ignored and written again.
package final class PictureHeaderCache: Sendable {
  package let directory: String
  private let counter = Atomic<Int>(0)
  private static let magic = Array("masonry-headers 1\n".utf8)
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

  /// The headers kept for `folder`, by file name (empty when none are, or the file is not
  /// sound).
  package func headers(forFolder folder: String) -> [String: PictureInfo] {
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
    var headers: [String: PictureInfo] = [:]
    for _ in 0..<count {
      guard let name = reader.bytes(), let bytes = reader.int(), let modified = reader.wideInt(),
        let code = reader.u8(), let format = PictureFormat(code: Int32(code)),
        let width = reader.int(), let height = reader.int(), let date = reader.bytes(),
        width > 0, height > 0
      else { return [:] }
      headers[FileName.string(fromBytes: name)] = PictureInfo(
        format: format, width: width, height: height,
        dateTaken: date.isEmpty ? nil : String(decoding: date, as: UTF8.self),
        stamp: PictureStamp(modified: modified, bytes: bytes))
    }
    return reader.isAtEnd ? headers : [:]
  }

  /// Keeps `headers` (by file name) for `folder`, in place of what was kept.
  package func store(_ headers: [String: PictureInfo], forFolder folder: String) {
    var payload = ByteWriter()
    payload.int(headers.count)
    for (name, info) in headers.sorted(by: { $0.key < $1.key }) {
      payload.bytes(FileName.bytes(name))
      payload.int(info.stamp.bytes)
      payload.int(info.stamp.modified)
      payload.u8(UInt8(info.format.code))
      payload.int(info.width)
      payload.int(info.height)
      payload.bytes(Array((info.dateTaken ?? "").utf8))
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
