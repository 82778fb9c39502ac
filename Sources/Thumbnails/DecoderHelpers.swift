import CPictures
import CProcessSupport
import ChildProcesses
import PictureFiles
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The decoder helpers: `masonry-decoder` processes, started when a format that needs one
/// is first decoded and kept (one a core at most), that decode HEIC, AVIF, JPEG XL, SVG,
/// PDF and video with libraries big and young enough to crash or hang on a hostile file.
/// Such a crash, a hang past the deadline or a blown memory limit ends that helper alone:
/// the picture's card says why (`HEIC: decoder crashed`, `MP4: took too long`) and the
/// next picture gets a fresh helper. (GNOME's glycin isolates its loaders this way.)
///
/// Requests and answers go over the helper's pipes (the format is in its `main.c`); what
/// comes back is read as untrusted: every size is checked against the box asked for.
package final class DecoderHelpers: Sendable {
  /// The helpers every thumbnail worker shares.
  package static let shared = DecoderHelpers(program: DecoderHelpers.installedProgram())

  /// The helper's path (`nil`: not found, every such picture says so).
  package let program: String?
  /// How long one picture may take, in milliseconds (a 4K video's frame: about a second).
  package let deadline: Int
  private let capacity: Int
  private let idle = Mutex<[Helper]>([])
  /// Helpers running, idle or busy.
  private let running = Atomic<Int>(0)

  package init(program: String?, deadline: Int = 20_000, capacity: Int? = nil) {
    self.program = program
    self.deadline = deadline
    self.capacity = capacity ?? Swift.max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
  }

  /// `masonry-decoder` beside this executable, or in `../libexec/masonry` from it
  /// (`make install`).
  package static func installedProgram() -> String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard length > 0 else { return nil }
    let executable = String(
      decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    guard let slash = executable.lastIndex(of: "/") else { return nil }
    let folder = String(executable[..<slash])
    for candidate in [folder + "/masonry-decoder", folder + "/../libexec/masonry/masonry-decoder"]
    where access(candidate, X_OK) == 0 {
      return candidate
    }
    return nil
  }

  /// The picture in the file at `path` (of `format`), at most `maxSide` pixels on its
  /// longer side, decoded by a helper.
  ///
  /// - Throws: `PictureFailure`: the helper's reason, `decoderCrashed`,
  ///   `decoderTookTooLong`, `noDecoder`.
  package func decode(path: String, format: PictureFormat, maxSide: Int) throws(PictureFailure)
    -> DecodedPicture
  {
    let helper = try take(format)
    let answer: Answer
    do throws(HelperFailure) {
      answer = try helper.ask(path: path, maxSide: maxSide, deadline: deadline)
      give(helper)
    } catch {
      // A helper that failed is never asked again: it is ended and waited for.
      let outcome = helper.end(killing: error == .deadline)
      running.subtract(1, ordering: .relaxed)
      switch error {
      case .deadline: throw .decoderTookTooLong(format)
      case .broken:
        if case .signalled = outcome { throw .decoderCrashed(format) }
        throw .cannotDecode(format, "the decoder ended (\(outcome.summary))")
      case .malformed: throw .cannotDecode(format, "the decoder's answer made no sense")
      }
    }
    return try answer.picture(format: format, maxSide: maxSide)
  }

  /// An idle helper, or a new one while fewer than `capacity` run; else waits for one.
  private func take(_ format: PictureFormat) throws(PictureFailure) -> Helper {
    guard let program else { throw .noDecoder(format) }
    while true {
      if let helper = idle.withLock({ $0.popLast() }) { return helper }
      if running.add(1, ordering: .relaxed).newValue <= capacity {
        switch ChildProcess.startConnected(.decoderHelper(at: program)) {
        case .success(let connected): return Helper(connected)
        case .failure:
          running.subtract(1, ordering: .relaxed)
          throw .noDecoder(format)
        }
      }
      running.subtract(1, ordering: .relaxed)
      usleep(5_000)
    }
  }

  private func give(_ helper: Helper) {
    idle.withLock { $0.append(helper) }
  }

  deinit {
    for helper in idle.withLock({ $0 }) { _ = helper.end(killing: false) }
  }
}

/// Why a helper's answer did not come: past the deadline, the helper gone (crashed, or
/// ended), or an answer that is not one.
private enum HelperFailure: Error, Equatable {
  case deadline, broken, malformed
}

/// One helper process and its pipes; used by one thread at a time (taken from the pool).
private final class Helper: @unchecked Sendable {
  let pid: pid_t
  private let input: Int32
  private let output: Int32

  init(_ connected: ChildProcess.Connected) {
    pid = connected.pid
    input = connected.input
    output = connected.output
  }

