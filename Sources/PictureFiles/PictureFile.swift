#if canImport(Glibc)
  import Glibc
#endif

/// A picture file opened for reading: only regular files (a FIFO or device would block or
/// never end), with its size and modification time, which tell whether a cached thumbnail
/// is still that file's.
package struct PictureFile: ~Copyable {
  package let descriptor: Int32
  package let stamp: PictureStamp

  /// Opens `path`, of any size (a video's header is read like a photo's; only reading a
  /// file whole is bounded, `readAll`).
  ///
  /// - Throws: `PictureFailure` (not found, unreadable, not a file).
  package init(path: String) throws(PictureFailure) {
    // Looked at before it is opened: opening a FIFO whose writer waits would connect to
    // the writer, and closing it again would lose what it wrote.
    var before = stat()
    guard FileName.withCString(path, { stat($0, &before) }) == 0 else {
      throw Self.failure(errno)
    }
    guard before.st_mode & S_IFMT == S_IFREG else { throw .notRegularFile }
    let descriptor = FileName.withCString(path) { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
    guard descriptor >= 0 else { throw Self.failure(errno) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      let code = errno
      close(descriptor)
      throw .unreadable(Self.reason(code))
    }
    guard status.st_mode & S_IFMT == S_IFREG else {
      close(descriptor)
      throw .notRegularFile
    }
    let size = Int(status.st_size)
    self.descriptor = descriptor
    stamp = PictureStamp(
      modified: Int(status.st_mtim.tv_sec) * 1_000_000_000 + Int(status.st_mtim.tv_nsec),
      bytes: size)
  }

  deinit { close(descriptor) }

  /// The file at `path` whole, with its stamp, when it holds at most `limit` bytes (else
  /// its stamp and no bytes): for files masonry rewrites, which are not pictures.
  package static func readWhole(_ path: String, atMost limit: Int) throws(PictureFailure) -> (
    stamp: PictureStamp, bytes: [UInt8]
  ) {
    let file = try PictureFile(path: path)
    guard file.stamp.bytes <= limit else { return (file.stamp, []) }
    return (file.stamp, try file.read(count: file.stamp.bytes))
  }

  /// The whole file, when it is within the size limit (`PictureLimits.maximumFileBytes`).
  package func readAll() throws(PictureFailure) -> [UInt8] {
    guard stamp.bytes <= PictureLimits.maximumFileBytes else {
      throw .fileTooBig(bytes: stamp.bytes)
    }
    return try read(count: stamp.bytes)
  }

  /// The file's first `count` bytes (fewer when it is shorter).
  package func read(count: Int) throws(PictureFailure) -> [UInt8] {
    // Not zero-filled first: a 30 MB TIFF would be written twice (a sixth of its time).
    var failure: PictureFailure?
    let bytes = [UInt8](unsafeUninitializedCapacity: Swift.min(count, stamp.bytes)) {
      buffer, initialized in
      var done = 0
      while done < buffer.count {
        let got = pread(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(done))
        if got < 0 && errno == EINTR { continue }
        if got < 0 {
          failure = .unreadable(Self.reason(errno))
          break
        }
        if got == 0 { break }
        done += got
      }
      // A file that shrank while being read: what is there is what the decoder sees.
      initialized = done
    }
    if let failure { throw failure }
    return bytes
  }

  /// Why a path could not be looked at or opened (`errno` `code`).
  package static func failure(_ code: Int32) -> PictureFailure {
    switch code {
    case ENOENT, ENOTDIR: return .notFound
    case ELOOP: return .linkLoop
    default: return .unreadable(reason(code))
    }
  }

  package static func reason(_ code: Int32) -> String {
    switch code {
    case EACCES, EPERM: return "permission denied"
    case EISDIR: return "a folder"
    default:
      guard let text = strerror(code) else { return "unreadable" }
      return String(cString: text).lowercased()
    }
  }
}

/// What identifies a version of a file: its modification time and size.
package struct PictureStamp: Hashable, Sendable {
  package var modified: Int
  package var bytes: Int

  package init(modified: Int, bytes: Int) {
    self.modified = modified
    self.bytes = bytes
  }
}
