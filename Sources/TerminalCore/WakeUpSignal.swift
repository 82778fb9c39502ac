#if canImport(Glibc)
  import Glibc
#endif

/// A descriptor that background threads make readable to wake the event loop, after the
/// self-pipe of swift-nio's and libuv's loops: the loop polls it together with the
/// terminal, so a thread never touches the interface's state; it posts and wakes.
///
/// Signalling is async-signal-safe (one `write`), so a signal handler may use the
/// descriptor too.
package final class WakeUpSignal: Sendable {
  /// Readable after `signal()` until `drain()`.
  package let readDescriptor: Int32
  package let writeDescriptor: Int32

  /// A fresh pipe, both ends non-blocking and closed on `exec`.
  package init() {
    var descriptors: [Int32] = [-1, -1]
    if pipe(&descriptors) == 0 {
      for descriptor in descriptors {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
      }
    } else {
      // Without a pipe there is nothing to poll: waits then rely on their timeouts.
      descriptors = [-1, -1]
    }
    readDescriptor = descriptors[0]
    writeDescriptor = descriptors[1]
  }

  deinit {
    if readDescriptor >= 0 { close(readDescriptor) }
    if writeDescriptor >= 0 { close(writeDescriptor) }
  }

  /// Makes the read end readable. A full pipe already is, so a failed write loses nothing.
  package func signal() {
    guard writeDescriptor >= 0 else { return }
    var byte: UInt8 = 1
    _ = write(writeDescriptor, &byte, 1)
  }

  /// Empties the pipe: call it before collecting what was posted, so that a signal sent
  /// while collecting wakes the next wait.
  package func drain() {
    guard readDescriptor >= 0 else { return }
    var buffer = [UInt8](repeating: 0, count: 256)
    while read(readDescriptor, &buffer, buffer.count) > 0 {}
  }

  /// Waits until the signal is raised or `timeout` milliseconds pass (`nil`: forever);
  /// returns whether it was raised. For loops that have no terminal to poll.
  package func wait(timeout: Int?) -> Bool {
    guard readDescriptor >= 0 else { return false }
    var entry = pollfd(fd: readDescriptor, events: Int16(POLLIN), revents: 0)
    while true {
      let result = poll(&entry, 1, Int32(clamping: timeout ?? -1))
      if result < 0 && errno == EINTR { continue }
      return result > 0
    }
  }
}
