import FileCuration
import Foundation
import TestSupport
import Testing

/// The curation keys in the real program inside tmux, on files whose names a shell would
/// split or run: `d` puts the file in the person's trash with the `.trashinfo` `gio trash`
/// writes for the same file, `u` puts it back byte for byte, `x` moves into a folder
/// completed with Tab, and the status bar says each.
@Suite(.serialized, .terminal) struct CurationTerminalTests {
  @Test func trashUndoAndMoveWithTab() throws {
    let folder = TemporaryFiles.makeDirectory() + "/odd names"
    let home = TemporaryFiles.makeDirectory()
    try FileManager.default.createDirectory(
      atPath: folder + "/keepers", withIntermediateDirectories: true)
    let pictures = Repository.url.appendingPathComponent("Data/pictures")
    for (source, name) in [("cat.jpg", "a b.jpg"), ("owl.png", "$(touch pwned);x.png")] {
      try FileManager.default.copyItem(
        atPath: pictures.appendingPathComponent(source).path, toPath: "\(folder)/\(name)")
    }
    let first = "\(folder)/$(touch pwned);x.png"
    let original = try Data(contentsOf: URL(fileURLWithPath: first))
    let data = home + "/data"
    let session = try TmuxSession(
      width: 100, height: 30, arguments: "--images none \"\(folder)\"",
      environment: "HOME=\(home) XDG_DATA_HOME=\(data)")
    _ = try #require(session.waitForScreen { ScreenText.statusLine($0).contains("of 2") })
    // Alt-d and an unknown key's sequence (Shift-Enter as CSI u, which ends in u) are no
    // d and no u.
    try session.send("M-d")
    try session.send("-l", "\u{1B}[13;2u")
    try session.send("?")
    _ = try #require(
      session.waitForScreen { $0.contains("Keys") }, "\(session.screen())")
    try session.send("Escape")
    // (Escape and d within a moment of each other would be Alt-d: a person's keys come
    // further apart.)
    _ = try #require(session.waitForScreen { !$0.contains("Keys") })
    #expect(FileManager.default.fileExists(atPath: first), "Alt-d trashed nothing")
    #expect(
      !FileManager.default.fileExists(atPath: "\(data)/Trash/files"),
      "nothing went to the trash")

    try session.send("d")
    _ = try #require(
      session.waitForScreen {
        ScreenText.statusLine($0).contains("moved to the trash: $(touch pwned);x.png (u: undo)")
      })
    _ = try #require(session.waitForScreen { ScreenText.statusLine($0).contains("of 1 ") })
    #expect(!FileManager.default.fileExists(atPath: first))
    let info = "\(data)/Trash/info/$(touch pwned);x.png.trashinfo"
    let ours = try #require(TextFile.read(info), "in the trash of XDG_DATA_HOME")
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: "\(data)/Trash/files/$(touch pwned);x.png"))
        == original)

    try session.send("u")
    _ = try #require(session.waitForScreen { ScreenText.statusLine($0).contains("of 2") })
    #expect(try Data(contentsOf: URL(fileURLWithPath: first)) == original)
    #expect(!FileManager.default.fileExists(atPath: info))

    // The same file through gio: the same info but for the time.
    let gio = Process()
    gio.executableURL = URL(fileURLWithPath: "/usr/bin/gio")
    gio.arguments = ["trash", "--", first]
    gio.environment = ["HOME": home, "XDG_DATA_HOME": data, "PATH": "/usr/bin:/bin"]
    try gio.run()
    gio.waitUntilExit()
    let theirs = try #require(TextFile.read(info))
    #expect(ours.split(separator: "\n").prefix(2) == theirs.split(separator: "\n").prefix(2))
    #expect(ours.count == theirs.count, "the same fields, the date in the same form")
    try FileManager.default.moveItem(
      atPath: "\(data)/Trash/files/$(touch pwned);x.png", toPath: first)
    try FileManager.default.removeItem(atPath: info)

    // x: a folder typed, completed with Tab, moved into; u moves it back.
    try session.send("l")
    try session.send("x")
    _ = try #require(session.waitForScreen { $0.contains("move to (1 file): ▏") })
    try session.send("-l", "\(folder)/ke")
    try session.send("Tab")
    _ = try #require(session.waitForScreen { $0.contains("move to (1 file): \(folder)/keepers/▏") })
    try session.send("Enter")
    _ = try #require(
      session.waitForScreen { ScreenText.statusLine($0).contains("a b.jpg (u: undo)") })
    #expect(FileManager.default.fileExists(atPath: "\(folder)/keepers/a b.jpg"))
    try session.send("u")
    _ = try #require(session.waitForScreen { ScreenText.statusLine($0).contains("moved back") })
    #expect(FileManager.default.fileExists(atPath: "\(folder)/a b.jpg"))
    #expect(!FileManager.default.fileExists(atPath: "pwned"))
    #expect(!FileManager.default.fileExists(atPath: folder + "/pwned"))
    try session.send("q")
    #expect(session.exitStatus() == "0")
  }

  /// Labels in the real program: `f` puts them on the cards, a capital opens its card in
  /// the viewer, Esc goes back to the wall with that card selected.
  @Test func labelsReachACardInTwoKeys() throws {
    let session = try TmuxSession(width: 100, height: 30, arguments: "--images none")
    _ = try #require(session.waitForScreen { ScreenText.statusLine($0).contains("of 64") })
    try session.send("f")
    _ = try #require(session.waitForScreen { $0.contains("┏a━") && $0.contains("╭s─") })
    try session.send("D")
    _ = try #require(session.waitForScreen { ScreenText.statusLine($0).contains("fit ") })
    try session.send("Escape")
    let wall = try #require(session.waitForScreen { ScreenText.statusLine($0).contains("? help") })
    #expect(!wall.contains("╭s─"), "the labels are gone")
    try session.send("q")
    #expect(session.exitStatus() == "0")
  }

  /// Captions and tags written back by the real program: the card file changes only in
  /// the edited values (compared byte for byte around them), the wall and the tag strip show
  /// the edit, and
  /// `u` twice gives the file back as it was; a property list is read-only and says so.
  @Test func captionsAndTagsWrittenBack() throws {
    let folder = TemporaryFiles.makeDirectory()
    let path = folder + "/cards.jsonl"
    let original = """
      {"id":"a","caption":"Red panda","comment":"Sleeps in trees.","tags":["mammal", "forest"]}
      { "caption" : "Caf\\u00e9",  "tags" : [ ] , "extra": {"keep": [1,2,3]} }

      {"id":"c","caption":"No tags here","comment":"x"}

      """
    try Data(original.utf8).write(to: URL(fileURLWithPath: path))
    let session = try TmuxSession(
      width: 100, height: 30, arguments: "--images none \"\(path)\"",
      environment: "HOME=\(folder)")
    _ = try #require(session.waitForScreen { ScreenText.statusLine($0).contains("of 3") })
    try session.send("e")
    _ = try #require(session.waitForScreen { $0.contains("caption: Red panda▏") })
    for _ in 0..<5 { try session.send("BSpace") }
    try session.send("-l", "fox")
    try session.send("Enter")
    _ = try #require(
      session.waitForScreen { ScreenText.statusLine($0).contains("written: cards.jsonl") })
    _ = try #require(session.waitForScreen { $0.contains("Red fox") })
    let once = try #require(TextFile.read(path))
    #expect(once == original.replacingOccurrences(of: "\"Red panda\"", with: "\"Red fox\""))
    // The third card (no tags): a tags member added before its brace.
    try session.send("l")
    try session.send("l")
    try session.send("#")
    _ = try #require(session.waitForScreen { $0.contains("tags (a comma between): ▏") })
    try session.send("-l", "sky, night")
    try session.send("Enter")
    _ = try #require(session.waitForScreen { $0.contains("[night] [sky]") })
    #expect(
      TextFile.read(path)
        == once.replacingOccurrences(
          of: "\"comment\":\"x\"}", with: "\"comment\":\"x\", \"tags\": [\"sky\", \"night\"]}"))
    try session.send("u")
    _ = try #require(session.waitForScreen { !$0.contains("[sky]") })
    try session.send("u")
    _ = try #require(session.waitForScreen { $0.contains("Red panda") })
    #expect(TextFile.read(path) == original, "byte for byte as it was")
    try session.send("q")
    #expect(session.exitStatus() == "0")

    let plist = try TmuxSession(
      width: 100, height: 30, arguments: "--images none \"\(Repository.path)/Data/animals.plist\"")
    _ = try #require(plist.waitForScreen { ScreenText.statusLine($0).contains("of 10") })
    try plist.send("e")
    _ = try #require(plist.waitForScreen { $0.contains("read-only: captions and tags") })
    try plist.send("q")
  }

  /// The viewer in the real program: a photo's EXIF as exiftool wrote it in the facts
  /// panel, the zoom in the status bar, and a slideshow stepping on its own.
  @Test func theViewersFactsZoomAndSlideshow() throws {
    let folder = TemporaryFiles.makeDirectory()
    for name in ["a.jpg", "b.jpg", "c.jpg"] {
      try FileManager.default.copyItem(
        atPath: Repository.url.appendingPathComponent("Data/pictures/cat.jpg").path,
        toPath: "\(folder)/\(name)")
    }
    let tagged = try ProgramRun.run(
      "/usr/bin/exiftool",
      [
        "-q", "-overwrite_original", "-Make=NIKON CORPORATION", "-Model=NIKON Z 6",
        "-ExposureTime=1/500", "-FNumber=8", "-ISO=200", "-FocalLength=24",
        "-GPSLatitude=48.8584", "-GPSLatitudeRef=N", "-GPSLongitude=2.2945",
        "-GPSLongitudeRef=E", "\(folder)/a.jpg",
      ])
    try #require(tagged.status == 0, "\(tagged.errors)")
    let session = try TmuxSession(
      width: 120, height: 36, arguments: "--images symbols --slideshow 1 \"\(folder)\"")
    _ = try #require(session.waitForScreen { ScreenText.statusLine($0).contains("slideshow 1 s") })
    _ = try #require(session.waitForScreen { ScreenText.statusLine($0).contains("2 of 3") })
    try session.send("s")
    try session.send("g")
    try session.send("i")
    // The whole panel: a capture can fall between the rows of one frame's drawing.
    let facts = [
      "NIKON CORPORATION NIKON Z 6", "1/500 s", "f/8", "200", "24 mm", "48.8584, 2.2945", "JPEG",
      "451 × 300",
    ]
    let panel =
      session.waitForScreen { screen in facts.allSatisfy { screen.contains($0) } }
      ?? session.screen()
    for fact in facts {
      #expect(panel.contains(fact), "\(fact)")
    }
    try session.send("=")
    _ = try #require(session.waitForScreen { ScreenText.statusLine($0).contains("100%") })
    try session.send("q")
    try session.send("q")
    #expect(session.exitStatus() == "0")
  }

  /// A move onto another file system (the machine's /dev/shm, a tmpfs), the program killed
  /// (SIGKILL, as a power cut) at each step: the file is whole at least once every time —
  /// the original until the copy has its name — and never a part under its own name.
  @Test(arguments: FileMoverStep.allCases)
  func aMoveAcrossFileSystemsKilledAtEachStepLosesNothing(step: FileMoverStep) throws {
    let folder = TemporaryFiles.makeDirectory() + "/pics"
    let home = TemporaryFiles.makeDirectory()
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let cat = try Data(
      contentsOf: Repository.url.appendingPathComponent("Data/pictures/cat.jpg"))
    // Three writes' worth (the copy writes a megabyte at a time).
    var bytes = Data()
    while bytes.count < 3 << 20 { bytes.append(cat) }
    let original = "\(folder)/big.jpg"
    try bytes.write(to: URL(fileURLWithPath: original))
    let target = "/dev/shm/masonry-kill-\(getpid())-\(step.rawValue)"
    try? FileManager.default.removeItem(atPath: target)
    try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(atPath: target) }
    let session = try TmuxSession(
      width: 100, height: 30, arguments: "--images none \"\(folder)\"",
      environment: "HOME=\(home) XDG_DATA_HOME=\(home)/data MASONRY_TEST_KILL_AT=\(step.rawValue)")
    _ = try #require(session.waitForScreen { ScreenText.statusLine($0).contains("of 1") })
    try session.send("x")
    try session.send("-l", target)
    try session.send("Enter")
    #expect(session.exitStatus() == "137", "killed at \(step)")
    let moved = "\(target)/big.jpg"
    let atOriginal = FileManager.default.contents(atPath: original)
    let atTarget = FileManager.default.contents(atPath: moved)
    #expect(atOriginal == bytes || atTarget == bytes, "whole at least once")
    if let atTarget { #expect(atTarget == bytes, "a file under its own name is whole") }
    if let atOriginal { #expect(atOriginal == bytes, "the original is never touched") }
    switch step {
    case .copying, .flushed, .compared: #expect(atOriginal != nil && atTarget == nil)
    case .named: #expect(atOriginal != nil && atTarget != nil)
    case .removed: #expect(atOriginal == nil && atTarget != nil)
    }
  }
}

typealias FileMoverStep = FileMover.Step
