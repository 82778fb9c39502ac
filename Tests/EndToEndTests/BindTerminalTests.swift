import Foundation
import TestSupport
import Testing

/// `--bind` in the real program inside tmux, from a config file: `execute` hands the
/// terminal over and says how the command ended, `execute-silent` runs beside it,
/// `reload` reads the cards a command prints, `become` runs a command in masonry's place,
/// `print` ends printing — each with hostile file names reaching the command whole.
@Suite(.serialized, .terminal) struct BindTerminalTests {
  /// A folder of pictures whose names a shell would split, run or read as an option.
  static func folder() throws -> (folder: String, paths: [String]) {
    let folder = TemporaryFiles.makeDirectory() + "/odd names"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let pictures = Repository.url.appendingPathComponent("Data/pictures")
    let names = ["-rf.jpg", "a b.jpg", "it's \"q\"\n$(touch pwned).png"]
    for (source, name) in zip(["cat.jpg", "owl.png", "frog.png"], names) {
      try FileManager.default.copyItem(
        atPath: pictures.appendingPathComponent(source).path, toPath: "\(folder)/\(name)")
    }
    return (folder, names.map { "\(folder)/\($0)" })
  }

  /// The text of the file at `path` once it has some (`nil` after ten seconds).
  static func waitForFile(_ path: String) -> String? {
    for _ in 0..<200 {
      if let text = try? String(contentsOfFile: path, encoding: .utf8), !text.isEmpty {
        return text
      }
      usleep(50_000)
    }
    return nil
  }

  /// A config file binding every custom action, writing into `work`.
  static func config(_ work: String) throws -> String {
    let cards = work + "/cards.jsonl"
    try "{\"caption\": \"from reload\"}\n".write(toFile: cards, atomically: true, encoding: .utf8)
    let text = """
      --images none
      # every marked card's path, NUL after each
      --bind 'ctrl-e:execute-silent(printf "%s\\0" {+} > "\(work)/silent")'
      --bind 'ctrl-x:execute(printf "%s" {} > "\(work)/execute"; exit 3)'
      --bind 'ctrl-b:become(printf "%s|%s" {} {caption} > "\(work)/become")'
      --bind 'f5:reload(cat "\(cards)")'
      --bind 'ctrl-p:print(picked: {caption})'
      """
    let path = work + "/config"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// masonry on `folder` with the bindings of `config`, once its cards show.
  static func browse(_ folder: String, config: String) throws -> TmuxSession {
    let session = try TmuxSession(
      width: 100, height: 30, arguments: "--config \"\(config)\" --sort name \"\(folder)\"")
    _ = try #require(session.waitForScreen { ScreenText.statusLine($0).contains("of 3") })
    return session
  }

  @Test func everyCustomActionWithHostileNames() throws {
    let (folder, paths) = try Self.folder()
    let work = TemporaryFiles.makeDirectory()
    let config = try Self.config(work)
    let session = try Self.browse(folder, config: config)

    // execute-silent: every marked card's path, whole, in card order.
    try session.send("M")
    try session.send("C-e")
    let silent = try #require(Self.waitForFile(work + "/silent"))
    #expect(silent == paths.sorted().map { $0 + "\0" }.joined(), "\(silent.debugDescription)")
    try session.send("U")

    // execute: the terminal is the command's; its exit status is said after.
    try session.send("C-x")
    _ = try #require(
      session.waitForScreen { ScreenText.statusLine($0).contains("execute: exit 3") })
    let executed = try String(contentsOfFile: work + "/execute", encoding: .utf8)
    #expect(paths.contains(executed), "\(executed.debugDescription)")

    // reload: the cards the command prints.
    try session.send("F5")
    _ = try #require(session.waitForScreen { $0.contains("from reload") })
    #expect(ScreenText.statusLine(session.screen()).contains("of 1"))

    // become: masonry ends, the terminal restored, and the command runs in its place.
    try session.send("C-b")
    #expect(session.exitStatus() == "0")
    let became = try #require(Self.waitForFile(work + "/become"))
    #expect(became == "|from reload", "a card without a picture: {} is empty")
    #expect(!FileManager.default.fileExists(atPath: folder + "/pwned"))
    #expect(!FileManager.default.fileExists(atPath: "pwned"))
  }

  @Test func becomeGetsTheSelectedPathAndPrintEnds() throws {
    let (folder, paths) = try Self.folder()
    let work = TemporaryFiles.makeDirectory()
    let config = try Self.config(work)
    let session = try Self.browse(folder, config: config)
    try session.send("G")
    try session.send("C-b")
    #expect(session.exitStatus() == "0")
    let became = try #require(Self.waitForFile(work + "/become"))
    let last = paths.sorted().last!
    #expect(became.hasPrefix(last + "|"), "\(became.debugDescription)")

    let printing = try Self.browse(folder, config: config)
    try printing.send("C-p")
    #expect(printing.exitStatus() == "0")
    _ = try #require(printing.waitForScreen { $0.contains("picked: ") })
  }
}
