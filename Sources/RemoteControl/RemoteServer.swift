import CSocketSupport
import Synchronization
import TerminalText

#if canImport(Glibc)
  import Glibc
#endif

/// The browser's listening socket (`--listen`): a thread of its own accepts connections and
/// reads their requests, one a line, each handed to `onRequest` with its connection's
/// number; the answer goes back with `reply`. Requests are bounded: a line of at most
/// `lineLimit` bytes (a longer one ends its connection), at most `ratePerSecond` a second
/// on a connection (more are answered with an error), at most `connectionLimit`
/// connections at once. On a port every request begins with the API key and a space; one
/// without it is refused and its connection ended.
package final class RemoteServer: Sendable {
  package static let lineLimit = 4096
  package static let ratePerSecond = 50
  package static let connectionLimit = 16

  package let address: RemoteAddress
  private let listener: Int32
  private let apiKey: [UInt8]?
  /// The connections' descriptors by number; written to by `reply` from any thread.
  private let connections = Mutex<[Int: Int32]>([:])
  private let stopped = Atomic<Bool>(false)
  /// The socket file as made (device, inode): only that file is removed at the end.
  private let made: (device: UInt64, inode: UInt64)?
  private let onRequest: @Sendable (Int, String) -> Void

  /// Why the server could not start.
  package struct Failure: Error, Hashable, Sendable {
    package var message: String
  }

  /// Starts listening at `address`; `apiKey` is required on a port.
  ///
  /// - Throws: `Failure`: a path that exists (never replaced), a port in use, no key for a
  ///   port.
  package init(
    address: RemoteAddress, apiKey: String?, onRequest: @escaping @Sendable (Int, String) -> Void
  ) throws(Failure) {
    self.address = address
    self.onRequest = onRequest
    switch address {
    case .unix(let path):
      listener = masonry_listen_unix(path)
      guard listener >= 0 else {
        throw Failure(message: "cannot listen at \(path): \(String(cString: strerror(errno)))")
      }
      var status = stat()
      made = stat(path, &status) == 0 ? (UInt64(status.st_dev), UInt64(status.st_ino)) : nil
      self.apiKey = nil
    case .loopback(let port):
      guard let apiKey, !apiKey.isEmpty else {
        throw Failure(
          message: "listening on a port needs MASONRY_API_KEY set (any other user can connect)")
      }
      listener = masonry_listen_loopback(Int32(port))
      guard listener >= 0 else {
        throw Failure(
          message: "cannot listen on localhost:\(port): \(String(cString: strerror(errno)))")
      }
      made = nil
      self.apiKey = Array(apiKey.utf8)
    }
    let server = self
    guard ServerThread.start({ server.serve() }) else {
      close(listener)
      throw Failure(message: "cannot start the listening thread")
    }
  }

  /// Sends `line` (and a newline) to connection `number`, if it is still open; a
  /// connection that does not take it at once is ended (its reader is not reading).
  package func reply(_ number: Int, _ line: String) {
    connections.withLock { open in
      guard let descriptor = open[number] else { return }
      let bytes = Array((line + "\n").utf8)
      let sent = bytes.withUnsafeBytes { masonry_send(descriptor, $0.baseAddress, UInt($0.count)) }
      if sent != bytes.count {
        shutdown(descriptor, Int32(SHUT_RDWR))
      }
    }
  }

  /// Stops listening, ends every connection and removes the socket file masonry made.
  package func stop() {
    guard !stopped.exchange(true, ordering: .sequentiallyConsistent) else { return }
    shutdown(listener, Int32(SHUT_RDWR))
    connections.withLock { open in
      for descriptor in open.values { shutdown(descriptor, Int32(SHUT_RDWR)) }
    }
    if case .unix(let path) = address, let made {
      var status = stat()
      if stat(path, &status) == 0, UInt64(status.st_dev) == made.device,
        UInt64(status.st_ino) == made.inode
      {
        unlink(path)
      }
    }
  }

  /// One connection's bytes read but not yet a line, and its rate.
  private struct Reader {
    var pending: [UInt8] = []
    var second = 0
    var inSecond = 0
  }

  /// The listening thread: accepts, reads, hands lines on; ends when stopped.
  private func serve() {
    var readers: [Int: Reader] = [:]
    var numbers: [Int32: Int] = [:]
    var next = 1
    while !stopped.load(ordering: .sequentiallyConsistent) {
      let open = connections.withLock { $0 }
      var entries = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
      entries += open.values.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
      let ready = poll(&entries, nfds_t(entries.count), 500)
      if ready < 0 && errno != EINTR { break }
      guard ready > 0 else { continue }
      if entries[0].revents != 0 {
        if stopped.load(ordering: .sequentiallyConsistent) { break }
        let client = masonry_accept(listener)
        if client >= 0 {
          if open.count >= Self.connectionLimit {
            close(client)
          } else {
            connections.withLock { $0[next] = client }
            numbers[client] = next
            readers[next] = Reader()
            next += 1
          }
        }
      }
      for entry in entries.dropFirst() where entry.revents != 0 {
        guard let number = numbers[entry.fd] else { continue }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        guard count > 0, var reader = readers[number] else {
          end(number, entry.fd, &readers, &numbers)
          continue
        }
        reader.pending += buffer[..<count]
        var keep = true
        while keep, let newline = reader.pending.firstIndex(of: 0x0A) {
          let line = Array(reader.pending[..<newline])
          reader.pending.removeFirst(newline + 1)
          keep = take(line, number, &reader)
        }
        if keep && reader.pending.count > Self.lineLimit {
          reply(number, Self.error("a request of more than \(Self.lineLimit) bytes"))
          keep = false
        }
        if keep {
          readers[number] = reader
        } else {
          end(number, entry.fd, &readers, &numbers)
        }
      }
    }
    close(listener)
    connections.withLock { open in
      for descriptor in open.values { close(descriptor) }
      open = [:]
    }
  }

  /// One request line: checked (size, rate, key) and handed on; `false` ends the
  /// connection.
  private func take(_ line: [UInt8], _ number: Int, _ reader: inout Reader) -> Bool {
    guard line.count <= Self.lineLimit else {
      reply(number, Self.error("a request of more than \(Self.lineLimit) bytes"))
      return false
    }
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    if now.tv_sec != reader.second {
      (reader.second, reader.inSecond) = (now.tv_sec, 0)
    }
    reader.inSecond += 1
    guard reader.inSecond <= Self.ratePerSecond else {
      reply(number, Self.error("more than \(Self.ratePerSecond) requests a second"))
      return true
    }
    var request = line[...]
    if request.last == 0x0D { request.removeLast() }
    if let apiKey {
      // The key, then a space; compared in time that does not depend on where it differs.
      let given = request.prefix { $0 != 0x20 }
      var difference = given.count == apiKey.count ? 0 : 1
      for (a, b) in zip(given, apiKey) { difference |= Int(a ^ b) }
      guard difference == 0, given.count < request.count else {
        reply(number, Self.error("a request on a port begins with MASONRY_API_KEY"))
        return false
      }
      request = request[(request.startIndex + given.count + 1)...]
    }
    guard let text = String(validating: request, as: UTF8.self) else {
      reply(number, Self.error("a request must be UTF-8"))
      return true
    }
    onRequest(number, text)
    return true
  }

  private func end(
    _ number: Int, _ descriptor: Int32, _ readers: inout [Int: Reader],
    _ numbers: inout [Int32: Int]
  ) {
    connections.withLock { _ = $0.removeValue(forKey: number) }
    close(descriptor)
    readers[number] = nil
    numbers[descriptor] = nil
  }

  /// An error as the answers write one.
  package static func error(_ message: String) -> String {
    "{\"error\":\(JSONText.quoted(message))}"
  }
}

/// A detached thread.
private enum ServerThread {
  private final class Body {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
  }

  static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
    let context = Unmanaged.passRetained(Body(body)).toOpaque()
    var thread = pthread_t()
    let started = pthread_create(
      &thread, nil,
      { context in
        let body = Unmanaged<Body>.fromOpaque(context!).takeRetainedValue()
        body.run()
        return nil
      }, context)
    guard started == 0 else {
      Unmanaged<Body>.fromOpaque(context).release()
      return false
    }
    pthread_detach(thread)
    return true
  }
}
