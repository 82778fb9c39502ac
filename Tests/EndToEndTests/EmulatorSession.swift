import Foundation
import PictureFiles
import Synchronization
import TestSupport
import Thumbnails

/// The real `masonry` in a real terminal emulator (xterm, kitty or mlterm) on an Xvfb of
/// its own (no window manager: a window on a shared display could be covered): keys in
/// with xdotool, screenshots out with ImageMagick's `import`, taken until two in a row
/// agree and are not one flat colour (a terminal that has not painted yet is black).
final class EmulatorSession {
  enum Emulator: String, CaseIterable, Sendable {
    case xterm, kitty, mlterm
  }

  /// A screenshot: RGBA rows.
  struct Shot {
    var width: Int
    var height: Int
    var pixels: [UInt8]

    func pixel(_ x: Int, _ y: Int) -> (Int, Int, Int) {
      let index = (y * width + x) * 4
      return (Int(pixels[index]), Int(pixels[index + 1]), Int(pixels[index + 2]))
    }
  }

  /// One picture of one frame, as `MASONRY_PICTURE_LOG` has it.
  struct LoggedPicture: Decodable {
    var frame: Int
    var `protocol`: String?
    var path: String?
    var box: [Int]?
    var visible: [Int]?
    var cell: [Int]?
    /// kitty: how the pictures went, "shared memory" or "base64".
    var transfer: String?
  }

  /// The last display number taken. Atomic: the cases of a parametrized test run at once,
  /// and two sessions that read the same number shared one X server (the second Xvfb
  /// exits; its terminal opened on the first's display and died with it).
  private static let lastDisplay = Atomic<Int>(40 + Int(getpid() % 50) * 4)

  let emulator: Emulator
  let display: String
  let directory: String
  let logPath: String
  private var processes: [pid_t] = []
  /// The terminal's command and process, to start it again once (`window`).
  private var terminal: (command: [String], process: pid_t)?
  private var restarted = false

