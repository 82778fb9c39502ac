import CProcessSupport

#if canImport(Glibc)
  import Glibc
#endif

extension ChildProcess {
  /// The standard output of `arguments` (standard input closed, standard error on
  /// `/dev/null`), at most `limit` bytes; `nil` when it did not start, did not exit 0, or
  /// was not done within `timeout` milliseconds (it is then killed). For short questions
  /// asked at start-up (what tmux says of its client), which must never hold the start up
  /// for long.
  package static func output(of arguments: ProgramArguments, limit: Int = 4_096, timeout: Int)
    -> [UInt8]?
  {
    guard case .success(let child) = startConnected(arguments) else { return nil }
    close(child.input)
    defer { close(child.output) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1_024)
    let deadline = monotonicMilliseconds() + timeout
    var finished = false
    while bytes.count <= limit {
      let left = deadline - monotonicMilliseconds()
      guard left > 0 else { break }
      var entry = pollfd(fd: child.output, events: Int16(POLLIN), revents: 0)
      let ready = poll(&entry, 1, Int32(left))
      if ready < 0 && errno == EINTR { continue }
      guard ready > 0 else { break }
      let count = buffer.withUnsafeMutableBytes { read(child.output, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else {
        finished = count == 0
        break
      }
      bytes += buffer[0..<count]
    }
    if !finished { kill(child.pid, SIGKILL) }
    guard wait(child.pid).succeeded, finished, bytes.count <= limit else { return nil }
    return bytes
  }

  private static func monotonicMilliseconds() -> Int {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return time.tv_sec * 1_000 + time.tv_nsec / 1_000_000
  }
}
