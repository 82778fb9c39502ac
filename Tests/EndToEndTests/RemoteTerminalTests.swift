import Foundation
import TestSupport
import Testing

/// `--listen` and `masonry remote` with the real program inside tmux: another program
/// reads the state, moves, marks and switches layouts as the keys do, runs what a binding
/// holds but nothing else, and ends the browser; the commands the browser runs find the
/// socket in MASONRY_SOCKET.
@Suite(.serialized, .terminal) struct RemoteTerminalTests {
  static func remote(_ arguments: [String], environment: [String: String] = [:]) throws -> (
    status: Int32, output: String, error: String
  ) {
    let run = try ProgramRun.run(
      TmuxSession.binary, ["remote"] + arguments, environment: environment.mapValues { $0 })
    return (run.status, run.output, run.errors)
  }

  @Test func anotherProgramDrivesTheBrowser() throws {
    let work = TemporaryFiles.makeDirectory()
    let socket = work + "/m.sock"
    // The binding in a config file: the pane's command line is quoted for a shell already.
    let config = work + "/config"
    try "--bind 'ctrl-e:execute-silent(printf %s \"$MASONRY_SOCKET\" > \(work)/told)'\n".write(
      toFile: config, atomically: true, encoding: .utf8)
    let session = try TmuxSession(
      width: 100, height: 30, arguments: "--images none --config \(config) --listen=\(socket)")
    _ = try #require(session.waitForScreen { ScreenText.statusLine($0).contains("of 64") })

    let state = try Self.remote([socket, "state"])
    #expect(state.status == 0)
    #expect(
      state.output.hasPrefix(
        #"{"mode":"cards","layout":"masonry","query":"","filter":null,"shown":64,"total":64"#))

    let moved = try Self.remote([socket, "select(5)", "toggle-mark", "layout-grid"])
    let lines = moved.output.split(separator: "\n")
    #expect(moved.status == 0 && lines.count == 3)
    #expect(lines[0].contains(#""position":5"#))
    #expect(lines[1].contains(#""markedCount":1"#))
    #expect(lines[2].contains(#""layout":"grid""#))
    _ = try #require(session.waitForScreen { ScreenText.statusLine($0).contains("grid") })

    // Nothing a binding does not hold reaches a shell; what one holds runs.
    let refused = try Self.remote([socket, "execute(touch \(work)/PWNED)"])
    #expect(refused.status == 1 && refused.output.contains(#"{"error":"#))
    let bound = try Self.remote([
      socket, #"execute-silent(printf %s "$MASONRY_SOCKET" > \#(work)/told)"#,
    ])
    #expect(bound.status == 0, "\(bound.output)")
    for _ in 0..<100 where !FileManager.default.fileExists(atPath: work + "/told") {
      usleep(20_000)
    }
    #expect(try String(contentsOfFile: work + "/told", encoding: .utf8) == socket)
    #expect(!FileManager.default.fileExists(atPath: work + "/PWNED"))

    let quit = try Self.remote([socket, "quit"])
    #expect(quit.status == 0 && quit.output.hasPrefix("{\"mode\""))
    #expect(session.exitStatus() == "0")
    #expect(!FileManager.default.fileExists(atPath: socket), "the socket removed at the end")
    let gone = try Self.remote([socket, "state"])
    #expect(gone.status == 69 && gone.error.hasPrefix("masonry: cannot reach \(socket)"))
  }

  @Test func aPortNeedsTheKey() throws {
    let run = try ProgramRun.run(
      TmuxSession.binary, ["--no-config", "--listen=localhost:47312", "--images", "none"],
      environment: ["MASONRY_API_KEY": nil])
    #expect(run.status == 64)
    #expect(run.errors.contains("--listen on a port needs MASONRY_API_KEY set"))
    let session = try TmuxSession(
      width: 100, height: 30, arguments: "--images none --listen=localhost:47312",
      environment: "MASONRY_API_KEY=k3y")
    _ = try #require(session.waitForScreen { ScreenText.statusLine($0).contains("of 64") })
    let wrong = try Self.remote(
      ["localhost:47312", "state"], environment: ["MASONRY_API_KEY": "nope"])
    #expect(wrong.status == 1 && wrong.output.contains("begins with MASONRY_API_KEY"))
    let right = try Self.remote(
      ["localhost:47312", "state", "quit"], environment: ["MASONRY_API_KEY": "k3y"])
    #expect(right.status == 0 && right.output.split(separator: "\n").count == 2)
    #expect(session.exitStatus() == "0")
  }
}