  /// Closes the pipes (the helper sees its input end) and waits for it; `killing` ends it
  /// first (one that hangs never reads).
  func end(killing: Bool) -> ChildProcess.Outcome {
    if killing { kill(pid, SIGKILL) }
    close(input)
    close(output)
    return ChildProcess.wait(pid)
  }

  /// What the helper answers for `path`.
  func ask(path: String, maxSide: Int, deadline: Int) throws(HelperFailure) -> Answer {
    let name = FileName.bytes(path)
    var request = Array("MDQ1".utf8)
    request += Self.little(UInt32(maxSide)) + Self.little(UInt32(name.count)) + name
    guard write(request) else { throw .broken }
    let end = Self.now() + deadline
    var reader = AnswerReader { count throws(HelperFailure) in try self.read(count, until: end) }
    return try reader.answer(maxSide: maxSide)
  }

  private func write(_ bytes: [UInt8]) -> Bool {
    var done = 0
    while done < bytes.count {
      // A helper gone: EPIPE, never the SIGPIPE that would end the browser.
      let written = bytes.withUnsafeBytes {
        masonry_write_without_sigpipe(input, $0.baseAddress! + done, $0.count - done)
      }
      if written < 0 && errno == EINTR { continue }
      if written <= 0 { return false }
      done += written
    }
    return true
  }

  /// Exactly `count` bytes, read before `end` (milliseconds).
  private func read(_ count: Int, until end: Int) throws(HelperFailure) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    var done = 0
    while done < count {
      let left = end - Self.now()
      guard left > 0 else { throw .deadline }
      var entry = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
      let ready = poll(&entry, 1, Int32(clamping: left))
      if ready < 0 && errno == EINTR { continue }
      guard ready > 0 else { throw ready == 0 ? .deadline : .broken }
      let got = bytes.withUnsafeMutableBytes {
        Glibc.read(output, $0.baseAddress! + done, $0.count - done)
      }
      if got < 0 && errno == EINTR { continue }
      guard got > 0 else { throw .broken }
      done += got
    }
    return bytes
  }

  static func little(_ value: UInt32) -> [UInt8] {
    (0..<4).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
  }

  static func now() -> Int {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return time.tv_sec * 1000 + time.tv_nsec / 1_000_000
  }
}

/// A helper's answer, read field by field from what its pipe gives.
private struct AnswerReader {
  let read: (Int) throws(HelperFailure) -> [UInt8]

  mutating func answer(maxSide: Int) throws(HelperFailure) -> Answer {
    guard try read(4) == Array("MDR1".utf8) else { throw .malformed }
    let status = try int32()
    _ = try int32()  // the format: known from the header
    let width = try int32(), height = try int32()
    let duration = Int64(try int32()) & 0xFFFF_FFFF | Int64(try int32()) << 32
    let pages = try int32()
    let messageLength = try int32()
    guard (0...159).contains(messageLength) else { throw .malformed }
    let message = try read(Int(messageLength))
    let pixelWidth = Int(try int32()), pixelHeight = Int(try int32())
    guard (0...maxSide).contains(pixelWidth), (0...maxSide).contains(pixelHeight),
      (pixelWidth == 0) == (pixelHeight == 0)
    else { throw .malformed }
    let pixels = try read(pixelWidth * pixelHeight * 4)
    return Answer(
      status: status, width: Int(width), height: Int(height), duration: Int(duration),
      pages: Int(pages),
      message: String(decoding: message.filter { (0x20...0x7E).contains($0) }, as: UTF8.self),
      pixelWidth: pixelWidth, pixelHeight: pixelHeight, pixels: pixels)
  }

  private func int32() throws(HelperFailure) -> Int32 {
    let bytes = try read(4)
    return Int32(bitPattern: (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[$1]) << ($1 * 8) })
  }
}

/// What a helper said of a file.
private struct Answer {
  var status: Int32
  var width: Int
  var height: Int
  var duration: Int
  var pages: Int
  var message: String
  var pixelWidth: Int
  var pixelHeight: Int
  var pixels: [UInt8]

  /// The picture, or the failure the status and message name.
  func picture(format: PictureFormat, maxSide: Int) throws(PictureFailure) -> DecodedPicture {
    switch status {
    case Int32(MASONRY_PICTURE_OK), Int32(MASONRY_PICTURE_TRUNCATED):
      guard pixelWidth > 0 else { throw .corrupt(format) }
      return DecodedPicture(
        width: pixelWidth, height: pixelHeight, pixels: pixels,
        isTruncated: status == Int32(MASONRY_PICTURE_TRUNCATED))
    case Int32(MASONRY_PICTURE_TOO_LARGE): throw .tooLarge(width: width, height: height)
    case Int32(MASONRY_PICTURE_NOT_AN_IMAGE): throw .notAPicture
    default:
      if !message.isEmpty { throw .cannotDecode(format, message) }
      throw .corrupt(format)
    }
  }
}
