#if canImport(Glibc)
  import Glibc
#endif

/// The file operations every on-disk cache needs, done once: folders made `0700` on the
/// way, a file read whole only when it is regular and small enough, a file written to a
/// temporary name and renamed (a reader never sees half of it).
package enum CacheFiles {
  /// Makes `directory` and the folders above it (`0700`); whether it exists now.
  package static func makeDirectory(_ directory: String) -> Bool {
    var status = stat()
    if stat(directory, &status) == 0 { return status.st_mode & S_IFMT == S_IFDIR }
    var path = ""
    for part in directory.split(separator: "/") {
      path += "/" + part
      if mkdir(path, 0o700) != 0 && errno != EEXIST { return false }
    }
    return true
  }

  /// The whole regular file at `path` (not a link), at most `maximumBytes`.
  package static func read(_ path: String, maximumBytes: Int) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
      status.st_size <= maximumBytes
    else { return nil }
    var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
    var done = 0
    while done < bytes.count {
      let got = bytes.withUnsafeMutableBytes {
        pread(descriptor, $0.baseAddress! + done, $0.count - done, off_t(done))
      }
      if got < 0 && errno == EINTR { continue }
      if got <= 0 { return nil }
      done += got
    }
    return bytes
  }

  /// Writes `bytes` to `path` by way of `temporary` (in the same folder) and a rename;
  /// whether it is there whole.
  package static func writeAtomically(_ bytes: [UInt8], to path: String, via temporary: String)
    -> Bool
  {
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard descriptor >= 0 else { return false }
    var done = 0
    while done < bytes.count {
      let written = bytes.withUnsafeBytes {
        write(descriptor, $0.baseAddress! + done, $0.count - done)
      }
      if written < 0 && errno == EINTR { continue }
      if written <= 0 { break }
      done += written
    }
    close(descriptor)
    guard done == bytes.count, rename(temporary, path) == 0 else {
      unlink(temporary)
      return false
    }
    return true
  }
}
