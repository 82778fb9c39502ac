import CBenchPictures
import Foundation
import LayoutEngine
import PictureFiles
import Synchronization
import TerminalCore
import TerminalText
import Thumbnails

#if canImport(Glibc)
  import Glibc
#endif

/// Pixel pictures, byte for byte: the release `masonry` on a folder of 1,000 photographs
/// in a pseudo-terminal of 120×40 cells of 9×18 pixels that this benchmark plays the
/// terminal of, answering the start-up probe as kitty 0.26 does (graphics, synchronized
/// output) or as xterm with sixel does (DA1 with 4), or not at all (symbols); and told to
/// draw kitty's Unicode placeholder cells (as inside tmux) or no pictures at all
/// (`--images none`). Every byte the program writes is counted.
///
/// Reported per protocol: the bytes of one row of scrolling with the first screen's
/// pictures drawn (target in kitty ≤ 1.5 KB), of a page, of ten rows at a key-repeat pace
/// and the pause after them (sixel sends its pictures once keys pause), of a key that
/// changes nothing (target 0); the frames drawn while keys repeat; and `j` and PageDown
/// latency p99 (nearest rank: the 99th of 100) and the most, while the folder decodes
/// (100 keys each, 33 ms apart; target p99 ≤ 16 ms), from `MASONRY_TRACE`, with how long
/// the slowest key waited to be read (the rest is making and writing its frame).
/// `MASONRY_BENCH_KEYS=1` prints each slow key's parts.
enum PixelBenchmark {
  /// How the benchmark answers the probe, and what masonry is told: kitty's placeholder
  /// cells forced (`--images kitty-unicode`, as inside tmux), and no pictures at all
  /// (`--images none`: the text and each picture's box in its colour).
  enum Terminal: String, CaseIterable {
    case kitty, sixel, symbols, placeholders, none

    var answer: [UInt8] {
      switch self {
      case .kitty, .placeholders:
        return Array(
          "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?2026;2$y\u{1B}P>|kitty(0.26.5)\u{1B}\\\u{1B}[?62;c".utf8)
      case .sixel:
        return Array(
          "\u{1B}[?2026;0$y\u{1B}P>|XTerm(379)\u{1B}\\\u{1B}[?63;1;2;4;6;9;15;16;22;28c".utf8)
      case .symbols, .none:
        return Array("\u{1B}[?62;c".utf8)
      }
    }

    var arguments: [String] {
      switch self {
      case .kitty, .sixel, .symbols: return []
      case .placeholders: return ["--images", "kitty-unicode"]
      case .none: return ["--images", "none"]
      }
    }
  }

  /// In process, one thread: what a pixel picture of a 29×10-cell box (9×18-pixel cells)
  /// costs beside a symbol thumbnail of the same box, per file of the folder's first
  /// twelve, decoding included (no caches), in milliseconds.
  static func runCosts(folder: String, report: inout BenchmarkReport) {
    let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
      .prefix(12).map { PictureSource.file(folder + "/" + $0) }
    let cell = CellShape(width: 9, height: 18)
    func cost(_ pixels: PixelProtocol?) -> Double {
      Stopwatch.nanoseconds(perOperationOf: files.count, rounds: 3) {
        for file in files {
          _ = ThumbnailRequest(
            source: file, columns: 29, rows: 10, mode: .truecolor, cellShape: cell,
            pixels: pixels
          ).make()
        }
      } / 1e6
    }
    let decode =
      Stopwatch.nanoseconds(perOperationOf: files.count, rounds: 3) {
        for file in files { _ = try? DecodedPicture.decode(file) }
      } / 1e6
    func bytes(_ pixels: PixelProtocol) -> Int {
      files.map { file in
        (try? ThumbnailRequest(
          source: file, columns: 29, rows: 10, mode: .truecolor, cellShape: cell, pixels: pixels
        ).make().get().pixels?.encoded.count) ?? 0
      }.reduce(0, +) / Swift.max(1, files.count)
    }
    report.emit([
      ("name", "pixels.cost_per_picture"), ("files", files.count), ("decode_ms", decode),
      ("symbols_ms", cost(nil)), ("kitty_png_ms", cost(.kitty)), ("sixel_ms", cost(.sixel)),
      ("png_bytes", bytes(.kitty)), ("sixel_bytes", bytes(.sixel)),
    ])
  }

