import Foundation
import TerminalCore

/// The link part: masonry and timg behind `scripts/slow-link.py` (a relay that lets a
/// pseudo-terminal's output through at a given rate, 20 ms late each way), each in a
/// 120×40 tmux pane, on the sample's pictures (`Data/pictures`, real files), in kitty
/// graphics and in sixel. tmux draws neither (it drops kitty's escapes and, at 3.3a, has
/// no sixel): what is measured is what goes through the link, as over SSH.
///
/// Reported for 1 MB/s and 200 KB/s:
/// - the first screen: the bytes through the link from the start until it is quiet for
///   three seconds, and the time from the first byte to 98 % of them, for masonry (`--link slow`: pictures for a slow
///   link; and `--link local`: whole) and for `timg --grid=4x3` on
///   the first twelve pictures (what it shows at once: every picture whole; Debian's timg
///   draws no sixel, and in a sixel terminal draws quarter blocks, `-pq`);
/// - keys while masonry's pictures stream (`--link local`, the most picture bytes; sixel
///   also `--link slow`): `j` and `k` by turns every 250 ms, each timed from the key to the pane's wall showing its frame
///   (tmux's `capture-pane`, polled every 5 ms; the status bar left out, as it changes by
///   itself while pictures stream); p99 is the nearest rank (the largest of twenty),
///   against the link's round trip of 40 ms.
enum LinkBenchmark {
  static let rates = [1_000_000, 200_000]

  static func run(report: inout BenchmarkReport) {
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let relay = repository.appendingPathComponent("scripts/slow-link.py").path
    let folder = repository.appendingPathComponent("Data/pictures").path
    guard let binary = PictureBenchmark.siblingExecutable("masonry") else {
      report.emit([("name", "link"), ("skipped", "no masonry binary beside the benchmark")])
      return
    }
    let twelve = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
      .prefix(12).map { folder + "/" + $0 }
    for rate in rates {
      // Debian 12's timg (1.4.5) draws no sixel: in a sixel terminal it draws quarter
      // blocks (`-pq`), what it is timed with there.
      for (protocolName, masonryImages, timgProtocol) in [
        ("kitty", "kitty", "k"), ("sixel", "sixel", "q"),
      ] {
        var fields: [(String, Any)] = [
          ("name", "link.\(protocolName)"), ("rate_bytes_per_s", rate), ("latency_ms", 20),
        ]
        for link in ["slow", "local"] {
          let command =
            "\(binary) --images \(masonryImages) --link \(link) --no-cache \(folder)"
          if let screen = firstScreen(command: command, relay: relay, rate: rate) {
            fields.append(("masonry_\(link)_bytes", screen.bytes))
            fields.append(("masonry_\(link)_first_screen_ms", screen.milliseconds))
            fields.append(("masonry_\(link)_text_ms", screen.textMilliseconds))
          }
        }
        let timg =
          "timg -p\(timgProtocol) --grid=4x3 -g120x38 --title "
          + twelve.map { "'\($0)'" }.joined(separator: " ") + "; sleep 30"
        if let screen = firstScreen(command: timg, relay: relay, rate: rate) {
          fields.append(("timg_protocol", timgProtocol == "q" ? "quarter blocks" : "kitty"))
          fields.append(("timg_bytes", screen.bytes))
          fields.append(("timg_first_screen_ms", screen.milliseconds))
          if timgProtocol == "q" { fields.append(("timg_text_ms", screen.textMilliseconds)) }
        }
        // kitty's pictures wait in a paced queue; sixel's go out with their frame, so
        // its keys are timed for a slow link's pictures (what SSH gets) as well.
        for link in protocolName == "kitty" ? ["local"] : ["local", "slow"] {
          guard
            let keys = keyLatencies(
              command: "\(binary) --images \(masonryImages) --link \(link) --no-cache \(folder)",
              relay: relay, rate: rate)
          else { continue }
          let name = link == "local" ? "keys" : "keys_\(link)"
          fields.append(("\(name)_ms", keys.map { ($0 * 10).rounded() / 10 }))
          fields.append(("\(name)_p99_ms", keys.max() ?? 0))
        }
        report.emit(fields)
      }
    }
  }

