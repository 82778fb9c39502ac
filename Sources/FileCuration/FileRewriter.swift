import PictureFiles

#if canImport(Glibc)
  import Glibc
#endif

/// Bytes of a file to replace: `old` at `offset` becomes `new`.
package struct FileSplice: Hashable, Sendable {
  package var offset: Int
  package var old: [UInt8]
  package var new: [UInt8]

  package init(offset: Int, old: [UInt8], new: [UInt8]) {
    self.offset = offset
    self.old = old
    self.new = new
  }
}

/// Rewrites a file with some of its bytes replaced, atomically: the new content is written
/// to a hidden file beside it, flushed, and renamed over it, so the file is either all old
/// or all new. Each splice's old bytes must still be where they were, and the file must
/// not change while it is rewritten; otherwise nothing is written.
package enum FileRewriter {
  /// Files larger than this are not rewritten (each is read whole).
  package static let maximumBytes = 256 << 20

  /// Applies `splices` (in the file's order, not overlapping) to the file at `path`.
  ///
  /// - Returns: the splices that take it back, in the new file's offsets.
  /// - Throws: `CurationError`, the file as it was.
  package static func rewrite(_ path: String, _ splices: [FileSplice]) throws(CurationError)
    -> [FileSplice]
  {
    let name = FileName.lastComponent(path)
    let read: (stamp: PictureStamp, bytes: [UInt8])
    do throws(PictureFailure) {
      read = try PictureFile.readWhole(path, atMost: maximumBytes)
    } catch {
      throw CurationError("\(name): \(error)")
    }
    let (stamp, bytes) = read
    guard stamp.bytes <= maximumBytes else {
      throw CurationError("\(name): over 256 MB: too big to rewrite here")
    }
    guard bytes.count == stamp.bytes else { throw CurationError("\(name): it changed while read") }
    // Every splice's old bytes where they were: else the file changed since.
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var inverse: [FileSplice] = []
    var at = 0
    for splice in splices.sorted(by: { $0.offset < $1.offset }) {
      guard splice.offset >= at, splice.offset + splice.old.count <= bytes.count,
        bytes[splice.offset..<(splice.offset + splice.old.count)].elementsEqual(splice.old)
      else {
        throw CurationError("\(name) changed since it was read; nothing changed (r reads it again)")
      }
      output += bytes[at..<splice.offset]
      inverse.append(FileSplice(offset: output.count, old: splice.new, new: splice.old))
      output += splice.new
      at = splice.offset + splice.old.count
    }
    output += bytes[at...]
    let folder = path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
    let hidden = "\(folder).\(name).masonry-\(getpid())"
    let descriptor = FileName.withCString(hidden) {
      open($0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    }
    guard descriptor >= 0 else { throw CurationError("\(name): \(CurationError.systemReason)") }
    // Closed once, here or after the flush: a second close could shut another thread's
    // file that got the number meanwhile.
    var isOpen = true
    defer { if isOpen { close(descriptor) } }
    do throws(CurationError) {
      // The original's owner and mode (not the umask's), as far as this user may.
      var original = stat()
      if FileName.withCString(path, { stat($0, &original) }) == 0 {
        _ = fchown(descriptor, original.st_uid, original.st_gid)
        _ = fchmod(descriptor, original.st_mode & 0o7777)
      }
      var written = 0
      while written < output.count {
        let count = output.withUnsafeBytes {
          write(descriptor, $0.baseAddress! + written, $0.count - written)
        }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { throw CurationError("\(name): \(CurationError.systemReason)") }
        written += count
      }
      guard fsync(descriptor) == 0 else {
        throw CurationError("\(name): \(CurationError.systemReason)")
      }
      isOpen = false
      guard close(descriptor) == 0 else {
        throw CurationError("\(name): \(CurationError.systemReason)")
      }
      // The file as read, still: another program writing it meanwhile wins.
      guard (try? PictureFile(path: path).stamp) == stamp else {
        throw CurationError("\(name) changed while it was rewritten; nothing changed")
      }
      guard
        FileName.withCString(hidden, { from in FileName.withCString(path) { rename(from, $0) } })
          == 0
      else { throw CurationError("\(name): \(CurationError.systemReason)") }
    } catch {
      _ = FileName.withCString(hidden, unlink)
      throw error
    }
    return inverse
  }

}