  static func run(report: inout BenchmarkReport) {
    guard let binary = PictureBenchmark.siblingExecutable("masonry") else {
      report.emit([("name", "pixels"), ("skipped", "no masonry binary beside the benchmark")])
      return
    }
    let folder = KeyLatencyBenchmark.makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder + "/..") }
    runCosts(folder: folder, report: &report)
    for terminal in Terminal.allCases {
      guard let session = Session(binary: binary, folder: folder, terminal: terminal) else {
        report.emit([("name", "pixels.\(terminal)"), ("skipped", "no pseudo-terminal")])
        continue
      }
      defer { session.end() }
      // Keys while the first screens decode, then the bytes once they are drawn.
      let loading = session.timings(keys: Array(repeating: "\u{1B}[6~", count: 100))
      let loadingJ = session.timings(keys: Array(repeating: "j", count: 100))
      session.waitForQuiet(milliseconds: 1_500, atMost: 60_000)
      let rows = (0..<10).map { _ in session.bytes(after: "j") }.sorted()
      let page = session.bytes(after: "\u{1B}[6~")
      // At the top, PageUp changes nothing.
      _ = session.bytes(after: "g")
      let nothing = session.bytes(after: "\u{1B}[5~")
      let framesBefore = session.frames()
      let repeated = session.bytes(afterRepeating: "j", count: 10)
      let framesWhileRepeating = session.frames() - framesBefore
      var fields: [(String, Any)] = [
        ("name", "pixels.\(terminal)"), ("folder_photos", 1_000),
        ("row_bytes_median", rows[rows.count / 2]), ("row_bytes_max", rows.last ?? 0),
        ("page_bytes", page), ("unchanged_key_bytes", nothing),
        ("ten_rows_and_pause_bytes", repeated.total), ("pause_bytes", repeated.afterLastKey),
        ("frames_for_ten_repeated_keys", framesWhileRepeating),
      ]
      for (name, timings) in [("pagedown_loading_", loading), ("j_loading_", loadingJ)] {
        for (key, value) in KeyLatencyBenchmark.summary(timings.map(\.latency), sent: 100) {
          fields.append((name + key, value))
        }
        // Where the slowest key's time went: waiting to be read, or its frame.
        if let worst = timings.max(by: { $0.latency < $1.latency }) {
          fields.append((name + "worst_waited_ms", worst.waited))
        }
      }
      fields.append(("row_met", terminal != .kitty || rows[rows.count / 2] <= 1_536))
      fields.append(("unchanged_met", nothing == 0))
      report.emit(fields)
    }
  }

  /// Opening the folder again: the release program on a fresh cache folder, then again on
  /// the same one, each from exec to its last frame before 1.5 s of quiet (every
  /// thumbnail of the first screen drawn); symbols and kitty pixels. Target: the second
  /// opening ≤ 100 ms (the first is what every opening cost before the cache).
  static func runReopen(report: inout BenchmarkReport) {
    guard let binary = PictureBenchmark.siblingExecutable("masonry") else {
      report.emit([("name", "reopen"), ("skipped", "no masonry binary beside the benchmark")])
      return
    }
    let folder = KeyLatencyBenchmark.makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder + "/..") }
    for terminal in [Terminal.symbols, .kitty] {
      let cache = NSTemporaryDirectory() + "masonry-reopen-\(getpid())-\(terminal)"
      try? FileManager.default.removeItem(atPath: cache)
      defer { try? FileManager.default.removeItem(atPath: cache) }
      func open(_ environment: [String]) -> (milliseconds: Double, frames: Int)? {
        guard
          let session = Session(
            binary: binary, folder: folder, terminal: terminal, environment: environment)
        else { return nil }
        defer { session.end() }
        session.waitForQuiet(milliseconds: 1_500, atMost: 60_000)
        let times = session.frameTimes()
        guard let last = times.last else { return nil }
        return (Double(last - session.started) / 1e6, times.count)
      }
      guard let first = open(["XDG_CACHE_HOME=\(cache)"]),
        let again = open(["XDG_CACHE_HOME=\(cache)"]),
        let third = open(["XDG_CACHE_HOME=\(cache)"])
      else {
        report.emit([("name", "reopen.\(terminal)"), ("skipped", "no pseudo-terminal")])
        continue
      }
      let files =
        (try? FileManager.default.contentsOfDirectory(atPath: cache + "/masonry/thumbnails-1"))?
        .count ?? 0
      let reopen = Swift.min(again.milliseconds, third.milliseconds)
      report.emit([
        ("name", "reopen.\(terminal)"), ("folder_photos", 1_000),
        ("first_open_ms", first.milliseconds), ("reopen_ms", again.milliseconds),
        ("reopen_again_ms", third.milliseconds), ("frames_first", first.frames),
        ("frames_reopen", again.frames), ("cache_files", files),
        ("ratio_reopen_to_first", reopen / Swift.max(1, first.milliseconds)),
        ("met", Swift.max(again.milliseconds, third.milliseconds) <= 100),
      ])
    }
  }

  /// `masonry` on a pseudo-terminal whose other end is this benchmark.
  final class Session: @unchecked Sendable {
    let master: Int32
    let process: pid_t
    let trace: String
    /// The bytes read from the program so far, and when the last came.
    private final class Output: Sendable {
      let state = Mutex<(bytes: Int, last: Int)>((0, 0))
    }
    private let output = Output()
    private let reader: Thread

    /// When the program was started (`MonotonicClock`, as the trace's times).
    let started: Int

    init?(binary: String, folder: String, terminal: Terminal, environment: [String] = []) {
      var path = [CChar](repeating: 0, count: 128)
      master = masonry_bench_open_pty(&path, path.count)
      guard master >= 0 else { return nil }
      let name = String(
        decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      var size = winsize(ws_row: 40, ws_col: 120, ws_xpixel: 1080, ws_ypixel: 720)
      _ = ioctl(master, UInt(TIOCSWINSZ), &size)
      trace = NSTemporaryDirectory() + "masonry-pixels-\(getpid())-\(terminal).trace"
      unlink(trace)
      let command =
        [
          "setsid", "-c", "env", "TERM=xterm-256color", "COLORTERM=truecolor", "LANG=C.UTF-8",
          "MASONRY_TRACE=\(trace)",
        ] + environment + [binary]
        // Cold unless a cache folder is given: the user's cache is never read or filled.
        + (environment.contains { $0.hasPrefix("XDG_CACHE_HOME=") } ? [] : ["--no-cache"])
        + terminal.arguments + [folder]
      var actions = posix_spawn_file_actions_t()
      posix_spawn_file_actions_init(&actions)
      defer { posix_spawn_file_actions_destroy(&actions) }
      for descriptor: Int32 in 0...2 {
        posix_spawn_file_actions_addopen(
          &actions, descriptor, name, descriptor == 0 ? O_RDWR : O_RDWR, 0)
      }
      var arguments = command.map { strdup($0) } + [nil]
      defer { for argument in arguments { free(argument) } }
      var pid: pid_t = 0
      started = MonotonicClock.nanoseconds()
      guard posix_spawnp(&pid, "setsid", &actions, nil, &arguments, environ) == 0 else {
        return nil
      }
      process = pid
      let master = self.master
      let output = self.output
      // Answers the probe once its sentinel (DA1) is seen, then counts and drops, answering
      // every later device attributes query as the terminal does (kitty's pictures go in
      // batches, each acknowledged by that answer).
      reader = Thread {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var answered = false
        var seen: [UInt8] = []
        let query = Array("\u{1B}[c".utf8)
        let deviceAttributes = Array("\u{1B}[?62;c".utf8)
        var tail: [UInt8] = []
        while true {
          let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
          if count <= 0 { return }
          if !answered {
            seen += buffer[0..<count]
            if seen.count > 4096 || String(decoding: seen, as: UTF8.self).contains("\u{1B}[c") {
              answered = true
              let answer = terminal.answer
              _ = answer.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            }
          } else {
            // A query may straddle two reads: the last two bytes of the one before go first.
            let window = tail + buffer[0..<count]
            var index = 0
            while index + query.count <= window.count {
              if window[index] == 0x1B && Array(window[index..<(index + query.count)]) == query {
                _ = deviceAttributes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
                index += query.count
              } else {
                index += 1
              }
            }
            // What may begin a query at the end: `ESC [`, or `ESC`.
            tail =
              window.suffix(2).elementsEqual(query.prefix(2))
              ? Array(query.prefix(2)) : window.last == 0x1B ? [0x1B] : []
          }
          let now = MonotonicClock.nanoseconds()
          output.state.withLock { $0 = ($0.bytes + count, now) }
        }
      }
      reader.start()
      // The first frame.
      let start = MonotonicClock.nanoseconds()
      while frames() == 0 && MonotonicClock.nanoseconds() - start < 20_000_000_000 {
        usleep(10_000)
      }
    }

    func end() {
      kill(process, SIGKILL)
      var status: Int32 = 0
      waitpid(process, &status, 0)
      close(master)
      unlink(trace)
    }

    private func send(_ key: String) {
      let bytes = Array(key.utf8)
      _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// The frames drawn so far (`MASONRY_TRACE`).
    func frames() -> Int { frameTimes().count }

    /// When each frame was drawn (`MonotonicClock` nanoseconds).
    func frameTimes() -> [Int] {
      ((try? String(contentsOfFile: trace, encoding: .utf8)) ?? "").split(separator: "\n")
        .filter { $0.hasSuffix(" frame") }.compactMap { Int($0.split(separator: " ")[0]) }
    }

    /// Waits until nothing has been written for `milliseconds` (at most `atMost`).
    func waitForQuiet(milliseconds: Int, atMost: Int) {
      let start = MonotonicClock.nanoseconds()
      while MonotonicClock.nanoseconds() - start < atMost * 1_000_000 {
        let last = output.state.withLock { $0.last }
        if MonotonicClock.nanoseconds() - last > milliseconds * 1_000_000 { return }
        usleep(20_000)
      }
    }

    /// The bytes written after `key` until the output has been quiet for 400 ms.
    func bytes(after key: String) -> Int {
      waitForQuiet(milliseconds: 400, atMost: 10_000)
      let before = output.state.withLock { $0.bytes }
      send(key)
      usleep(50_000)
      waitForQuiet(milliseconds: 400, atMost: 10_000)
      return output.state.withLock { $0.bytes } - before
    }

    /// The bytes of `key` sent `count` times 33 ms apart, and of the pause after the last.
    func bytes(afterRepeating key: String, count: Int) -> (total: Int, afterLastKey: Int) {
      waitForQuiet(milliseconds: 400, atMost: 10_000)
      let before = output.state.withLock { $0.bytes }
      for _ in 0..<count {
        send(key)
        usleep(33_000)
      }
      let atLastKey = output.state.withLock { $0.bytes }
      usleep(50_000)
      waitForQuiet(milliseconds: 600, atMost: 10_000)
      let after = output.state.withLock { $0.bytes }
      return (after - before, after - atLastKey)
    }

    /// The keys the trace shows read, with their frames' times.
    func traceKeys() -> [TraceKeys.Key] {
      TraceKeys((try? String(contentsOfFile: trace, encoding: .utf8)) ?? "").keys
    }

    /// Each key's latency in milliseconds, sent 33 ms apart: from the write to the frame
    /// it caused (the trace's clock is the same monotonic clock).
    func latencies(keys: [String]) -> [Double] { timings(keys: keys).map(\.latency) }

    /// Each key's latency and the part of it the key waited to be read (the event loop
    /// busy, or the program not running), in milliseconds.
    func timings(keys: [String]) -> [(latency: Double, waited: Double)] {
      // Keys read before these belong to an earlier measurement.
      let earlier = traceKeys().count
      var sent: [Int] = []
      for key in keys {
        sent.append(MonotonicClock.nanoseconds())
        send(key)
        usleep(33_000)
      }
      usleep(800_000)
      let read = traceKeys().dropFirst(earlier)
      return zip(sent, read).compactMap { sentAt, key in
        key.frame.map {
          let drawAt = key.drawStarted ?? key.read
          // Profiling aid: where each slow key's time went.
          if ProcessInfo.processInfo.environment["MASONRY_BENCH_KEYS"] != nil,
            Double($0 - sentAt) / 1e6 > 12
          {
            FileHandle.standardError.write(
              Data(
                ("slow key: \(Double(key.read - sentAt) / 1e6) ms to be read, "
                  + "\(Double(drawAt - key.read) / 1e6) to its frame's start, "
                  + "\(Double($0 - drawAt) / 1e6) drawing it\n").utf8))
          }
          return (Double($0 - sentAt) / 1e6, Double(key.read - sentAt) / 1e6)
        }
      }
    }
  }
}
