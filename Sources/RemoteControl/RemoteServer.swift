import CProcessSupport
import CSocketSupport
import ChildProcesses
import Synchronization
import TerminalText

#if canImport(Glibc)
  import Glibc
#endif

/// The browser's listening socket (`--listen`): a thread of its own accepts connections,
/// reads their requests, one a line, hands each to `onRequest` with its connection's
/// number, and writes the answers `reply` queues, in order, as fast as the client reads
/// them. Bounded everywhere: a line of at most `lineLimit` bytes (a longer one ends its
/// connection), at most `ratePerSecond` requests a second on a connection (more are
/// refused, in their turn), `connectionLimit` connections (at most half of them not yet
/// past the key), `outputLimit` bytes of answers waiting for a client that does not read
/// (more ends it). On a port every request begins with the API key and a space; a request
/// without it ends its connection, as does a connection that sends none within
/// `keyDeadline` ms.
package final class RemoteServer: Sendable {
  package static let lineLimit = 4096
  package static let ratePerSecond = 50
  package static let connectionLimit = 16
  package static let outputLimit = 4 << 20
  package static let keyDeadline = 2000
  /// A connection that sends nothing this long (ms) is ended.
  package static let idleLimit = 600_000

  /// What the server hands on: a request's text, or why a request was refused (kept in
  /// its turn, so that answers stay in the order of their requests).
  package enum Request: Sendable {
    case line(String)
    case refused(String)
  }

  package let address: RemoteAddress
  private let apiKey: [UInt8]?
  private let listener: Int32
  /// The read and write ends of the pipe that wakes the thread (a reply queued, a stop).
  private let wake: (read: Int32, write: Int32)
  /// The pipe whose write end the thread closes as it ends: `stop` waits on the read end.
  private let finished: (read: Int32, write: Int32)
  private let connections = Mutex<[Int: Connection]>([:])
  private let stopped = Atomic<Bool>(false)
  private let onRequest: @Sendable (Int, Request) -> Void

  /// One connection: its descriptor, the answers waiting for it, and its bookkeeping.
  private struct Connection: Sendable {
    var descriptor: Int32
    var output: [UInt8] = []
    var input: [UInt8] = []
    var authenticated: Bool
    var opened: Int
    var lastRequest: Int
    var second = 0
    var inSecond = 0
    /// Ended once its answers are written (it sent no more, or a request it must not).
    var closing = false
    /// Requests handed on and not yet answered: a client that sent its requests and
    /// closed its end still gets their answers.
    var awaiting = 0
  }

  /// Why the server could not start.
  package struct Failure: Error, Hashable, Sendable {
    package var message: String
  }

  /// Starts listening at `address`; `apiKey` is required on a port.
  ///
  /// - Throws: `Failure`: a path that exists (never replaced), a port in use, no key for a
  ///   port.
  package init(
    address: RemoteAddress, apiKey: String?,
    onRequest: @escaping @Sendable (Int, Request) -> Void
  ) throws(Failure) {
    self.address = address
    self.onRequest = onRequest
    switch address {
    case .unix(let path):
      listener = masonry_listen_unix(path)
      guard listener >= 0 else {
        throw Failure(message: "cannot listen at \(path): \(String(cString: strerror(errno)))")
      }
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
      self.apiKey = Array(apiKey.utf8)
    }
    var ends: [Int32] = [-1, -1]
    guard masonry_pipe_cloexec(&ends) == 0 else {
      close(listener)
      Self.unlink(address)
      throw Failure(message: "cannot make the listening thread's pipe")
    }
    _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
    wake = (ends[0], ends[1])
    var done: [Int32] = [-1, -1]
    guard masonry_pipe_cloexec(&done) == 0 else {
      close(listener)
      close(ends[0])
      close(ends[1])
      Self.unlink(address)
      throw Failure(message: "cannot make the listening thread's pipe")
    }
    finished = (done[0], done[1])
    let server = self
    guard DetachedThread.start({ server.serve() }) else {
      close(listener)
      for end in ends + done { close(end) }
      Self.unlink(address)
      throw Failure(message: "cannot start the listening thread")
    }
  }

  /// Queues `line` (and a newline) for connection `number`, if it is still open; the
  /// listening thread writes it as the client reads.
  package func reply(_ number: Int, _ line: String) {
    let queued = connections.withLock { open -> Bool in
      guard open[number] != nil else { return false }
      open[number]!.output += Array((line + "\n").utf8)
      open[number]!.awaiting = Swift.max(0, open[number]!.awaiting - 1)
      return true
    }
    if queued { poke() }
  }

  /// Stops listening: the socket file goes now (only the one masonry made), the thread
  /// writes the answers already queued (the one to `quit` among them: the process ends
  /// right after) for at most `drainLimit` ms, ends every connection and closes its
  /// descriptors; returns once it has.
  package func stop() {
    guard !stopped.exchange(true, ordering: .sequentiallyConsistent) else { return }
    Self.unlink(address)
    poke()
    var entry = pollfd(fd: finished.read, events: Int16(POLLIN), revents: 0)
    while poll(&entry, 1, Int32(Self.drainLimit + 500)) < 0 && errno == EINTR {}
    close(finished.read)
    // The wake pipe last: the thread may end between `stopped` and the poke above, and a
    // write to a descriptor it had closed could land in one opened since.
    close(wake.read)
    close(wake.write)
  }

  /// How long (ms) the answers queued when the server stops may take to be written.
  package static let drainLimit = 500

  /// Removes the socket file at a Unix address.
  private static func unlink(_ address: RemoteAddress) {
    if case .unix(let path) = address { _ = Glibc.unlink(path) }
  }

  private func poke() {
    var byte: UInt8 = 1
    _ = write(wake.write, &byte, 1)
  }

  private static func now() -> Int {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return time.tv_sec * 1000 + time.tv_nsec / 1_000_000
  }

  /// The listening thread: accepts, reads, writes, ends; returns once stopped.
  private func serve() {
    var next = 1
    var acceptPause = 0
    while !stopped.load(ordering: .sequentiallyConsistent) {
      let open = connections.withLock { $0 }
      let numbers = Array(open.keys)
      var entries = [
        pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
        pollfd(fd: listener, events: acceptPause > Self.now() ? 0 : Int16(POLLIN), revents: 0),
      ]
      entries += numbers.map { number in
        let connection = open[number]!
        let events = (connection.closing ? 0 : POLLIN) | (connection.output.isEmpty ? 0 : POLLOUT)
        return pollfd(fd: connection.descriptor, events: Int16(events), revents: 0)
      }
      if poll(&entries, nfds_t(entries.count), 250) < 0 && errno != EINTR { break }
      if entries[0].revents != 0 {
        var drained = [UInt8](repeating: 0, count: 64)
        _ = read(wake.read, &drained, drained.count)
      }
      if entries[1].revents != 0 {
        let client = masonry_accept(listener)
        if client < 0 {
          // Out of descriptors, say: wait a moment rather than spin on a ready listener.
          if errno != EINTR && errno != EAGAIN { acceptPause = Self.now() + 100 }
        } else {
          let now = Self.now()
          // Connections not yet past the key hold at most half the places: a new one
          // takes the place of the oldest of them, so silent connections cannot keep a
          // client with the key out.
          let (admitted, evicted) = connections.withLock { open -> (Bool, Int32?) in
            var evicted: Int32?
            let waiting = open.filter { !$0.value.authenticated }
            if apiKey != nil, waiting.count >= Self.connectionLimit / 2,
              let oldest = waiting.min(by: { $0.value.opened < $1.value.opened })
            {
              evicted = oldest.value.descriptor
              open[oldest.key] = nil
            }
            guard open.count < Self.connectionLimit else { return (false, evicted) }
            open[next] = Connection(
              descriptor: client, authenticated: apiKey == nil, opened: now, lastRequest: now)
            return (true, evicted)
          }
          if let evicted { close(evicted) }
          if admitted { next += 1 } else { close(client) }
        }
      }
      for (offset, number) in numbers.enumerated() {
        let events = entries[offset + 2].revents
        if events & Int16(POLLOUT) != 0 { flush(number) }
        let closing = open[number]!.closing
        if !closing && events & Int16(POLLIN | POLLHUP | POLLERR) != 0 { take(number) }
      }
      endDueConnections()
    }
    close(listener)
    drainQueuedAnswers()
    connections.withLock { open in
      for connection in open.values { close(connection.descriptor) }
      open = [:]
    }
    close(finished.write)
  }

  /// Writes what is queued for every connection until it is written, its client stops
  /// reading, or `drainLimit` ms pass.
  private func drainQueuedAnswers() {
    let deadline = Self.now() + Self.drainLimit
    while Self.now() < deadline {
      let waiting = connections.withLock { open in
        open.filter { !$0.value.output.isEmpty }.map { ($0.key, $0.value.descriptor) }
      }
      guard !waiting.isEmpty else { return }
      var entries = waiting.map { pollfd(fd: $0.1, events: Int16(POLLOUT), revents: 0) }
      let ready = poll(&entries, nfds_t(entries.count), Int32(max(1, deadline - Self.now())))
      if ready < 0 && errno != EINTR { return }
      for (entry, (number, _)) in zip(entries, waiting) where entry.revents != 0 {
        if entry.revents & Int16(POLLOUT) != 0 {
          flush(number)
        } else {
          connections.withLock { $0[number]?.output = [] }
        }
      }
    }
  }

  /// Writes what connection `number` can take of its answers now.
  private func flush(_ number: Int) {
    connections.withLock { open in
      guard var connection = open[number], !connection.output.isEmpty else { return }
      let sent = connection.output.withUnsafeBytes {
        masonry_send(connection.descriptor, $0.baseAddress, UInt($0.count))
      }
      if sent > 0 { connection.output.removeFirst(sent) }
      if sent < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR {
        connection.closing = true
        connection.output = []
      }
      open[number] = connection
    }
  }

  /// Reads what connection `number` sent and hands on each whole line.
  private func take(_ number: Int) {
    guard let descriptor = connections.withLock({ $0[number]?.descriptor }) else { return }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    if count < 0 && (errno == EINTR || errno == EAGAIN) { return }
    var handed: [Request] = []
    connections.withLock { open in
      guard var connection = open[number] else { return }
      defer { open[number] = connection }
      guard count > 0 else {
        // The client sent all it will: its answers still go, then the connection ends.
        connection.closing = true
        return
      }
      connection.input += buffer[..<count]
      while !connection.closing, let newline = connection.input.firstIndex(of: 0x0A) {
        let line = Array(connection.input[..<newline])
        connection.input.removeFirst(newline + 1)
        if let request = check(line, &connection) {
          handed.append(request)
          connection.awaiting += 1
        }
      }
      if connection.input.count > Self.lineLimit {
        refuse("a request of more than \(Self.lineLimit) bytes", &connection)
      }
    }
    for request in handed { onRequest(number, request) }
  }

  /// One request line checked: its size, the key, its rate, its bytes. `nil` when the
  /// connection is being ended for it.
  private func check(_ line: [UInt8], _ connection: inout Connection) -> Request? {
    guard line.count <= Self.lineLimit else {
      refuse("a request of more than \(Self.lineLimit) bytes", &connection)
      return nil
    }
    var request = line[...]
    if request.last == 0x0D { request.removeLast() }
    if let apiKey {
      // The key, then a space; compared in time that does not depend on where it differs.
      let given = request.prefix { $0 != 0x20 }
      var difference = given.count == apiKey.count ? 0 : 1
      for (a, b) in zip(given, apiKey) { difference |= Int(a ^ b) }
      guard difference == 0, given.count < request.count else {
        refuse("a request on a port begins with MASONRY_API_KEY", &connection)
        return nil
      }
      connection.authenticated = true
      request = request[(request.startIndex + given.count + 1)...]
    }
    let now = Self.now()
    connection.lastRequest = now
    if now / 1000 != connection.second {
      (connection.second, connection.inSecond) = (now / 1000, 0)
    }
    connection.inSecond += 1
    guard connection.inSecond <= Self.ratePerSecond else {
      return .refused("more than \(Self.ratePerSecond) requests a second")
    }
    guard let text = String(validating: request, as: UTF8.self) else {
      return .refused("a request must be UTF-8")
    }
    return .line(text)
  }

  /// Answers `message` and ends the connection once it is written.
  private func refuse(_ message: String, _ connection: inout Connection) {
    connection.output += Array((Self.error(message) + "\n").utf8)
    connection.input = []
    connection.closing = true
  }

  /// Ends the connections that are done (ended and written), that said nothing within
  /// their deadline, or whose unread answers grew past the limit.
  private func endDueConnections() {
    let now = Self.now()
    let ended = connections.withLock { open -> [Int32] in
      var ended: [Int32] = []
      for (number, connection) in open {
        let due =
          (connection.closing && connection.output.isEmpty && connection.awaiting == 0)
          || (!connection.authenticated && now - connection.opened > Self.keyDeadline)
          || now - connection.lastRequest > Self.idleLimit
          || connection.output.count > Self.outputLimit
        if due {
          ended.append(connection.descriptor)
          open[number] = nil
        }
      }
      return ended
    }
    for descriptor in ended { close(descriptor) }
  }

  /// An error as the answers write one.
  package static func error(_ message: String) -> String {
    "{\"error\":\(JSONText.quoted(message))}"
  }
}
