import CBenchPictures
import Cards
import Foundation
import PictureFiles
import TerminalScreen
import Thumbnails

#if canImport(Glibc)
  import Glibc
#endif

/// Thumbnails beside the `chafa` tool, in the same run, on the same files: speed per
/// picture (in-process, and whole process to whole process) and fidelity (the mean CIELAB
/// colour difference between a thumbnail's cells and an area-averaged downscale of the
/// picture).
enum PictureBenchmark {
  struct Target {
    var name: String
    var path: String
  }

  static let columns = 30
  static let rows = 12

  static func run(report: inout BenchmarkReport) {
    let folder = makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let files = makePictures(in: folder)
    let chafa = findExecutable("chafa")
    let masonry = siblingExecutable("masonry")
    var ourTotal = 0.0
    var chafaTotal = 0.0
    var processTotal = 0.0
    for file in files {
      let ours = Stopwatch.nanoseconds(perOperationOf: 3, rounds: 3) {
        for _ in 0..<3 { _ = thumbnail(of: file.path) }
      }
      var fields: [(String, Any)] = [
        ("name", "thumbnail"), ("file", file.name), ("cells", "\(columns)x\(rows)"),
        ("ours_in_process_ms", ours / 1e6),
      ]
      ourTotal += ours
      if let masonry {
        let process = bestProcessTime(
          masonry, ["thumbnail", file.path, "--size", "\(columns)x\(rows)", "--color=24bit"],
          runs: 5)
        fields.append(("ours_process_ms", process / 1e6))
        processTotal += process
      }
      if let chafa {
        let theirs = bestProcessTime(chafa, chafaArguments(file.path), runs: 5)
        fields.append(("chafa_process_ms", theirs / 1e6))
        fields.append(("speedup_in_process", theirs / ours))
        chafaTotal += theirs
      }
      report.emit(fields)
    }
    if let chafa, let masonry {
      // All five pictures in one process each: masonry makes them in parallel.
      let paths = files.map(\.path)
      let ourBatch = bestProcessTime(
        masonry, ["thumbnail"] + paths + ["--size", "\(columns)x\(rows)", "--color=24bit"], runs: 3)
      let chafaBatch = bestProcessTime(chafa, chafaArguments(paths), runs: 3)
      report.emit([
        ("name", "thumbnail_batch"), ("files", paths.count), ("ours_process_ms", ourBatch / 1e6),
        ("chafa_process_ms", chafaBatch / 1e6), ("speedup", chafaBatch / ourBatch),
      ])
      report.emit([
        ("name", "thumbnail_target"), ("target", "at least 2x chafa per picture"),
        ("speedup_in_process", chafaTotal / ourTotal),
        ("speedup_process_one_file_each", chafaTotal / processTotal),
        ("speedup_process_all_files", chafaBatch / ourBatch),
        ("met", chafaTotal / ourTotal >= 2 && chafaTotal / processTotal >= 2),
      ])
    } else {
      report.emit([("name", "thumbnail_target"), ("skipped", "the chafa tool is not installed")])
    }
    fidelity(files, chafa: chafa, report: &report)
  }

  /// The fidelity comparison alone (`masonry-bench fidelity`): deterministic, so it can
  /// run on a busy machine.
  static func runFidelity(report: inout BenchmarkReport) {
    let folder = makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    fidelity(makePictures(in: folder), chafa: findExecutable("chafa"), report: &report)
  }

  /// Our thumbnail of `path` at 30×12 cells, in the picture's own shape, from scratch (no
  /// cache): header, decode, render.
  static func thumbnail(of path: String) -> Thumbnail? {
    guard let info = try? PictureInfo.read(.file(path)) else { return nil }
    let box = ThumbnailRenderer.fittedBox(
      pictureWidth: info.width, pictureHeight: info.height, columns: columns, rows: rows)
    let request = ThumbnailRequest(
      source: .file(path), columns: box.columns, rows: box.rows, mode: .truecolor)
    return try? request.make().get()
  }

  static func chafaArguments(_ paths: String...) -> [String] { chafaArguments(paths) }

  static func chafaArguments(_ paths: [String]) -> [String] {
    ["--size", "\(columns)x\(rows)", "-f", "symbols", "-c", "full"] + paths
  }

