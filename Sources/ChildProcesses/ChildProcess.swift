import CProcessSupport
import Dispatch
import PictureFiles

#if canImport(Glibc)
  import Glibc
#endif

/// Programs the browser starts for the person: the opener (`o`), a command (`!`), tmux's
/// paste buffer (`y`). Always `posix_spawnp` with an argument vector made by
/// `ProgramArguments` (the only way to make one): a path is one argument, byte for byte
/// (`FileName`), never an option, and never passes through a shell's parsing. Signals
/// the browser blocks or catches are back to their defaults in the child.
package enum ChildProcess {
  /// How a child ended: its exit status, the signal that ended it, or why it did not start.
  package enum Outcome: Hashable, Sendable {
    case exited(Int32)
    case signalled(Int32)
    case notStarted(String)

    /// `exit 0`, `killed by signal 9`, `cannot start: No such file or directory`.
    package var summary: String {
      switch self {
      case .exited(let status): return "exit \(status)"
      case .signalled(let signal): return "killed by signal \(signal)"
      case .notStarted(let reason): return "cannot start: \(reason)"
      }
    }

    package var succeeded: Bool { self == .exited(0) }
  }

  /// Why a child did not start.
  package struct StartFailure: Error, Hashable, Sendable {
    package var reason: String
  }

  /// glibc's `POSIX_SPAWN_SETSID` (2.26 on), which Swift does not import.
  private static let spawnSetSID: Int32 = 0x80

  /// Where a child's standard input, output and error go.
  package enum Streams: Sendable {
    /// `/dev/null` for all three, in a session of its own: a GUI opener that outlives the
    /// browser and never reads or writes the terminal.
    case detached
    /// The terminal (`/dev/tty` where the browser's own descriptor is a pipe, as when the
    /// cards come on standard input or `--pick` writes to one).
    case terminal
    /// `input` on standard input (through a pipe), `/dev/null` for the rest.
    case input([UInt8])
  }

  /// Starts `arguments` (the first names the program, found on `PATH`) and returns its
  /// process id, or why it did not start.
  package static func start(_ arguments: ProgramArguments, streams: Streams) -> Result<
    pid_t, StartFailure
  > {
    let arguments = arguments.words
    guard let program = arguments.first, !program.isEmpty else {
      return .failure(StartFailure(reason: "no program named"))
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
    var pipeEnds: [Int32] = [-1, -1]
    switch streams {
    case .detached:
      flags |= spawnSetSID
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
      posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    case .terminal:
      if isatty(0) == 0 { posix_spawn_file_actions_addopen(&actions, 0, "/dev/tty", O_RDWR, 0) }
      if isatty(1) == 0 { posix_spawn_file_actions_addopen(&actions, 1, "/dev/tty", O_RDWR, 0) }
    case .input:
      // Neither end may stay open in the child past the dup (it would never see the end),
      // nor in another thread's child: close-on-exec from the start.
      guard masonry_pipe_cloexec(&pipeEnds) == 0 else {
        return .failure(StartFailure(reason: String(cString: strerror(errno))))
      }
      posix_spawn_file_actions_adddup2(&actions, pipeEnds[0], 0)
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
      posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    }
    let result = spawn(arguments, actions: &actions, attributes: &attributes, flags: flags)
    if case .input(let bytes) = streams {
      close(pipeEnds[0])
      if case .success = result { writeAll(bytes, to: pipeEnds[1]) }
      close(pipeEnds[1])
    }
    return result
  }

  /// A child the browser talks with over a pipe each way: its process id, where to write
  /// its standard input, and where to read its standard output (both close on exec).
  package struct Connected: Sendable {
    package let pid: pid_t
    package let input: Int32
    package let output: Int32
  }

  /// Starts `arguments` with its standard input and output piped to the caller and its
  /// standard error on `/dev/null` (the decoder helper: libraries that print, print
  /// nowhere).
  package static func startConnected(_ arguments: ProgramArguments) -> Result<
    Connected, StartFailure
  > {
    var request: [Int32] = [-1, -1]
    var answer: [Int32] = [-1, -1]
    // Made close-on-exec at once: another thread starting a program meanwhile must not
    // inherit an end (the helper would then never see its input end).
    guard masonry_pipe_cloexec(&request) == 0 else {
      return .failure(StartFailure(reason: String(cString: strerror(errno))))
    }
    guard masonry_pipe_cloexec(&answer) == 0 else {
      close(request[0])
      close(request[1])
      return .failure(StartFailure(reason: String(cString: strerror(errno))))
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawn_file_actions_adddup2(&actions, request[0], 0)
    posix_spawn_file_actions_adddup2(&actions, answer[1], 1)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let result = spawn(
      arguments.words, actions: &actions, attributes: &attributes,
      flags: Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    close(request[0])
    close(answer[1])
    switch result {
    case .success(let pid):
      return .success(Connected(pid: pid, input: request[1], output: answer[0]))
    case .failure(let failure):
      close(request[1])
      close(answer[0])
      return .failure(failure)
    }
  }

  /// posix_spawnp of `arguments` with `actions`: signals back to their defaults and
  /// unblocked in the child.
  private static func spawn(
    _ arguments: [String], actions: inout posix_spawn_file_actions_t,
    attributes: inout posix_spawnattr_t, flags: Int32
  ) -> Result<pid_t, StartFailure> {
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigmask(&attributes, &empty)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGTSTP, SIGWINCH, SIGPIPE, SIGCHLD] {
      sigaddset(&defaults, signal)
    }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(flags))
    let strings = arguments.map { FileName.bytes($0) + [0] }
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { bytes in
      let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
      bytes.withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) {
          pointer.initialize(from: $0.baseAddress!, count: bytes.count)
        }
      }
      return pointer
    }
    pointers.append(nil)
    defer { for pointer in pointers { pointer?.deallocate() } }
    var pid: pid_t = 0
    let result = posix_spawnp(&pid, pointers[0]!, &actions, &attributes, &pointers, environ)
    guard result == 0 else {
      return .failure(StartFailure(reason: String(cString: strerror(result))))
    }
    return .success(pid)
  }

  /// Replaces this process with `arguments` (fzf's `become`): returns only when that
  /// fails, with why.
  package static func replaceProcess(with arguments: ProgramArguments) -> String {
    let strings = arguments.words.map { FileName.bytes($0).map { CChar(bitPattern: $0) } + [0] }
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { bytes in
      let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
      pointer.initialize(from: bytes, count: bytes.count)
      return pointer
    }
    pointers.append(nil)
    defer { for pointer in pointers { pointer?.deallocate() } }
    guard let program = pointers.first ?? nil else { return "no program named" }
    // As a spawned child gets them: no signal blocked, none ignored (both outlive exec).
    var empty = sigset_t()
    sigemptyset(&empty)
    pthread_sigmask(SIG_SETMASK, &empty, nil)
    for signal in [SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGTSTP, SIGWINCH, SIGPIPE, SIGCHLD] {
      Glibc.signal(signal, SIG_DFL)
    }
    execvp(program, &pointers)
    return "\(arguments.words[0]): \(String(cString: strerror(errno)))"
  }

  /// Waits for child `pid` to end.
  package static func wait(_ pid: pid_t) -> Outcome {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      if errno != EINTR { return .notStarted(String(cString: strerror(errno))) }
    }
    // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import.
    if status & 0x7F == 0 { return .exited((status >> 8) & 0xFF) }
    return .signalled(status & 0x7F)
  }

  /// Starts `arguments` and waits for it.
  package static func run(_ arguments: ProgramArguments, streams: Streams) -> Outcome {
    switch start(arguments, streams: streams) {
    case .success(let pid): return wait(pid)
    case .failure(let failure): return .notStarted(failure.reason)
    }
  }

  /// Starts `arguments` and calls `then` with how it ended, on a thread of its own that
  /// only waits: an opener that stays open for an hour holds that thread, never one of
  /// the pool's that other effects run on.
  package static func runInBackground(
    _ arguments: ProgramArguments, streams: Streams,
    then: @escaping @Sendable (Outcome) -> Void
  ) {
    switch start(arguments, streams: streams) {
    case .failure(let failure):
      then(.notStarted(failure.reason))
    case .success(let pid):
      let waiting: @Sendable () -> Void = { then(wait(pid)) }
      // No thread to be had (a limit reached): the pool waits, as a last resort.
      if !DetachedThread.start(stack: 64 << 10, waiting) {
        DispatchQueue.global(qos: .utility).async(execute: waiting)
      }
    }
  }

  /// Runs `arguments` in the foreground of the terminal, as a shell does: the browser
  /// ignores the keyboard's signals (Ctrl-C, Ctrl-\) while it waits, as `system(3)` does,
  /// so they reach the command alone.
  package static func runInForeground(_ arguments: ProgramArguments) -> Outcome {
    var ignore = sigaction()
    ignore.__sigaction_handler.sa_handler = SIG_IGN
    sigemptyset(&ignore.sa_mask)
    var savedInterrupt = sigaction()
    var savedQuit = sigaction()
    sigaction(SIGINT, &ignore, &savedInterrupt)
    sigaction(SIGQUIT, &ignore, &savedQuit)
    defer {
      sigaction(SIGINT, &savedInterrupt, nil)
      sigaction(SIGQUIT, &savedQuit, nil)
    }
    return run(arguments, streams: .terminal)
  }

  /// After a command run in the foreground: how it ended, and the browser comes back
  /// when Enter is pressed, so that what the command printed can be read (as lf's `!`
  /// does). Read in the terminal's cooked mode from `/dev/tty`.
  package static func waitForEnter(after outcome: Outcome) {
    let terminal = open("/dev/tty", O_RDWR | O_CLOEXEC)
    guard terminal >= 0 else { return }
    defer { close(terminal) }
    writeAll(Array("\r\n[\(outcome.summary) · Enter: back to masonry]".utf8), to: terminal)
    var byte: UInt8 = 0
    while true {
      let count = read(terminal, &byte, 1)
      if count < 0 && errno == EINTR { continue }
      if count <= 0 || byte == 0x0A || byte == 0x0D { return }
    }
  }

  private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if written < 0 && errno == EINTR { continue }
      if written <= 0 { return }
      offset += written
    }
  }
}
