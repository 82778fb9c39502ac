import Foundation
import TestSupport
import Testing

/// `o`, `!` and `y` in the real program inside tmux: the opener gets the path as one
/// argument, a command gets the terminal and the marked files and gives the terminal
/// back, `y` fills tmux's paste buffer, and a missing opener says so in the status bar.
@Suite(.serialized, .terminal) struct ActionTerminalTests {
  /// A folder of two pictures whose names a shell would split or run.
  static func folder() throws -> String {
    let folder = TemporaryFiles.makeDirectory() + "/odd names"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let pictures = Repository.url.appendingPathComponent("Data/pictures")
    for (source, name) in [("cat.jpg", "a b.jpg"), ("owl.png", "$(touch pwned);x.png")] {
      try FileManager.default.copyItem(
        atPath: pictures.appendingPathComponent(source).path, toPath: "\(folder)/\(name)")
    }
    return folder
  }

  @Test func openRunAndCopy() throws {
    let folder = try Self.folder()
    let work = TemporaryFiles.makeDirectory()
    let opener = work + "/opener"
    try "#!/bin/sh\nprintf '%s\\n' \"$#\" \"$@\" > \(work)/opened\n".write(
      toFile: opener, atomically: true, encoding: .utf8)
    chmod(opener, 0o755)
    let session = try TmuxSession(
      width: 100, height: 30, arguments: "--images none \"\(folder)\"",
      environment: "MASONRY_OPENER=\"\(opener) --new-window\"")
    _ = try #require(session.waitForScreen { ScreenText.statusLine($0).contains("of 2") })

    // o: the opener, with its own argument and the path as one more.
    try session.send("o")
    for _ in 0..<200 where !FileManager.default.fileExists(atPath: work + "/opened") {
      usleep(25_000)
    }
    let lines = try String(contentsOfFile: work + "/opened", encoding: .utf8)
      .split(separator: "\n").map(String.init)
    #expect(lines == ["2", "--new-window", "\(folder)/$(touch pwned);x.png"], "the first card")

    // !: both marked; the command runs on the terminal, then Enter brings masonry back.
    try session.send("m")
    try session.send("l")
    try session.send("m")
    try session.send("!")
    _ = try #require(session.waitForScreen { $0.contains("a command to run on 2 files") })
    try session.send("-l", "printf '<%s>\\n'")
    try session.send("Enter")
    let shown = try #require(session.waitForScreen { $0.contains("Enter: back to masonry") })
    #expect(shown.contains("<\(folder)/a b.jpg>"))
    #expect(shown.contains("<\(folder)/$(touch pwned);x.png>"))
    #expect(shown.contains("[exit 0 · Enter: back to masonry]"))
    try session.send("Enter")
    _ = try #require(
      session.waitForScreen { ScreenText.statusLine($0).contains("!printf '<%s>\\n': exit 0") })
    #expect(!FileManager.default.fileExists(atPath: "pwned"))
    #expect(!FileManager.default.fileExists(atPath: folder + "/pwned"))