  // MARK: Fidelity

  static func fidelity(_ files: [Target], chafa: String?, report: inout BenchmarkReport) {
    var oursSum = 0.0
    var theirsSum = 0.0
    var count = 0
    // The benchmark's pictures and the sample's real photographs.
    var targets = files
    for name in ["cat.jpg", "dog.jpg", "capybara.jpg", "pig.jpg"] {
      if let bytes = EmbeddedPictures.bytes(named: "pictures/" + name) {
        let path = folderPath + "/sample-" + name
        write(bytes, to: path)
        targets.append(Target(name: "sample " + name, path: path))
      }
    }
    for target in targets {
      guard let bytes = read(target.path),
        let full = try? DecodedPicture.decode(bytes: bytes, maxSide: 1 << 20, accurate: true),
        let ours = thumbnail(of: target.path)
      else { continue }
      let ourError = ColorDifference.meanDeltaE(
        cells: ours.cells.map { ($0.symbol, $0.foreground, $0.background) },
        columns: ours.columns, rows: ours.rows, picture: full)
      var fields: [(String, Any)] = [
        ("name", "fidelity"), ("file", target.name), ("ours_mean_delta_e", ourError),
      ]
      if let chafa, let output = capture(chafa, chafaArguments(target.path)) {
        let (cells, columns, rows) = ChafaOutput.cells(output)
        let theirError = ColorDifference.meanDeltaE(
          cells: cells, columns: columns, rows: rows, picture: full)
        fields.append(("chafa_mean_delta_e", theirError))
        oursSum += ourError
        theirsSum += theirError
        count += 1
      }
      report.emit(fields)
    }
    if count > 0 {
      report.emit([
        ("name", "fidelity_target"), ("target", "mean delta E no worse than chafa's"),
        ("ours", oursSum / Double(count)), ("chafa", theirsSum / Double(count)),
        ("met", oursSum <= theirsSum * 1.001),
      ])
    }
  }

  // MARK: Files

  nonisolated(unsafe) static var folderPath = "/tmp"

  static func makeFolder() -> String {
    var template = Array("/tmp/masonry-bench-XXXXXX".utf8CString)
    folderPath = template.withUnsafeMutableBufferPointer {
      String(cString: mkdtemp($0.baseAddress!))
    }
    return folderPath
  }

  /// A photograph's worth of pixels from the sample's cat: scaled to `width` × `height`
  /// and given a film grain, so that the encoder has real detail to keep (RGB, or RGBA
  /// opaque).
  static func photo(from cat: DecodedPicture, width: Int, height: Int, alpha: Bool) -> [UInt8] {
    var pixels = [UInt8](repeating: 255, count: width * height * (alpha ? 4 : 3))
    var seed: UInt32 = 2_463_534_242
    for y in 0..<height {
      let sourceY = Double(y) * Double(cat.height - 1) / Double(Swift.max(1, height - 1))
      for x in 0..<width {
        let sourceX = Double(x) * Double(cat.width - 1) / Double(Swift.max(1, width - 1))
        seed ^= seed << 13
        seed ^= seed >> 17
        seed ^= seed << 5
        let grain = Int(seed % 13) - 6
        let at = (y * width + x) * (alpha ? 4 : 3)
        for channel in 0..<3 {
          let value = bilinear(cat, sourceX, sourceY, channel) + grain
          pixels[at + channel] = UInt8(Swift.max(0, Swift.min(255, value)))
        }
      }
    }
    return pixels
  }

