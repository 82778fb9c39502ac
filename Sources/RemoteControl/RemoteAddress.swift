/// Where the browser listens for other programs (`--listen`) and where `masonry remote`
/// connects: a Unix socket's path, or a port on the loopback address alone
/// (`localhost:PORT`), which needs `MASONRY_API_KEY`.
package enum RemoteAddress: Hashable, Sendable, CustomStringConvertible {
  case unix(String)
  case loopback(port: Int)

  /// Why an address cannot be one.
  package struct Invalid: Error, Hashable, Sendable {
    package var message: String
  }

  /// The address `text` writes: `localhost:PORT` or `127.0.0.1:PORT` (1 to 65535), else a
  /// socket's path.
  package init(_ text: String) throws(Invalid) {
    for host in ["localhost:", "127.0.0.1:"] where text.hasPrefix(host) {
      guard let port = Int(text.dropFirst(host.count)), (1...65535).contains(port),
        text.dropFirst(host.count).allSatisfy(\.isASCII)
      else {
        throw Invalid(message: "\(host)PORT takes a port from 1 to 65535")
      }
      self = .loopback(port: port)
      return
    }
    guard !text.isEmpty, !text.contains(":") || text.hasPrefix("/") || text.hasPrefix(".") else {
      throw Invalid(message: "listens on a socket's path or localhost:PORT, not '\(text)'")
    }
    self = .unix(text)
  }

  /// `--listen` without a value: `$XDG_RUNTIME_DIR/masonry-PID.sock` (the user's own
  /// folder, mode 0700, as the XDG specification has it); `nil` without one.
  package static func standard(environment: [String: String], pid: Int32) -> RemoteAddress? {
    guard let folder = environment["XDG_RUNTIME_DIR"], folder.hasPrefix("/") else { return nil }
    return .unix("\(folder)/masonry-\(pid).sock")
  }

  /// Whether requests here must carry the API key (any other user of the machine can
  /// connect to a port; a socket of mode 0600 only its owner).
  package var needsKey: Bool {
    switch self {
    case .unix: false
    case .loopback: true
    }
  }

  package var description: String {
    switch self {
    case .unix(let path): path
    case .loopback(let port): "localhost:\(port)"
    }
  }
}
