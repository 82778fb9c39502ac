import CardModel
import PictureFiles

#if canImport(Glibc)
  import Glibc
#endif

/// The bytes of a source, read front to back in bounded chunks and never sought: a
/// regular file, standard input (`-`), a pipe, a FIFO or a character device all read the
/// same way. Every failure becomes a `DataError` (66) in the system's words.
package final class ByteSource {
  /// The path as given (`-` for standard input).
  package let path: String
  private let descriptor: Int32
  private let ownsDescriptor: Bool
  /// Bytes given in memory instead of a descriptor (the bundled sample, tests).
  private var memory: [UInt8]?
  /// Where a stream's read lands before it joins the caller's buffer (made at its first
  /// read; a regular file is read straight into the caller's buffer, a source in memory
  /// needs none).
  private var scratchBuffer: UnsafeMutableRawBufferPointer?

  private var scratch: UnsafeMutableRawBufferPointer {
    if let scratchBuffer { return scratchBuffer }
    let made = UnsafeMutableRawBufferPointer.allocate(
      byteCount: ByteSource.chunkSize, alignment: 16)
    scratchBuffer = made
    return made
  }
  /// The size in bytes when it is known in advance (a regular file), for progress.
  package let size: Int?
  /// How many bytes have been read so far.
  package private(set) var bytesRead = 0
  /// The size of each read.
  package static let chunkSize = 1 << 20

  /// Whether a regular file is followed (`--follow`): at its end a read waits for more
  /// rather than end (a partial last line waits for its newline), and a file truncated
  /// or replaced under its name ends the read with a `restarted` error.
  package let follows: Bool
  /// How often a followed file is looked at again at its end, in milliseconds.
  package static let followInterval: Int32 = 50
  /// The file that was opened (device, inode), to tell a replaced one.
  private var identity: (device: UInt, inode: UInt)?

  /// Opens `path` (`-`: standard input). Opening a FIFO waits for a writer: call it on a
  /// thread that may wait. `follow` follows a regular file from byte `offset` on.
  package init(path: String, follow: Bool = false, offset: Int = 0) throws(DataError) {
    self.path = path
    if path == "-" {
      descriptor = 0
      ownsDescriptor = false
    } else {
      var status = stat()
      let found = FileName.withCString(path, { stat($0, &status) }) == 0
      if found && (status.st_mode & S_IFMT) == S_IFDIR {
        throw DataError(.missingInput, path: path, position: nil, message: "is a directory")
      }
      // A followed file is a regular file: anything else is not even opened (a FIFO put in
      // its place would wait for a writer for ever, a device may act on being opened).
      if follow && found && (status.st_mode & S_IFMT) != S_IFREG {
        throw DataError(.missingInput, path: path, position: nil, message: "is not a regular file")
      }
      var opened: Int32
      // Followed: without waiting, should something else have taken the name meanwhile.
      let flags = O_RDONLY | O_CLOEXEC | (follow ? O_NONBLOCK | O_NOCTTY : 0)
      repeat {
        opened = FileName.withCString(path) { open($0, flags) }
      } while opened < 0 && errno == EINTR
      guard opened >= 0 else {
        throw DataError(.missingInput, path: path, position: nil, message: Self.reason(errno))
      }
      descriptor = opened
      ownsDescriptor = true
    }
    var status = stat()
    if fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG {
      size = Int(status.st_size)
      identity = (UInt(status.st_dev), UInt(status.st_ino))
    } else {
      size = nil
    }
    if follow && size != nil {
      // A regular file reads the same either way; reads at its end wait by polling.
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    }
    if follow && size == nil && path != "-" {
      // Only a regular file grows and can be followed (one replaced by a device is not).
      if ownsDescriptor { Glibc.close(descriptor) }
      throw DataError(
        .missingInput, path: path, position: nil, message: "is not a regular file")
    }
    follows = follow && size != nil
    if follows && offset > 0 && lseek(descriptor, off_t(offset), SEEK_SET) == off_t(offset) {
      bytesRead = offset
    }
    readSizes = []
  }

  /// A source of `bytes` already in memory, named `path`; with `readSizes`, read `i`
  /// gives at most `readSizes[i % count]` bytes (a pipe's pieces, for tests and fuzzing).
  package init(bytes: [UInt8], path: String, readSizes: [Int] = []) {
    self.path = path
    descriptor = -1
    ownsDescriptor = false
    memory = bytes
    size = readSizes.isEmpty ? bytes.count : nil
    self.readSizes = readSizes.map { Swift.max(1, $0) }
    follows = false
  }

  /// The sizes of successive reads of a source in memory (empty: as much as asked).
  private let readSizes: [Int]
  private var reads = 0
  /// How many times `read(appendingTo:atMost:)` was called (for tests: reading stays
  /// linear, a read a megabyte, whatever the input holds).
  package private(set) var readCalls = 0

  deinit {
    if ownsDescriptor { Glibc.close(descriptor) }
    scratchBuffer?.deallocate()
  }

  /// Whether `path` names something that can only be read as a stream (standard input, a
  /// pipe, a FIFO, a character device, a socket), without opening it.
  /// Every byte of `path` (a pipe read to its end, as `reload(…)` reads a command's
  /// output).
  ///
  /// - Throws: `DataError` (66) when it cannot be opened or read.
  package static func readAll(_ path: String) throws(DataError) -> [UInt8] {
    let descriptor = FileName.withCString(path) { open($0, O_RDONLY | O_CLOEXEC) }
    guard descriptor >= 0 else {
      throw DataError(.missingInput, path: path, position: nil, message: reason(errno))
    }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var piece = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = piece.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else {
        throw DataError(.missingInput, path: path, position: nil, message: reason(errno))
      }
      if count == 0 { return bytes }
      bytes += piece[..<count]
    }
  }

  package static func isStream(_ path: String) -> Bool {
    if path == "-" { return true }
    var status = stat()
    guard FileName.withCString(path, { stat($0, &status) }) == 0 else { return false }
    let type = status.st_mode & S_IFMT
    return type == S_IFIFO || type == S_IFCHR || type == S_IFSOCK
  }

  package static func reason(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "cannot be read" }
    return String(cString: text).lowercased()
  }

  /// Whether a read would return at once: always for a file; for a pipe, whether the
  /// writer has written more. A stream that pauses hands over the cards it has.
  package func hasDataReady() -> Bool {
    if follows {
      // A followed file pauses at its end like a pipe.
      var status = stat()
      return fstat(descriptor, &status) == 0 && Int(status.st_size) > bytesRead
    }
    guard memory == nil, size == nil else { return true }
    var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    return poll(&entry, 1, 0) != 0
  }

  /// Appends up to `chunkSize` bytes to `buffer`; returns how many (0 at the end).
  package func read(appendingTo buffer: inout [UInt8], atMost limit: Int = chunkSize)
    throws(DataError) -> Int
  {
    readCalls += 1
    if let memory {
      var count = Swift.min(limit, memory.count - bytesRead)
      if !readSizes.isEmpty {
        count = Swift.min(count, readSizes[reads % readSizes.count])
        reads += 1
      }
      buffer.append(contentsOf: memory[bytesRead..<bytesRead + count])
      bytesRead += count
      return count
    }
    let wanted = Swift.min(limit, Self.chunkSize)
    var count = 0
    var failure: Int32 = 0
    if size != nil && !follows {
      // A regular file fills the read: straight into the buffer's end, made room for with
      // zeros (writing them costs less than copying a megabyte from a buffer of our
      // own), trimmed to what came.
      let old = buffer.count
      buffer.append(contentsOf: repeatElement(0, count: wanted))
      repeat {
        failure = 0
        let result = buffer.withUnsafeMutableBufferPointer {
          Glibc.read(descriptor, $0.baseAddress! + old, wanted)
        }
        if result < 0 { failure = errno }
        count = Swift.max(0, result)
      } while failure == EINTR
      buffer.removeLast(wanted - count)
    } else {
      // A stream (or a followed file) may bring a few bytes a read: into the scratch, and
      // only those bytes copied.
      let scratch = self.scratch
      while true {
        let result = Glibc.read(descriptor, scratch.baseAddress!, wanted)
        if result < 0 && errno == EINTR { continue }
        if result < 0 { failure = errno }
        count = Swift.max(0, result)
        if result == 0 && follows {
          // At the end of a followed file: more may be written, or the file replaced.
          try checkFollowedFile()
          _ = poll(nil, 0, Self.followInterval)
          continue
        }
        break
      }
      buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: scratch[0..<count]))
    }
    if failure != 0 {
      throw DataError(.missingInput, path: path, position: nil, message: Self.reason(failure))
    }
    bytesRead += count
    return count
  }

  /// Throws `restarted` when the file followed was truncated below what was read, or
  /// when its name now leads to another file (log rotation).
  private func checkFollowedFile() throws(DataError) {
    var open = stat()
    var named = stat()
    let truncated = fstat(descriptor, &open) == 0 && Int(open.st_size) < bytesRead
    let found = FileName.withCString(path) { stat($0, &named) } == 0
    let replaced =
      found && identity.map { $0 != (UInt(named.st_dev), UInt(named.st_ino)) } ?? false
    if truncated || replaced {
      throw DataError(
        .restarted, path: path, position: nil,
        message: truncated ? "truncated: read again" : "replaced: read again")
    }
  }
}