  /// The pictures of the comparison, made from the sample's photograph of a cat, scaled up
  /// with fine detail added so that they compress like photographs.
  static func makePictures(in folder: String) -> [Target] {
    _ = BundledSample.collection()  // registers the sample's pictures
    guard let cat = try? DecodedPicture.decode(.embedded("pictures/cat.jpg"), maxSide: 1 << 20)
    else { return [] }
    func photo(_ width: Int, _ height: Int, alpha: Bool) -> [UInt8] {
      Self.photo(from: cat, width: width, height: height, alpha: alpha)
    }
    var targets: [Target] = []
    let big = photo(4000, 3000, alpha: false)
    let baseline = folder + "/baseline-4000x3000.jpg"
    masonry_bench_write_jpeg(baseline, big, 4000, 3000, 90, 0)
    targets.append(Target(name: "baseline JPEG 4000x3000", path: baseline))
    let progressive = folder + "/progressive-4000x3000.jpg"
    masonry_bench_write_jpeg(progressive, big, 4000, 3000, 90, 1)
    targets.append(Target(name: "progressive JPEG 4000x3000", path: progressive))
    let square = photo(1000, 1000, alpha: true)
    let png = folder + "/picture-1000x1000.png"
    masonry_bench_write_png(png, square, 1000, 1000)
    targets.append(Target(name: "PNG 1000x1000", path: png))
    let webp = folder + "/lossless-1000x1000.webp"
    masonry_bench_write_webp_lossless(webp, square, 1000, 1000)
    targets.append(Target(name: "lossless WebP 1000x1000", path: webp))
    let gifPixels = photo(1000, 750, alpha: false)
    let gif = folder + "/picture-1000x750.gif"
    masonry_bench_write_gif(gif, gifPixels, 1000, 750)
    targets.append(Target(name: "GIF 1000x750", path: gif))
    return targets
  }

  private static func bilinear(_ picture: DecodedPicture, _ x: Double, _ y: Double, _ channel: Int)
    -> Int
  {
    let x0 = Int(x)
    let y0 = Int(y)
    let x1 = Swift.min(picture.width - 1, x0 + 1)
    let y1 = Swift.min(picture.height - 1, y0 + 1)
    let fx = x - Double(x0)
    let fy = y - Double(y0)
    func value(_ px: Int, _ py: Int) -> Double {
      Double(picture.pixels[(py * picture.width + px) * 4 + channel])
    }
    let top = value(x0, y0) * (1 - fx) + value(x1, y0) * fx
    let bottom = value(x0, y1) * (1 - fx) + value(x1, y1) * fx
    return Int(top * (1 - fy) + bottom * fy)
  }

  static func read(_ path: String) -> [UInt8]? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = fread(&buffer, 1, buffer.count, file)
      if count <= 0 { break }
      bytes += buffer[0..<count]
    }
    return bytes
  }

  static func write(_ bytes: [UInt8], to path: String) {
    guard let file = fopen(path, "wb") else { return }
    _ = fwrite(bytes, 1, bytes.count, file)
    fclose(file)
  }

  // MARK: Processes

  /// The executable `name` on the PATH.
  static func findExecutable(_ name: String) -> String? {
    let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") where access("\(folder)/\(name)", X_OK) == 0 {
      return "\(folder)/\(name)"
    }
    return nil
  }

  /// The executable `name` beside this benchmark (built by the same `swift build`).
  static func siblingExecutable(_ name: String) -> String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard length > 0 else { return nil }
    let me = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let path = me.split(separator: "/").dropLast().joined(separator: "/")
    let candidate = "/" + path + "/" + name
    return access(candidate, X_OK) == 0 ? candidate : nil
  }

  /// The fastest of `runs` runs of `executable arguments`, output discarded, in
  /// nanoseconds.
  static func bestProcessTime(_ executable: String, _ arguments: [String], runs: Int) -> Double {
    var best = Double.infinity
    for _ in 0..<runs {
      let clock = ContinuousClock()
      let elapsed = clock.measure { _ = spawn(executable, arguments, output: "/dev/null") }
      best = Swift.min(
        best,
        Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9)
    }
    return best
  }

  /// What `executable arguments` prints.
  static func capture(_ executable: String, _ arguments: [String]) -> String? {
    let path = folderPath + "/captured"
    guard spawn(executable, arguments, output: path) == 0, let file = fopen(path, "rb") else {
      return nil
    }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = fread(&buffer, 1, buffer.count, file)
      if count <= 0 { break }
      bytes += buffer[0..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Runs a process with standard output to `output` and waits for it; its exit status.
  static func spawn(_ executable: String, _ arguments: [String], output: String) -> Int32 {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var pid: pid_t = 0
    guard posix_spawn(&pid, executable, &actions, nil, argv, environ) == 0 else { return -1 }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return status
  }
}
