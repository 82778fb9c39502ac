import PictureFiles
import TerminalCore

#if canImport(Glibc)
  import Glibc
#endif

/// The thumbnails file managers share (the freedesktop.org thumbnail specification):
/// `$XDG_CACHE_HOME/thumbnails/{large,x-large}/MD5(URI).png`, 256 and 512 pixels on the
/// longer side, each naming its picture's URI and modification time in `tEXt` chunks. A
/// fresh one (`Thumb::MTime` the picture's, and `Thumb::URI` its URI when given) is read
/// instead of decoding the picture: a folder a file manager has shown opens like one
/// masonry has.
package struct FreedesktopThumbnails: Sendable {
  /// The cache's folder (`…/thumbnails`).
  package let directory: String

  package init(directory: String) {
    self.directory = directory
  }

  /// The folder `environment` names: `$XDG_CACHE_HOME/thumbnails`, else
  /// `$HOME/.cache/thumbnails`.
  package static func directory(environment: [String: String]) -> String? {
    CacheRoot.folder(environment: environment).map { $0 + "/thumbnails" }
  }

  /// The sizes, smallest first, with their longest side.
  private static let sizes = [("large", 256), ("x-large", 512)]

  /// A fresh thumbnail of the picture file at `path` (modified at `modified`, in
  /// nanoseconds) at least `side` pixels on its longer side, decoded; `nil` when there is
  /// none, it is stale, or it is not a sound PNG.
  ///
  /// A file manager names a picture by its absolute path as browsed (links kept); a
  /// relative path is made absolute against the working folder, and the real path (links
  /// resolved) is tried too.
  package func picture(path: String, modified: Int, side: Int) -> DecodedPicture? {
    var paths: [String] = []
    for candidate in [FileName.absolutePath(path), FileName.realPath(path)] {
      if let candidate, !paths.contains(candidate) { paths.append(candidate) }
    }
    for path in paths {
      let uri = Self.uri(path)
      guard let digest = MD5.hex(Array(uri.utf8)) else { return nil }
      let name = digest + ".png"
      for (folder, longest) in Self.sizes where longest >= side {
        let file = directory + "/" + folder + "/" + name
        guard let bytes = Self.read(file),
          Self.isFresh(bytes, uri: uri, seconds: modified / 1_000_000_000),
          let picture = try? DecodedPicture.decode(bytes: bytes, maxSide: longest),
          !picture.isTruncated
        else { continue }
        return picture
      }
    }
    return nil
  }

  /// `file://` and the path's bytes, each outside RFC 3986's path characters escaped as
  /// `%XX` (as GLib's `g_filename_to_uri`, which file managers name thumbnails by, does).
  static func uri(_ path: String) -> String {
    let allowed = Set(
      Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@/".utf8)
    )
    let digits = Array("0123456789ABCDEF")
    var uri = "file://"
    for byte in FileName.bytes(path) {
      if allowed.contains(byte) {
        uri.append(Character(Unicode.Scalar(byte)))
      } else {
        uri += "%" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0xF)])
      }
    }
    return uri
  }

  /// Whether the PNG in `bytes` says it is of `uri` as modified at `seconds`: its
  /// `Thumb::MTime` must be there and match; its `Thumb::URI`, when there, too. Only the
  /// chunks before the image data are read, each bounded by what the file holds.
  static func isFresh(_ bytes: [UInt8], uri: String, seconds: Int) -> Bool {
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    guard bytes.count > 8, Array(bytes[0..<8]) == signature else { return false }
    var offset = 8
    var modified: String?
    var named: String?
    while offset + 12 <= bytes.count {
      let length =
        Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8
        | Int(bytes[offset + 3])
      let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
      guard length <= bytes.count - offset - 12 else { return false }
      if type == "IDAT" || type == "IEND" { break }
      if type == "tEXt" {
        let data = bytes[(offset + 8)..<(offset + 8 + length)]
        if let zero = data.firstIndex(of: 0) {
          let key = String(decoding: data[data.startIndex..<zero], as: UTF8.self)
          let value = String(decoding: data[(zero + 1)...], as: UTF8.self)
          if key == "Thumb::MTime" { modified = value }
          if key == "Thumb::URI" { named = value }
        }
      }
      offset += length + 12
    }
    guard let modified, Int(modified) == seconds else { return false }
    return named == nil || named == uri
  }

  /// Keeps `png` (a thumbnailer's, `size` pixels on its longer side) as the thumbnail of
  /// `uri` modified at `seconds`, as file managers do: `Thumb::URI` and `Thumb::MTime`
  /// added, mode 0600 in a folder of mode 0700 that is the user's and no link. Written
  /// beside and then linked into place, so a thumbnail already there (another program's,
  /// stale or not) is never replaced: the disk loses nothing masonry did not make.
  package func store(_ png: [UInt8], uri: String, seconds: Int, size: Int) {
    guard let keyed = Self.adding([("Thumb::URI", uri), ("Thumb::MTime", "\(seconds)")], to: png)
    else { return }
    let folder = directory + "/" + (size <= 256 ? "large" : "x-large")
    guard Self.isOwnFolder(directory, creating: true), Self.isOwnFolder(folder, creating: true),
      let digest = MD5.hex(Array(uri.utf8))
    else { return }
    let final = folder + "/" + digest + ".png"
    let temporary = folder + "/.masonry-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).png"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return }
    var written = 0
    keyed.withUnsafeBytes { buffer in
      while written < buffer.count {
        let count = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
        if count < 0 && errno == EINTR { continue }
        if count <= 0 { break }
        written += count
      }
    }
    close(descriptor)
    if written == keyed.count { _ = link(temporary, final) }
    unlink(temporary)
  }

  /// `png` with `keys` as `tEXt` chunks after its header chunk; `nil` when it does not
  /// start as a PNG does.
  static func adding(_ keys: [(String, String)], to png: [UInt8]) -> [UInt8]? {
    // The signature, then IHDR: 4 bytes of length (13), its type, 13 bytes, its CRC.
    let headerEnd = 8 + 4 + 4 + 13 + 4
    guard png.count > headerEnd, Array(png[12..<16]) == Array("IHDR".utf8),
      Array(png[8..<12]) == [0, 0, 0, 13]
    else { return nil }
    var out = Array(png[..<headerEnd])
    for (key, value) in keys {
      let body = Array("tEXt".utf8) + Array(key.utf8) + [0] + Array(value.utf8)
      let length = UInt32(body.count - 4)
      out += withUnsafeBytes(of: length.bigEndian, Array.init)
      out += body
      out += withUnsafeBytes(of: CRC32.of(body[...]).bigEndian, Array.init)
    }
    return out + png[headerEnd...]
  }

  /// Whether `folder` is a folder of the user's, no link, not writable by others
  /// (made, mode 0700, when missing and `creating`).
  private static func isOwnFolder(_ folder: String, creating: Bool) -> Bool {
    var status = stat()
    if lstat(folder, &status) != 0 {
      guard creating, errno == ENOENT, mkdir(folder, 0o700) == 0 else { return false }
      guard lstat(folder, &status) == 0 else { return false }
    }
    return status.st_mode & S_IFMT == S_IFDIR && status.st_uid == getuid()
      && status.st_mode & 0o022 == 0
  }

  /// The regular file at `path`, at most 8 MB.
  private static func read(_ path: String) -> [UInt8]? {
    guard let file = try? PictureFile(path: path), file.stamp.bytes <= 8 << 20 else { return nil }
    return try? file.readAll()
  }
}
