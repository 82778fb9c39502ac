import Foundation
import TestSupport
import Testing

/// contrib/: ranger's `:masonry` and lf's, end to end inside tmux: the file manager opens
/// the current folder in masonry, the pictures marked there (with names a shell would
/// split) become its selection, and its own view of the selection (ranger's `%s`, lf's
/// `$fs`) lists exactly them. (yazi is not in Debian: its plugin is checked as Lua only.)
@Suite(.serialized, .terminal) struct ContribTerminalTests {
  /// A folder of three pictures, and the folder masonry's binary is in (for PATH).
  static func folder() throws -> (folder: String, bin: String) {
    let folder = TemporaryFiles.makeDirectory() + "/trip photos"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let pictures = Repository.url.appendingPathComponent("Data/pictures")
    for (source, name) in [("cat.jpg", "a b.jpg"), ("owl.png", "it's.png"), ("frog.png", "c.png")] {
      try FileManager.default.copyItem(
        atPath: pictures.appendingPathComponent(source).path, toPath: "\(folder)/\(name)")
    }
    return (folder, (TmuxSession.binary as NSString).deletingLastPathComponent)
  }

  /// masonry, once it shows the folder's three cards: the first two marked, then Enter.
  static func pickTwo(in session: TmuxSession) throws {
    _ = try #require(session.waitForScreen { ScreenText.statusLine($0).contains("of 3") })
    try session.send("m")
    try session.send("l")
    try session.send("m")
    _ = try #require(session.waitForScreen { ScreenText.statusLine($0).contains("2 marked") })
    try session.send("Enter")
  }

  /// The lines of the file at `path` once it is written.
  static func lines(_ path: String) -> [String]? {
    for _ in 0..<200 {
      if let text = try? String(contentsOfFile: path, encoding: .utf8), text.hasSuffix("\n") {
        return text.split(separator: "\n").map(String.init)
      }
      usleep(50_000)
    }
    return nil
  }

  @Test func rangerMarksWhatMasonryPicked() throws {
    let (folder, bin) = try Self.folder()
    let work = TemporaryFiles.makeDirectory()
    try FileManager.default.copyItem(
      atPath: Repository.url.appendingPathComponent("contrib/ranger/commands.py").path,
      toPath: work + "/commands.py")
    // P runs masonry; O writes ranger's selection (%s: the marked files, quoted by ranger).
    try "map P masonry\nmap O shell printf '%%s\\n' %s > \(work)/selection\n".write(
      toFile: work + "/rc.conf", atomically: true, encoding: .utf8)
    let session = try TmuxSession(width: 120, height: 40, interactiveShell: true)
    try session.send(
      "-l",
      "PATH=\(bin):$PATH MASONRY_OPTS='--images none --sort name' ranger --confdir=\(work) '\(folder)'"
    )
    try session.send("Enter")
    _ = try #require(session.waitForScreen { $0.contains("it's.png") })
    try session.send("P")
    try Self.pickTwo(in: session)
    _ = try #require(session.waitForScreen { $0.contains("it's.png") && !$0.contains("of 3") })
    try session.send("O")
    let selection = try #require(Self.lines(work + "/selection"))
    #expect(selection.count == 2, "\(selection)")
    #expect(Set(selection).isSubset(of: ["a b.jpg", "it's.png", "c.png"]), "names in its folder")
    try session.send("q")
  }

  @Test func lfSelectsWhatMasonryPicked() throws {
    let (folder, bin) = try Self.folder()
    let work = TemporaryFiles.makeDirectory()
    let config = try String(
      contentsOfFile: Repository.url.appendingPathComponent("contrib/lf/lfrc").path, encoding: .utf8
    )
    // O writes lf's selection ($fs: the selected files, a line each).
    try (config + "map O $printf '%s\\n' \"$fs\" > \(work)/selection\n").write(
      toFile: work + "/lfrc", atomically: true, encoding: .utf8)
    // lf's server of its own (its socket is in TMPDIR), started by this lf as on a
    // machine where no lf ran yet: the selection waits for the new lf to connect.
    let session = try TmuxSession(width: 120, height: 40, interactiveShell: true)
    try session.send(
      "-l",
      "TMPDIR=\(work) PATH=\(bin):$PATH MASONRY_OPTS='--images none --sort name' lf -config \(work)/lfrc '\(folder)'"
    )
    defer {
      _ = try? ProgramRun.run("/usr/bin/lf", ["-remote", "quit!"], environment: ["TMPDIR": work])
    }
    try session.send("Enter")
    _ = try #require(session.waitForScreen { $0.contains("it's.png") })
    try session.send("P")
    try Self.pickTwo(in: session)
    _ = try #require(session.waitForScreen { $0.contains("it's.png") && !$0.contains("of 3") })
    // lf takes the selection over its server, a moment after masonry ends: asked until it
    // has it (or five seconds pass).
    var selection: [String] = []
    for _ in 0..<20 where selection.count < 2 {
      try? FileManager.default.removeItem(atPath: work + "/selection")
      try session.send("O")
      selection = try #require(Self.lines(work + "/selection")).filter { !$0.isEmpty }
      usleep(250_000)
    }
    #expect(selection.count == 2, "\(selection)")
    #expect(
      Set(selection).isSubset(of: ["\(folder)/a b.jpg", "\(folder)/it's.png", "\(folder)/c.png"]))
    try session.send("q")
  }

  @Test func yaziPluginIsLua() throws {
    let plugin = Repository.url.appendingPathComponent("contrib/yazi/masonry.yazi/main.lua").path
    let run = try ProgramRun.run("/usr/bin/luac5.4", ["-p", plugin])
    #expect(run.status == 0, "\(run.errors)")
  }
}
