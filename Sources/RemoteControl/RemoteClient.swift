import CSocketSupport

#if canImport(Glibc)
  import Glibc
#endif

/// `masonry remote`'s side: connects to a listening browser, sends each request as a line
/// (on a port after the API key) and reads each answer line.
package enum RemoteClient {
  /// Why the exchange failed.
  package struct Failure: Error, Hashable, Sendable {
    package var message: String
  }

  /// The answers to `requests`, one each, in order.
  ///
  /// - Throws: `Failure` when the browser cannot be reached or stops answering (ten
  ///   seconds for an answer).
  package static func exchange(
    _ requests: [String], with address: RemoteAddress, apiKey: String?
  ) throws(Failure) -> [String] {
    let descriptor: Int32
    switch address {
    case .unix(let path): descriptor = masonry_connect_unix(path)
    case .loopback(let port): descriptor = masonry_connect_loopback(Int32(port))
    }
    guard descriptor >= 0 else {
      throw Failure(message: "cannot reach \(address): \(String(cString: strerror(errno)))")
    }
    defer { close(descriptor) }
    if address.needsKey && (apiKey ?? "").isEmpty {
      throw Failure(message: "\(address) needs MASONRY_API_KEY set, as the browser has it")
    }
    var answers: [String] = []
    var pending: [UInt8] = []
    for request in requests {
      let line = (address.needsKey ? apiKey! + " " : "") + request + "\n"
      var bytes = Array(line.utf8)[...]
      while !bytes.isEmpty {
        let sent = bytes.withUnsafeBytes {
          send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
        }
        if sent < 0 && errno == EINTR { continue }
        guard sent > 0 else { throw Failure(message: "\(address) closed the connection") }
        bytes = bytes.dropFirst(sent)
      }
      while pending.firstIndex(of: 0x0A) == nil {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, 10_000) > 0 else {
          throw Failure(message: "\(address) did not answer")
        }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { throw Failure(message: "\(address) closed the connection") }
        pending += buffer[..<count]
      }
      let newline = pending.firstIndex(of: 0x0A)!
      answers.append(String(decoding: pending[..<newline], as: UTF8.self))
      pending.removeFirst(newline + 1)
    }
    return answers
  }
}
