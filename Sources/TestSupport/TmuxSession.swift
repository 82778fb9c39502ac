import Foundation

/// The real `masonry` in a private tmux server: keys in, screens out. Each session has its
/// own socket, so tests never share a server.
package final class TmuxSession {
  /// The `masonry` built with these tests: the test target depends on the executable, so
  /// `swift test` (and `make test`) builds it into the same folder as the test bundle.
  package static let binary: String = {
    let tests =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
    return URL(fileURLWithPath: tests).deletingLastPathComponent().appendingPathComponent(
      "masonry"
    ).path
  }()
  nonisolated(unsafe) private static var counter = 0

  package let socket: String
  package let directory: String

  /// Starts `masonry arguments` in a `width`×`height` pane under `term`. The pane's shell
  /// records `stty -a` before and after, the exit code, and masonry's process id.
  ///
  /// With `interactiveShell`, the pane runs an interactive bash instead (job control, for
  /// suspending): the test types the command line itself. `workingDirectory`: where the
  /// pane's shell starts (else the test's own). `wrapper`: a command masonry runs under
  /// (its arguments, then masonry's path and `arguments`).
  package init(
    width: Int = 120, height: Int = 40, arguments: String = "", term: String = "tmux-256color",
    environment: String = "", interactiveShell: Bool = false, workingDirectory: String? = nil,
    wrapper: String = ""
  ) throws {
    Self.counter += 1
    socket = "masonry-e2e-\(getpid())-\(Self.counter)"
    directory = TemporaryFiles.makeDirectory()
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    // The test runner may export NO_COLOR or COLORTERM; each session decides for itself.
    // Thumbnails are kept in the session's own folder, never the user's cache; no config
    // file or MASONRY_OPTS of the user's is read.
    let program =
      "env -u NO_COLOR -u COLORTERM -u MASONRY_OPTS XDG_CACHE_HOME=\(directory)/cache XDG_CONFIG_HOME=\(directory)/config \(environment) TERM=\(term) LANG=C.UTF-8 \(wrapper) \(Self.binary) \(arguments)"
    let script = """
      stty -a > \(directory)/before; sh -c 'echo $$ > \(directory)/pid; exec \(program)' 2> \(directory)/stderr; \
      echo $? > \(directory)/exit; stty -a > \(directory)/after; sleep 30
      """
    let command =
      interactiveShell
      ? "env -u NO_COLOR -u COLORTERM -u MASONRY_OPTS XDG_CACHE_HOME=\(directory)/cache XDG_CONFIG_HOME=\(directory)/config \(environment) TERM=\(term) LANG=C.UTF-8 PS1='$ ' bash --norc --noprofile -i"
      : script
    try tmux(
      ["new-session", "-d", "-s", "t", "-x", "\(width)", "-y", "\(height)"]
        + (workingDirectory.map { ["-c", $0] } ?? []) + [command])
  }

  deinit {
    _ = try? tmux(["kill-server"])
    try? FileManager.default.removeItem(atPath: directory)
  }

  /// Runs tmux on this session's server with `posix_spawn` and `waitpid`; the output goes
  /// to a file (a pipe would be inherited by the server that new-session starts).
  @discardableResult
  package func tmux(_ arguments: [String]) throws -> String {
    let outputPath = "\(directory)/tmux-output"
    let argv = ["tmux", "-L", socket, "-f", "/dev/null"] + arguments
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var cArguments = argv.map { strdup($0) } + [nil]
    defer { for argument in cArguments { free(argument) } }
    // The test's thread may block signals; tmux and masonry must not inherit that.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigmask(&attributes, &empty)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
    var pid: pid_t = 0
    let spawned = posix_spawnp(&pid, "tmux", &actions, &attributes, &cArguments, environ)
    guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .ENOENT) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
  }

  package func screen() -> String { (try? tmux(["capture-pane", "-p", "-t", "t"])) ?? "" }

  /// The screen with its colour and attribute escapes, as the terminal holds it.
  package func styledScreen() -> String {
    (try? tmux(["capture-pane", "-e", "-p", "-t", "t"])) ?? ""
  }

  package func send(_ keys: String...) throws { try tmux(["send-keys", "-t", "t"] + keys) }

  package func resize(width: Int, height: Int) throws {
    try tmux(["resize-window", "-t", "t", "-x", "\(width)", "-y", "\(height)"])
  }

  /// Polls the screen every 50 ms until `condition` holds; returns the screen, or `nil`
  /// after `seconds`.
  package func waitForScreen(seconds: Double = 10, _ condition: (String) -> Bool) -> String? {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      let text = screen()
      if condition(text) { return text }
      usleep(50_000)
    }
    return nil
  }

  /// Polls the screen until it has not changed for `quiet` seconds (the last thumbnails
  /// of a screen drawn, nothing more arriving); returns it, or `nil` after `seconds`.
  /// What replaces a fixed sleep after a screen first shows.
  package func waitForSteadyScreen(quiet: Double = 0.5, seconds: Double = 10) -> String? {
    let deadline = Date().addingTimeInterval(seconds)
    var last = screen()
    var since = Date()
    while Date() < deadline {
      usleep(50_000)
      let now = screen()
      if now != last {
        (last, since) = (now, Date())
      } else if Date().timeIntervalSince(since) >= quiet {
        return now
      }
    }
    return nil
  }

  /// The contents of a file the pane's shell wrote, once it exists.
  package func waitForFile(_ name: String, seconds: Double = 10) -> String? {
    let path = "\(directory)/\(name)"
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if let text = try? String(contentsOfFile: path, encoding: .utf8), !text.isEmpty {
        return text
      }
      usleep(50_000)
    }
    return nil
  }

  /// Starts recording every byte the program sends to the terminal.
  package func startRecording() throws -> String {
    let path = "\(directory)/bytes"
    _ = FileManager.default.createFile(atPath: path, contents: nil)
    try tmux(["pipe-pane", "-t", "t", "-o", "cat >> \(path)"])
    return path
  }

  package static func size(of path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
  }

  /// The size of the recording at `path` once it stops growing (the same size over three
  /// polls 50 ms apart, after the screen already showed what was awaited).
  package static func settledSize(of path: String, seconds: Double = 5) -> Int {
    let deadline = Date().addingTimeInterval(seconds)
    var last = size(of: path)
    var steady = 0
    while steady < 3 && Date() < deadline {
      usleep(50_000)
      let now = size(of: path)
      steady = now == last ? steady + 1 : 0
      last = now
    }
    return last
  }

  /// The process id of the program in the pane.
  package func programID() -> Int32? {
    waitForFile("pid").flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
  }

  /// Whether the program in the pane is still running.
  package func isRunning() -> Bool {
    guard let pid = programID() else { return false }
    return kill(pid, 0) == 0 && waitForFile("exit", seconds: 0) == nil
  }

  /// The exit status the wrapper wrote once the program ended (`nil`: not within the
  /// wait).
  package func exitStatus(seconds: Double = 10) -> String? {
    waitForFile("exit", seconds: seconds)?.trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
