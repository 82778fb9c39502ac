import Cards
import Foundation
import PictureFiles
import TerminalCore

#if canImport(Glibc)
  import Glibc
#endif

/// `make bench PART=animation`: an animated card's cost, and keys while cards play.
///
/// The animation is real: the sample's cat photograph panned across in 24 frames of
/// 480×320, 40 ms each (25 frames a second), forever, made by ImageMagick. The release
/// `masonry` shows it in a 120×40 tmux pane in 24-bit symbols, selected (so it plays);
/// its CPU time over ten seconds (from /proc) is the card's cost, beside the same
/// program with `--animate off` (the idle cost) and `timg` playing the same file in a
/// pane of the same size. The frames it drew in that time (its `MASONRY_TRACE`) against
/// the file's rate say that it plays at the file's own pace. Target (issue 46): at most
/// 5 % of a core. Then the keys part's `j` and PageDown on a folder of 200 such cards, all
/// playing (`--animate all`): p99 ≤ 16 ms, as without them.
enum AnimationBenchmark {
  static func run(report: inout BenchmarkReport) {
    guard let binary = PictureBenchmark.siblingExecutable("masonry"),
      let convert = PictureBenchmark.findExecutable("convert")
    else {
      report.emit([("name", "animation"), ("skipped", "no masonry or ImageMagick")])
      return
    }
    let folder = PictureBenchmark.makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    guard let gif = makeAnimation(in: folder, convert: convert) else {
      report.emit([("name", "animation"), ("skipped", "the animation could not be made")])
      return
    }
    let single = folder + "/one"
    mkdir(single, 0o755)
    link(gif, single + "/cat-pan.gif")
    let seconds = 10.0
    var fields: [(String, Any)] = [("name", "animation.cpu"), ("file_fps", 25)]
    var playing = 0.0
    for (label, words) in [
      ("playing", [binary, "--no-cache", "--images", "symbols", single]),
      ("off", [binary, "--no-cache", "--images", "symbols", "--animate", "off", single]),
    ] {
      let trace = folder + "/trace-\(label).txt"
      guard let (share, frames) = cpu(of: words, trace: trace, seconds: seconds) else {
        fields.append(("\(label)_percent_of_a_core", "tmux did not start"))
        continue
      }
      if label == "playing" {
        playing = share
        fields.append(("frames_drawn_per_second", Double(frames) / seconds))
      }
      fields.append(("\(label)_percent_of_a_core", share))
    }
    if let timg = PictureBenchmark.findExecutable("timg"),
      let (share, _) = cpu(
        of: [timg, "-g30x12", "--loops=-1", gif], trace: nil, seconds: seconds)
    {
      fields.append(("timg_percent_of_a_core", share))
    }
    fields += [("target", "≤ 5 % of a core"), ("met", playing > 0 && playing <= 5)]
    report.emit(fields)
    // Keys on a folder of 200 playing cards.
    let many = folder + "/many"
    mkdir(many, 0o755)
    for index in 0..<200 { link(gif, many + "/\(1000 + index)-cat-pan.gif") }
    for (name, keys) in [
      ("pagedown", Array(repeating: ["PageDown", "PageUp"], count: 60).flatMap { $0 }),
      ("j", Array(repeating: "j", count: 120)),
    ] {
      guard
        let latencies = KeyLatencyBenchmark.measure(
          binary: binary, folder: many, keys: keys, options: ["--animate", "all"])
      else {
        report.emit([("name", "animation.keys.\(name)"), ("skipped", "tmux did not start")])
        continue
      }
      report.emit(
        [("name", "animation.keys.\(name)")]
          + KeyLatencyBenchmark.summary(latencies, sent: keys.count))
    }
  }

  /// The cat panned across: 24 frames of 480×320 cut from the photograph at 2.5× its size.
  static func makeAnimation(in folder: String, convert: String) -> String? {
    _ = BundledSample.collection()
    guard let cat = EmbeddedPictures.bytes(named: "pictures/cat.jpg") else { return nil }
    let source = folder + "/cat.jpg"
    PictureBenchmark.write(cat, to: source)
    let gif = folder + "/cat-pan.gif"
    var arguments = ["-delay", "4", "-loop", "0"]
    for frame in 0..<24 {
      arguments += [
        "(", source, "-resize", "1200x800!", "-crop", "480x320+\(frame * 30)+\(frame * 15)",
        "+repage", ")",
      ]
    }
    arguments.append(gif)
    guard PictureBenchmark.spawn(convert, arguments, output: "/dev/null") == 0,
      FileManager.default.fileExists(atPath: gif)
    else { return nil }
    return gif
  }

  /// The share of a core `words` takes over `seconds` in a 120×40 tmux pane, from two
  /// seconds after it starts, and the frames it drew meanwhile (with `trace`).
  static func cpu(of words: [String], trace: String?, seconds: Double) -> (Double, Int)? {
    let tmux = Tmux(socket: "masonry-animation-\(getpid())-\(MonotonicClock.nanoseconds())")
    defer { tmux.kill() }
    let environment =
      "TERM=tmux-256color COLORTERM=truecolor LANG=C.UTF-8"
      + (trace.map { " MASONRY_TRACE=\($0)" } ?? "")
    guard
      tmux.run([
        "new-session", "-d", "-s", "a", "-x", "120", "-y", "40",
        "exec env \(environment) " + words.map { "'\($0)'" }.joined(separator: " "),
      ]),
      let text = tmux.capture(["list-panes", "-t", "a", "-F", "#{pane_pid}"]),
      let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
    else { return nil }
    usleep(2_000_000)
    let framesBefore = trace.map(frames(in:)) ?? 0
    guard let before = cpuTicks(of: pid) else { return nil }
    let start = MonotonicClock.nanoseconds()
    usleep(UInt32(seconds * 1_000_000))
    guard let after = cpuTicks(of: pid) else { return nil }
    let elapsed = Double(MonotonicClock.nanoseconds() - start) / 1e9
    let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
    let framesAfter = trace.map(frames(in:)) ?? 0
    // In percent of a core: the report keeps two decimals, a tick in ten seconds is 0.1.
    return (Double(after - before) / ticks / elapsed * 100, framesAfter - framesBefore)
  }

  /// The user and system time of process `pid`, in clock ticks.
  static func cpuTicks(of pid: Int32) -> Int? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return nil }
    // Fields after the command's name: state is the 3rd, utime the 14th, stime the 15th.
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    guard fields.count > 13, let user = Int(fields[11]), let system = Int(fields[12]) else {
      return nil
    }
    return user + system
  }

  static func frames(in trace: String) -> Int {
    ((try? String(contentsOfFile: trace, encoding: .utf8)) ?? "").split(separator: "\n")
      .filter { $0.hasSuffix(" frame") }.count
  }
}
