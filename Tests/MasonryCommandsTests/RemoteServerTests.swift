import Foundation
import RemoteControl
import Synchronization
import TestSupport
import Testing

/// `--listen`'s socket: requests one a line, answered in order; a socket of mode 0600 that
/// replaces nothing and is removed at the end; a port only on loopback and only with the
/// API key on every request; bounded lines, rate and connections.
@Suite(.serialized) struct RemoteServerTests {
  /// A server that answers each request with `echo:` and what it was.
  static func echo(_ address: RemoteAddress, key: String? = nil) throws -> RemoteServer {
    let box = Mutex<RemoteServer?>(nil)
    let server = try RemoteServer(address: address, apiKey: key) { connection, request in
      switch request {
      case .line(let line): box.withLock { $0 }?.reply(connection, "echo:" + line)
      case .refused(let why): box.withLock { $0 }?.reply(connection, RemoteServer.error(why))
      }
    }
    box.withLock { $0 = server }
    return server
  }

  @Test func aSocketOfItsOwnAnsweredInOrderAndRemovedAtTheEnd() throws {
    let path = TemporaryFiles.path(named: "m.sock")
    let server = try Self.echo(.unix(path))
    var status = stat()
    #expect(lstat(path, &status) == 0 && status.st_mode & 0o777 == 0o600, "mode 0600")
    let answers = try RemoteClient.exchange(["state", "down", "é"], with: .unix(path), apiKey: nil)
    #expect(answers == ["echo:state", "echo:down", "echo:é"])
    server.stop()
    #expect(lstat(path, &status) != 0, "removed")
    // A path where something is is never replaced.
    let taken = TemporaryFiles.write(Array("mine".utf8), named: "taken.sock")
    #expect(throws: RemoteServer.Failure.self) { try Self.echo(.unix(taken)) }
    #expect(try String(contentsOfFile: taken, encoding: .utf8) == "mine")
  }