  /// Whether everything the harness runs is installed (`scripts/setup.sh` installs it).
  static var missingTools: [String] {
    ["Xvfb", "xterm", "kitty", "mlterm", "xdotool", "import", "xdpyinfo"].filter { tool in
      !(ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":").contains {
        FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)")
      }
    }
  }

  /// Starts `masonry arguments` in `emulator` (100 columns; xterm and mlterm 40 rows, kitty
  /// 900×760 pixels), in `directory` (the repository), with `environment` added.
  init(
    _ emulator: Emulator, arguments: [String], in workingDirectory: String,
    environment: [String: String] = [:]
  )
    throws
  {
    self.emulator = emulator
    directory = TemporaryFiles.makeDirectory()
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    logPath = directory + "/pictures.log"
    // A display of its own: an X server already on the number (a benchmark's, a user's)
    // makes this Xvfb exit while xdpyinfo answers from the other one, and the terminal
    // would open there. So a number with an X lock or socket is skipped, as X servers
    // skip them, and the display counts as ready only while this Xvfb runs.
    var found: (display: String, server: pid_t)?
    var tried = 0
    while found == nil && tried < 20 {
      let number = Self.lastDisplay.add(1, ordering: .relaxed).newValue
      if FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock")
        || FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)")
      {
        continue
      }
      tried += 1
      let display = ":\(number)"
      let server = try Self.spawn([
        "Xvfb", display, "-screen", "0", "1200x900x24", "-nolisten", "tcp",
      ])
      for _ in 0..<100 {
        var status: Int32 = 0
        if waitpid(server, &status, WNOHANG) == server { break }
        if Self.run(["xdpyinfo", "-display", display]) == 0 {
          // Still running once the display answers: the display is this one's.
          if waitpid(server, &status, WNOHANG) == 0 { found = (display, server) }
          break
        }
        usleep(100_000)
      }
      if found == nil {
        kill(-server, SIGKILL)
        var status: Int32 = 0
        waitpid(server, &status, WNOHANG)
      }
    }
    guard let found else { throw SessionError("no Xvfb display could be started") }
    display = found.display
    processes.append(found.server)
    // What the program runs with: the terminal's own TERM, no colour overrides.
    var variables = [
      "MASONRY_PICTURE_LOG=\(logPath)", "LANG=C.UTF-8",
      // Never the user's thumbnail cache: each session starts cold.
      "XDG_CACHE_HOME=\(logPath).cache",
    ]
    for (name, value) in environment.sorted(by: { $0.key < $1.key }) {
      variables.append("\(name)=\(value)")
    }
    let program =
      ["env", "-u", "NO_COLOR", "-u", "COLORTERM", "-u", "TMUX", "-u", "MASONRY_IMAGES"] + variables
      + [TmuxSession.binary] + arguments
    let script =
      "cd \(Self.quoted(workingDirectory)) && "
      + program.map(Self.quoted).joined(separator: " ")
      + " 2> \(Self.quoted(directory + "/stderr"))"
    let command: [String]
    switch emulator {
    case .xterm:
      command = [
        "xterm", "-T", "PX", "-ti", "vt340", "-xrm", "XTerm*decTerminalID: vt340", "-xrm",
        "XTerm*numColorRegisters: 256", "-geometry", "100x40+0+0", "-fa", "DejaVu Sans Mono", "-fs",
        "11", "-e", "sh", "-c", script,
      ]
    case .kitty:
      command = [
        "kitty", "--config", "NONE", "-o", "font_family=DejaVu Sans Mono", "-o", "font_size=11",
        "-o",
        "initial_window_width=900", "-o", "initial_window_height=760", "-o",
        "remember_window_size=no", "-o", "enable_audio_bell=no", "-o", "cursor_blink_interval=0",
        "-T", "PX", "sh", "-c", script,
      ]
    case .mlterm:
      command = [
        "mlterm", "--title=PX", "--geometry=100x40+0+0", "--fontsize=14", "--sbmod=none", "-e",
        "sh", "-c", script,
      ]
    }
    let process = try Self.spawn(command, environment: terminalEnvironment)
    processes.append(process)
    terminal = (command, process)
  }

  /// What a terminal is started with.
  private var terminalEnvironment: [String: String] {
    ["DISPLAY": display, "LIBGL_ALWAYS_SOFTWARE": "1"]
  }

  deinit {
    for process in processes.reversed() {
      kill(-process, SIGKILL)
      var status: Int32 = 0
      waitpid(process, &status, 0)
    }
    try? FileManager.default.removeItem(atPath: directory)
  }

  /// The terminal's window, once it exists (a loaded machine running the whole suite has
  /// taken over 15 s to start xterm). A terminal that opens none in that time is started
  /// again, once: kitty under the whole suite's load once opened no window in 45 s, and
  /// alone it opens one in a second. A program that dies at its start fails both times,
  /// and the error then gives what it wrote to standard error.
  func window(seconds: Double = 45) throws -> String {
    while true {
      let deadline = Date().addingTimeInterval(seconds)
      while Date() < deadline {
        let found = Self.output(["xdotool", "search", "--name", "^PX$"], display: display)
        if let first = found.split(separator: "\n").first { return String(first) }
        usleep(100_000)
      }
      guard !restarted, let terminal else { break }
      restarted = true
      kill(-terminal.process, SIGKILL)
      var status: Int32 = 0
      waitpid(terminal.process, &status, 0)
      processes.removeAll { $0 == terminal.process }
      // Nothing the first start logged is read as the second's.
      try? FileManager.default.removeItem(atPath: logPath)
      let process = try Self.spawn(terminal.command, environment: terminalEnvironment)
      processes.append(process)
      self.terminal = (terminal.command, process)
    }
    let stderr = (try? String(contentsOfFile: directory + "/stderr", encoding: .utf8)) ?? ""
    throw SessionError(
      "\(emulator) opened no window, started twice; the program's standard error: "
        + String(stderr.prefix(300)).debugDescription)
  }

  /// Sends key names (`j`, `Next`, `slash`, `Return`) with xdotool.
  func key(_ names: String...) throws {
    let window = try window()
    _ = Self.run(["xdotool", "windowfocus", "--sync", window], display: display)
    _ = Self.run(["xdotool", "key", "--clearmodifiers"] + names, display: display)
  }

  /// Resizes the window to `width` × `height` pixels.
  func resize(width: Int, height: Int) throws {
    _ = Self.run(
      ["xdotool", "windowsize", try window(), "\(width)", "\(height)"], display: display)
  }

  /// The last frame `masonry` logged and its pictures (none logged: frame 0).
  func loggedFrame() -> (frame: Int, pictures: [LoggedPicture]) {
    guard let text = try? String(contentsOfFile: logPath, encoding: .utf8) else { return (0, []) }
    let lines = text.split(separator: "\n").compactMap {
      try? JSONDecoder().decode(LoggedPicture.self, from: Data($0.utf8))
    }
    guard let last = lines.last?.frame else { return (0, []) }
    return (last, lines.filter { $0.frame == last && $0.box != nil })
  }

  /// Waits until the log has stayed the same for `quiet` seconds (pictures arrived).
  func waitForQuietLog(quiet: Double = 0.8, seconds: Double = 15) {
    let deadline = Date().addingTimeInterval(seconds)
    var last = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
    var since = Date()
    while Date() < deadline {
      usleep(100_000)
      let now = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
      if now != last {
        last = now
        since = Date()
      } else if Date().timeIntervalSince(since) >= quiet {
        return
      }
    }
  }

  /// A screenshot of the window once two in a row agree and it is not one flat colour.
  func screenshot(seconds: Double = 15) throws -> Shot {
    let window = try window()
    let path = directory + "/shot.png"
    var previous: [UInt8]?
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      _ = Self.run(["import", "-window", window, path], display: display)
      if let bytes = FileManager.default.contents(atPath: path).map(Array.init), !bytes.isEmpty {
        if bytes == previous, let shot = try? Self.decode(bytes), !Self.isFlat(shot) {
          return shot
        }
        previous = bytes
      }
      usleep(300_000)
    }
    throw SessionError("\(emulator): no steady screenshot in \(seconds) s")
  }

  /// One screenshot of the window as it is now (a picture that moves is never steady).
  func snapshot() throws -> Shot {
    let window = try window()
    let path = directory + "/snapshot.png"
    _ = Self.run(["import", "-window", window, path], display: display)
    guard let bytes = FileManager.default.contents(atPath: path).map(Array.init), !bytes.isEmpty
    else { throw SessionError("\(emulator): no screenshot") }
    return try Self.decode(bytes)
  }

  /// Copies the last screenshot and the picture log to `prefix`.png and `prefix`.log.
  func keepLast(as prefix: String) {
    try? FileManager.default.removeItem(atPath: prefix + ".png")
    try? FileManager.default.copyItem(atPath: directory + "/shot.png", toPath: prefix + ".png")
    try? FileManager.default.removeItem(atPath: prefix + ".log")
    try? FileManager.default.copyItem(atPath: logPath, toPath: prefix + ".log")
  }

  static func decode(_ bytes: [UInt8]) throws -> Shot {
    let picture = try DecodedPicture.decode(bytes: bytes, maxSide: 8192, accurate: true)
    return Shot(width: picture.width, height: picture.height, pixels: picture.pixels)
  }

  private static func isFlat(_ shot: Shot) -> Bool {
    let first = shot.pixel(0, 0)
    for y in stride(from: 0, to: shot.height, by: 7) {
      for x in stride(from: 0, to: shot.width, by: 7) where shot.pixel(x, y) != first {
        return false
      }
    }
    return true
  }

  // MARK: Processes

  struct SessionError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }

  private static func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  /// Starts `argv` in a process group of its own, output to /dev/null.
  static func spawn(_ argv: [String], environment: [String: String] = [:]) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigmask(&attributes, &empty)
    // A process group of its own, so that ending it ends the shell and masonry too.
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP))
    var variables = ProcessInfo.processInfo.environment
    for (name, value) in environment { variables[name] = value }
    var cEnvironment = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for entry in cEnvironment { free(entry) } }
    var cArguments = argv.map { strdup($0) } + [nil]
    defer { for argument in cArguments { free(argument) } }
    var pid: pid_t = 0
    let spawned = posix_spawnp(&pid, argv[0], &actions, &attributes, &cArguments, &cEnvironment)
    guard spawned == 0 else { throw SessionError("cannot start \(argv[0]): error \(spawned)") }
    return pid
  }

  /// Runs `argv` to its end on `display`; its exit status.
  @discardableResult
  static func run(_ argv: [String], display: String? = nil) -> Int32 {
    guard let pid = try? spawn(argv, environment: display.map { ["DISPLAY": $0] } ?? [:]) else {
      return -1
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return status
  }

  /// What `argv` prints on `display`.
  static func output(_ argv: [String], display: String) -> String {
    let path = TemporaryFiles.makeDirectory() + "-out"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let command = argv.map(quoted).joined(separator: " ") + " > " + quoted(path)
    run(["sh", "-c", command], display: display)
    return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
  }
}
