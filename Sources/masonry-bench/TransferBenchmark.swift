import CursesBackend
import Foundation
import LayoutEngine
import PictureFiles
import TerminalCore
import Thumbnails

#if canImport(Glibc)
  import Glibc
#endif

/// The transfer part: kitty on this machine, a real kitty under Xvfb, shown the sample's
/// first twelve pictures (real files, made for 29×10 cells of 9×18 pixels, a 4×3 grid of
/// 120×40 cells) by the picture layer's own plan, as base64 on the link and read from
/// shared memory (`t=s`). Timed from the plan's first byte (shared memory: from making
/// the objects) to kitty's answer to a device attributes query written after it (kitty
/// decodes a picture as it reads its escape, so the answer comes once all are stored);
/// the bytes are what went to the terminal. Five rounds of each, taken by turns; the
/// median is reported.
enum TransferBenchmark {
  static func run(report: inout BenchmarkReport) {
    let tools = ["Xvfb", "kitty", "xdpyinfo"].filter { tool in
      !(ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
        .contains { access("\($0)/\(tool)", X_OK) == 0 }
    }
    guard tools.isEmpty, let me = PictureBenchmark.siblingExecutable("masonry-bench") else {
      report.emit([("name", "transfer"), ("skipped", "missing \(tools.joined(separator: ", "))")])
      return
    }
    let out = NSTemporaryDirectory() + "masonry-transfer-\(getpid()).json"
    unlink(out)
    let display = ":\(70 + getpid() % 20)"
    let server = Process()
    server.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
    server.arguments = [display, "-screen", "0", "1200x900x24", "-nolisten", "tcp"]
    server.standardError = FileHandle.nullDevice
    guard (try? server.run()) != nil else { return }
    defer { server.terminate() }
    var environment = ProcessInfo.processInfo.environment
    environment["DISPLAY"] = display
    environment["LIBGL_ALWAYS_SOFTWARE"] = "1"
    Thread.sleep(forTimeInterval: 1.5)
    let terminal = Process()
    terminal.executableURL = URL(fileURLWithPath: "/usr/bin/kitty")
    terminal.environment = environment
    terminal.arguments = [
      "--config", "NONE", "-o", "font_family=DejaVu Sans Mono", "-o", "font_size=11",
      "-o", "initial_window_width=1100", "-o", "initial_window_height=760", "-o",
      "remember_window_size=no", me, "transfer-inner", out,
    ]
    terminal.standardError = FileHandle.nullDevice
    guard (try? terminal.run()) != nil else { return }
    defer { terminal.terminate() }
    let deadline = Date().addingTimeInterval(120)
    while Date() < deadline && !FileManager.default.fileExists(atPath: out) {
      Thread.sleep(forTimeInterval: 0.2)
    }
    Thread.sleep(forTimeInterval: 0.2)
    guard let data = FileManager.default.contents(atPath: out),
      let fields = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else {
      report.emit([("name", "transfer"), ("skipped", "kitty gave no result")])
      return
    }
    unlink(out)
    report.emit(
      [("name", "transfer")] + fields.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
  }

  /// Inside kitty: the rounds, their figures written to `path` as JSON.
  static func inner(output path: String) {
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let folder = repository.appendingPathComponent("Data/pictures").path
    let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
      .prefix(12)
    let pictures = files.compactMap { name in
      try? ThumbnailRequest(
        source: .file(folder + "/" + name), columns: 29, rows: 10, mode: .truecolor,
        cellShape: CellShape(width: 9, height: 18), pixels: .kitty
      ).make().get().pixels
    }
    let placements = pictures.enumerated().map { index, picture in
      let box = Rect(x: index % 4 * 30, y: index / 4 * 11, width: 29, height: 10)
      return PicturePlacement(picture: picture, box: box, visible: box)
    }
    let tty = open("/dev/tty", O_RDWR | O_CLOEXEC)
    guard tty >= 0 else { return }
    var saved = termios()
    tcgetattr(tty, &saved)
    var raw = saved
    cfmakeraw(&raw)
    tcsetattr(tty, TCSANOW, &raw)
    defer { tcsetattr(tty, TCSANOW, &saved) }
    let objects = SharedMemoryObjects()
    // Whether this kitty reads shared memory at all, as the probe asks it.
    let probeName = objects.prefix + "-probe"
    _ = objects.make(probeName, bytes: TerminalProbe.sharedMemoryPicture, at: 0)
    let probe = TerminalProbe.request(insideTmux: false, sharedMemory: probeName).bytes
    let answer = exchange(tty, probe)
    let reads = answer.milliseconds >= 0 && answer.text.contains("Gi=32;OK")
    var results: [String: [Double]] = ["base64": [], "shared memory": []]
    var bytes: [String: Int] = [:]
    for round in 0..<5 {
      for shared in [false, true] where reads || !shared {
        var layer = PictureLayer(
          protocolKind: .kitty, sharedMemory: shared ? objects.prefix + "-\(round)" : nil)
        let start = MonotonicClock.nanoseconds()
        let plan = layer.plan(placements, screenHeight: 40, cleared: true)
        for object in plan.sharedObjects {
          _ = objects.make(object.name, bytes: object.bytes, at: 0)
        }
        let done = exchange(tty, plan.output + Array("\u{1B}[c".utf8), from: start)
        let key = shared ? "shared memory" : "base64"
        results[key]?.append(done.milliseconds)
        bytes[key] = plan.output.count
        // Everything gone before the next round.
        _ = exchange(tty, Array("\u{1B}_Ga=d,d=A,q=2\u{1B}\\\u{1B}[2J\u{1B}[c".utf8))
      }
    }
    objects.removeAll()
    func median(_ values: [Double]) -> Double {
      values.isEmpty ? -1 : (values.sorted()[values.count / 2] * 10).rounded() / 10
    }
    var fields: [String: Any] = [
      "pictures": pictures.count, "picture_bytes": pictures.reduce(0) { $0 + $1.encoded.count },
      "reads_shared_memory": reads, "base64_ms": median(results["base64"] ?? []),
      "base64_bytes": bytes["base64"] ?? 0,
      "base64_rounds_ms": results["base64"] ?? [],
    ]
    if reads {
      fields["shared_memory_ms"] = median(results["shared memory"] ?? [])
      fields["shared_memory_bytes"] = bytes["shared memory"] ?? 0
      fields["shared_memory_rounds_ms"] = results["shared memory"] ?? []
    }
    if let data = try? JSONSerialization.data(withJSONObject: fields) {
      _ = FileManager.default.createFile(atPath: path + ".part", contents: data)
      rename(path + ".part", path)
    }
  }

  /// Writes `bytes` and reads until a device attributes answer (`ESC [ ? … c`) or 10 s:
  /// what was read, and the milliseconds since `start` (-1 on timeout).
  private static func exchange(_ tty: Int32, _ bytes: [UInt8], from start: Int? = nil)
    -> (text: String, milliseconds: Double)
  {
    let start = start ?? MonotonicClock.nanoseconds()
    var rest = bytes[...]
    while !rest.isEmpty {
      let written = rest.withUnsafeBytes { write(tty, $0.baseAddress, $0.count) }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { break }
      rest = rest.dropFirst(written)
    }
    var read: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    let deadline = start + 10_000_000_000
    while MonotonicClock.nanoseconds() < deadline {
      var entry = pollfd(fd: tty, events: Int16(POLLIN), revents: 0)
      guard poll(&entry, 1, 100) > 0 else { continue }
      let count = buffer.withUnsafeMutableBytes { Glibc.read(tty, $0.baseAddress, $0.count) }
      guard count > 0 else { continue }
      read += buffer[0..<count]
      let text = String(decoding: read, as: UTF8.self)
      if text.range(of: "\u{1B}\\[\\?[0-9;]*c", options: .regularExpression) != nil {
        return (text, Double(MonotonicClock.nanoseconds() - start) / 1e6)
      }
    }
    return (String(decoding: read, as: UTF8.self), -1)
  }
}