  @Test func aPortTakesOnlyRequestsWithTheKey() throws {
    #expect(throws: RemoteServer.Failure.self) { try Self.echo(.loopback(port: 47_311)) }
    let server = try Self.echo(.loopback(port: 47_311), key: "s3cret")
    defer { server.stop() }
    let answers = try RemoteClient.exchange(
      ["state", "select(2)"], with: .loopback(port: 47_311), apiKey: "s3cret")
    #expect(answers == ["echo:state", "echo:select(2)"])
    for wrong in ["s3cre", "s3cretx", "S3cret"] {
      let refused = try RemoteClient.exchange(
        ["state"], with: .loopback(port: 47_311), apiKey: wrong)
      #expect(refused == [#"{"error":"a request on a port begins with MASONRY_API_KEY"}"#])
    }
    #expect(throws: RemoteClient.Failure.self) {
      try RemoteClient.exchange(["state"], with: .loopback(port: 47_311), apiKey: nil)
    }
  }

  /// Raw lines on one connection, read until it ends or `count` answers came.
  static func raw(_ path: String, _ bytes: [UInt8], answers count: Int) throws -> [String] {
    let run = try ProgramRun.run(
      "/usr/bin/python3",
      [
        "-c",
        """
        import socket, sys
        s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1])
        s.sendall(sys.stdin.buffer.read() if False else bytes.fromhex(sys.argv[2]))
        data = b''
        s.settimeout(5)
        try:
            while data.count(b'\\n') < int(sys.argv[3]):
                piece = s.recv(65536)
                if not piece: break
                data += piece
        except socket.timeout: pass
        sys.stdout.write(data.decode())
        """,
        path, bytes.map { String(format: "%02x", $0) }.joined(), String(count),
      ])
    return run.output.split(separator: "\n").map(String.init)
  }

  @Test func requestsAreBoundedInSizeAndRate() throws {
    let path = TemporaryFiles.path(named: "b.sock")
    let server = try Self.echo(.unix(path))
    defer { server.stop() }
    // 200 requests at once: 50 a second are taken, the rest refused, in order.
    let burst = try Self.raw(
      path, Array(String(repeating: "state\n", count: 200).utf8), answers: 200)
    #expect(burst.count == 200)
    #expect(burst.filter { $0 == "echo:state" }.count <= 100)
    #expect(burst.contains(#"{"error":"more than 50 requests a second"}"#))
    // A line longer than the limit: refused, and the connection ended.
    let long = Array(String(repeating: "x", count: RemoteServer.lineLimit + 10).utf8) + [0x0A]
    let answers = try Self.raw(path, long + Array("state\n".utf8), answers: 2)
    #expect(answers == [#"{"error":"a request of more than 4096 bytes"}"#])
    // Bytes that are not UTF-8: refused in their turn, the connection kept.
    let bad = try Self.raw(path, [0xFF, 0x0A] + Array("state\n".utf8), answers: 2)
    #expect(bad == [#"{"error":"a request must be UTF-8"}"#, "echo:state"])
  }

  /// An answer larger than the socket's buffer arrives whole, and a client that sent its
  /// requests and closed its end still gets every answer.
  @Test func bigAnswersAndHalfClosedClients() throws {
    let path = TemporaryFiles.path(named: "o.sock")
    let big = String(repeating: "x", count: 1_500_000)
    let box = Mutex<RemoteServer?>(nil)
    let server = try RemoteServer(address: .unix(path), apiKey: nil) { connection, request in
      guard case .line(let line) = request else { return }
      box.withLock { $0 }?.reply(connection, line == "big" ? big : "echo:" + line)
    }
    box.withLock { $0 = server }
    defer { server.stop() }
    let answers = try RemoteClient.exchange(["big", "state"], with: .unix(path), apiKey: nil)
    #expect(answers.first?.count == big.count && answers.last == "echo:state")
    let run = try ProgramRun.run(
      "/usr/bin/python3",
      [
        "-c",
        """
        import socket, sys
        s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1])
        s.sendall(b'a\\nb\\nc\\n'); s.shutdown(socket.SHUT_WR)
        data = b''
        while True:
            piece = s.recv(65536)
            if not piece: break
            data += piece
        sys.stdout.write(data.decode())
        """,
        path,
      ])
    #expect(run.output == "echo:a\necho:b\necho:c\n")
  }

  /// The answers queued when the server stops still go (`quit`'s answer is queued just
  /// before the process ends): stopping waits until they are written.
  @Test func answersQueuedAsItStopsStillArrive() throws {
    let path = TemporaryFiles.path(named: "q.sock")
    let big = String(repeating: "y", count: 1_000_000)
    let box = Mutex<RemoteServer?>(nil)
    let asked = Atomic<Bool>(false)
    let server = try RemoteServer(address: .unix(path), apiKey: nil) { connection, request in
      guard case .line = request else { return }
      box.withLock { $0 }?.reply(connection, big)
      asked.store(true, ordering: .sequentiallyConsistent)
    }
    box.withLock { $0 = server }
    let answers = Mutex<[String]?>(nil)
    let done = Atomic<Bool>(false)
    Thread.detachNewThread {
      let received = try? RemoteClient.exchange(["quit"], with: .unix(path), apiKey: nil)
      answers.withLock { $0 = received }
      done.store(true, ordering: .sequentiallyConsistent)
    }
    while !asked.load(ordering: .sequentiallyConsistent) { usleep(1000) }
    server.stop()
    for _ in 0..<500 where !done.load(ordering: .sequentiallyConsistent) { usleep(10_000) }
    #expect(answers.withLock { $0 }?.first?.count == big.count)
  }

  /// On a port, connections that never give the key hold at most half the places, and
  /// only for a moment: a client with the key still gets in.
  @Test func silentConnectionsCannotTakeEveryPlace() throws {
    let server = try Self.echo(.loopback(port: 47_313), key: "k")
    defer { server.stop() }
    let run = try ProgramRun.run(
      "/usr/bin/python3",
      [
        "-c",
        """
        import socket, sys, time
        idle = [socket.create_connection(('127.0.0.1', 47313)) for _ in range(20)]
        time.sleep(0.3)
        s = socket.create_connection(('127.0.0.1', 47313)); s.sendall(b'k state\\n')
        s.settimeout(5); sys.stdout.write(s.recv(100).decode())
        """,
      ])
    #expect(run.output == "echo:state\n", "\(run.errors)")
  }

  @Test func addressesAsWritten() throws {
    #expect(try RemoteAddress("localhost:8080") == .loopback(port: 8080))
    #expect(try RemoteAddress("127.0.0.1:1") == .loopback(port: 1))
    #expect(try RemoteAddress("/run/user/1000/m.sock") == .unix("/run/user/1000/m.sock"))
    for bad in ["localhost:0", "localhost:70000", "localhost:x", "example.com:80", ""] {
      #expect(throws: RemoteAddress.Invalid.self, "\(bad)") { try RemoteAddress(bad) }
    }
    #expect(
      RemoteAddress.standard(environment: ["XDG_RUNTIME_DIR": "/run/user/7"], pid: 42)
        == .unix("/run/user/7/masonry-42.sock"))
    #expect(RemoteAddress.standard(environment: [:], pid: 42) == nil)
  }
}