    // y: into tmux's paste buffer (no --osc52).
    try session.send("y")
    _ = try #require(
      session.waitForScreen { ScreenText.statusLine($0).contains("copied to tmux's paste buffer") })
    let buffer = try session.tmux(["show-buffer"])
    #expect(buffer.hasSuffix(".png") || buffer.hasSuffix(".jpg"))
    #expect(buffer.hasPrefix(folder + "/"))
    try session.send("q")
    #expect(session.exitStatus() == "0")
  }

  @Test func aMissingOpenerSaysSo() throws {
    let folder = try Self.folder()
    let session = try TmuxSession(
      width: 100, height: 30, arguments: "--images none \"\(folder)\"",
      environment: "MASONRY_OPENER=/nonexistent/opener")
    _ = try #require(session.waitForScreen { ScreenText.statusLine($0).contains("of 2") })
    try session.send("o")
    _ = try #require(
      session.waitForScreen {
        ScreenText.statusLine($0).contains(
          "/nonexistent/opener: cannot start: No such file or directory")
      })
    try session.send("q")
    #expect(session.exitStatus() == "0")
  }

  /// The names a feed or a folder may give a picture to make `tar` run a command or take
  /// an option, with one real picture beside them.
  static let hostileNames = [
    "--checkpoint=1", "--checkpoint-action=exec=touch PWNED", "+!touch PWNED", "harbour.jpg",
  ]

  /// An empty folder holding the hostile names as real pictures and a card file naming
  /// them relatively, and an opener that records its arguments.
  static func hostileFolder() throws -> (folder: String, opener: String) {
    let folder = TemporaryFiles.makeDirectory() + "/hostile"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let picture = Repository.url.appendingPathComponent("Data/pictures/cat.jpg")
    var lines = ""
    for name in hostileNames {
      try FileManager.default.copyItem(atPath: picture.path, toPath: "\(folder)/\(name)")
      lines += #"{"caption":"\#(name)","image":{"path":"\#(name)"}}"# + "\n"
    }
    try lines.write(toFile: folder + "/feed.jsonl", atomically: true, encoding: .utf8)
    let opener = folder + "/../opener"
    try "#!/bin/sh\nprintf '%s\\n' \"$@\" >> \(folder)/../opened\n".write(
      toFile: opener, atomically: true, encoding: .utf8)
    chmod(opener, 0o755)
    return (folder, opener)
  }

  /// The critical defect of the boundaries issue: picture paths that start with a dash,
  /// from a stream, a card file named without a folder and the command line after `--`,
  /// reach `tar` through `!` and the opener through `o` as files, never as options: no
  /// `PWNED` appears, and `tar` archives the real picture.
  @Test(arguments: [
    "- < feed.jsonl", "feed.jsonl",
    #"-- --checkpoint=1 "--checkpoint-action=exec=touch PWNED" "+!touch PWNED" harbour.jpg"#,
  ])
  func hostileNamesReachProgramsAsFiles(source: String) throws {
    let (folder, opener) = try Self.hostileFolder()
    let session = try TmuxSession(
      width: 100, height: 30,
      arguments: "--images none --columns 4 --placement ltr --sections none \(source)",
      environment: "MASONRY_OPENER=\(opener)", workingDirectory: folder)
    _ = try #require(session.waitForScreen { ScreenText.statusLine($0).contains("of 4") })
    try session.send("M")
    try session.send("!")
    _ = try #require(session.waitForScreen { $0.contains("a command to run on 4 files") })
    try session.send("-l", "tar cf keep.tar")
    try session.send("Enter")
    _ = try #require(session.waitForScreen { $0.contains("Enter: back to masonry") })
    try session.send("Enter")
    _ = try #require(
      session.waitForScreen { ScreenText.statusLine($0).contains("!tar cf keep.tar") })
    // o on each card (one row, in order): the opener gets the path as a file.
    try session.send("g")
    for _ in 0..<4 {
      try session.send("o")
      try session.send("l")
    }
    for _ in 0..<200 {
      let count =
        (try? String(contentsOfFile: folder + "/../opened", encoding: .utf8))?
        .split(separator: "\n").count ?? 0
      if count >= 4 { break }
      usleep(25_000)
    }
    try session.send("q")
    #expect(session.exitStatus() == "0")
    #expect(
      !FileManager.default.fileExists(atPath: folder + "/PWNED"), "tar ran the feed's command")
    let opened = try String(contentsOfFile: folder + "/../opened", encoding: .utf8)
      .split(separator: "\n").map(String.init)
    #expect(Set(opened) == Set(Self.hostileNames.map { "./" + $0 }), "\(opened)")
    // tar read every name as a file: the archive holds all four.
    let listing = try ProgramRun.run("/bin/tar", ["tf", folder + "/keep.tar"], directory: folder)
    #expect(
      Set(listing.output.split(separator: "\n").map(String.init))
        == Set(Self.hostileNames.map { "./" + $0 }))
  }
}