  /// A private tmux server with `command` behind the relay in a 120×40 pane, and the
  /// relay's log.
  private static func start(command: String, relay: String, rate: Int) -> (Tmux, String)? {
    let log = NSTemporaryDirectory() + "masonry-link-\(getpid())-\(MonotonicClock.nanoseconds())"
    _ = FileManager.default.createFile(atPath: log, contents: nil)
    let tmux = Tmux(socket: "masonry-link-\(getpid())-\(MonotonicClock.nanoseconds())")
    guard
      tmux.run([
        "new-session", "-d", "-s", "l", "-x", "120", "-y", "40",
        "env -u TMUX TERM=xterm-256color LANG=C.UTF-8 python3 \(relay) \(rate) 20 \(log) -- sh -c \"\(command)\"",
      ])
    else { return nil }
    return (tmux, log)
  }

  /// The relay's log: each piece's time and size.
  private static func pieces(_ log: String) -> [(time: Double, bytes: Int)] {
    ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").compactMap {
      let fields = $0.split(separator: " ")
      guard fields.count == 2, let time = Double(fields[0]), let bytes = Int(fields[1]) else {
        return nil
      }
      return (time, bytes)
    }
  }

  /// The first screen through the link: its bytes once the link is quiet for three
  /// seconds (timg waits a while for answers from the terminal before it draws; 60 s at
  /// most), the time from the program's first byte to 98 % of them, and to the pane's
  /// last change but for its status bar (what is drawn in text: symbols, and the
  /// symbols masonry shows under pictures until their pixels come; tmux shows no
  /// pixels).
  private static func firstScreen(command: String, relay: String, rate: Int) -> (
    bytes: Int, milliseconds: Double, textMilliseconds: Double
  )? {
    guard let (tmux, log) = start(command: command, relay: relay, rate: rate) else { return nil }
    defer {
      tmux.kill()
      unlink(log)
    }
    var last = -1
    var quiet = 0
    var wall: [Substring]?
    var wallChanged = Date().timeIntervalSince1970
    let deadline = Date().addingTimeInterval(60)
    while quiet < 60 && Date() < deadline {
      usleep(50_000)
      let size = (try? FileManager.default.attributesOfItem(atPath: log)[.size] as? Int) ?? 0
      quiet = size == last && size > 0 ? quiet + 1 : 0
      last = size
      let now = tmux.capture(["capture-pane", "-p", "-t", "l"])?.split(
        separator: "\n", omittingEmptySubsequences: false
      ).dropLast(2)
      if let now, Array(now) != wall {
        wall = Array(now)
        wallChanged = Date().timeIntervalSince1970
      }
    }
    let all = pieces(log)
    guard let first = all.first else { return nil }
    let total = all.reduce(0) { $0 + $1.bytes }
    let text = Swift.max(0, ((wallChanged - first.time) * 1_000).rounded())
    var sent = 0
    for piece in all {
      sent += piece.bytes
      if sent * 100 >= total * 98 {
        return (total, ((piece.time - first.time) * 1_000).rounded(), text)
      }
    }
    return nil
  }

  /// Twenty keys' latencies while the first screen's pictures stream.
  private static func keyLatencies(command: String, relay: String, rate: Int) -> [Double]? {
    guard let (tmux, log) = start(command: command, relay: relay, rate: rate) else { return nil }
    defer {
      tmux.send("q")
      tmux.kill()
      unlink(log)
    }
    let start = Date()
    while tmux.capture(["capture-pane", "-p", "-t", "l"])?.contains(" of ") != true {
      guard Date().timeIntervalSince(start) < 20 else { return nil }
      usleep(20_000)
    }
    // The wall's rows, not the status bar: it changes by itself while pictures stream
    // (what is left to send, and the pace), which is not the key's frame.
    func wall() -> [Substring]? {
      tmux.capture(["capture-pane", "-p", "-t", "l"])?.split(
        separator: "\n", omittingEmptySubsequences: false
      ).dropLast(2)
    }
    var latencies: [Double] = []
    for index in 0..<20 {
      usleep(250_000)
      let before = wall()
      let sent = Date()
      tmux.run(["send-keys", "-t", "l", index % 2 == 0 ? "j" : "k"])
      while wall() == before && Date().timeIntervalSince(sent) < 10 {
        usleep(5_000)
      }
      latencies.append(Date().timeIntervalSince(sent) * 1_000)
    }
    return latencies
  }
}

extension Tmux {
  /// Sends `keys` to the session's pane.
  fileprivate func send(_ keys: String) { run(["send-keys", "-t", "l", keys]) }
}
