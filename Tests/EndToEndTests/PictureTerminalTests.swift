import Foundation
import TestSupport
import Testing

/// Pictures in a real terminal: a folder opens, thumbnails appear in colour, keys answer
/// while pictures decode, a resize draws them again at the new size, and scrolling a
/// screen of thumbnails stays within its byte budget.
@Suite(.serialized, .terminal) struct PictureTerminalTests {

  /// A folder of the sample's pictures, each `copies` times (named photo-1-cat.jpg …),
  /// plus a damaged one.
  static func folder(copies: Int) throws -> String {
    let folder = TemporaryFiles.root + "/pictures-\(copies)"
    try? FileManager.default.removeItem(atPath: folder)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let pictures = Repository.url.appendingPathComponent("Data/pictures")
    let names = try FileManager.default.contentsOfDirectory(atPath: pictures.path).sorted()
    for copy in 1...copies {
      for name in names {
        try FileManager.default.copyItem(
          atPath: pictures.appendingPathComponent(name).path,
          toPath: "\(folder)/photo-\(copy)-\(name)")
      }
    }
    _ = FileManager.default.createFile(
      atPath: "\(folder)/zz-broken.jpg", contents: Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10]))
    return folder
  }

  /// Cells drawn with a thumbnail's symbols (blocks, quadrants, sextants).
  static func symbolCount(_ screen: String) -> Int {
    screen.unicodeScalars.filter {
      (0x2580...0x259F).contains($0.value) && $0.value != 0x2591
        || (0x1FB00...0x1FB3B).contains($0.value)
    }.count
  }

  /// Marks in the real program: `m` on two cards, `/` and `M` on a search's matches, then
  /// Enter with `--pick=path --print0` prints exactly those files, in the folder's order,
  /// NUL-terminated, and exits 0.
  @Test func markedPicturesArePickedAsPaths() throws {
    let folder = try Self.folder(copies: 1)
    let picked = TemporaryFiles.path(named: "picked-paths")
    unlink(picked)
    let session = try TmuxSession(
      width: 120, height: 40, arguments: "--images none --pick=path --print0 \(folder) > \(picked)")
    _ = try #require(session.waitForScreen { ScreenText.statusLine($0).contains("of 17") })
    try session.send("m")
    try session.send("l")
    try session.send("m")
    _ = try #require(session.waitForScreen { ScreenText.statusLine($0).contains("2 marked") })
    for key in ["/", "o", "w", "l", "Enter", "M"] { try session.send(key) }
    _ = try #require(session.waitForScreen { ScreenText.statusLine($0).contains("3 marked") })
    try session.send("Escape")
    try session.send("Enter")
    #expect(session.exitStatus() == "0")
    let output = try Data(contentsOf: URL(fileURLWithPath: picked))
    let paths = output.split(separator: 0, omittingEmptySubsequences: false).map {
      String(decoding: $0, as: UTF8.self)
    }
    #expect(output.last == 0 && !output.contains(0x0A))
    #expect(paths.count == 4 && paths.last == "", "three paths, each ended by a NUL")
    let names = paths.dropLast().map { URL(fileURLWithPath: $0).lastPathComponent }
    #expect(names.contains("photo-1-owl.png"))
    #expect(names == names.sorted(), "in the folder's order")
    #expect(paths.dropLast().allSatisfy { FileManager.default.fileExists(atPath: $0) })
  }

  /// Opens `folder` in the real program with its caches in `cache`, waits for the first
  /// screen's thumbnails to settle, and returns that screen and, after `G`, the screen
  /// ending at the last card (when `end`); quits with `q`.
  static func settledScreens(
    _ folder: String, cache: String, options: String = "", end: Bool = false
  ) throws -> (first: String, last: String) {
    let session = try TmuxSession(
      width: 120, height: 40, arguments: "\(options) \(folder)",
      environment: "XDG_CACHE_HOME=\(cache)")
    _ = try #require(session.waitForScreen { symbolCount($0) > 300 })
    // Settled: the first screen's last thumbnails in too.
    let first = try #require(session.waitForSteadyScreen())
    var last = ""
    if end {
      try session.send("G")
      _ = session.waitForScreen { ScreenText.statusLine($0).contains("100%") }
      last = try #require(session.waitForSteadyScreen())
    }
    try session.send("q")
    #expect(session.exitStatus() == "0")
    return (first, last)
  }

  /// The disk cache in the real program: the first opening fills it (in the folder
  /// XDG_CACHE_HOME names), a damaged file in it is replaced by a sound one at the next,
  /// which shows the same pictures; `--no-cache` writes nothing.
  @Test func thumbnailsAreKeptOnDiskBetweenRuns() throws {
    let folder = try Self.folder(copies: 1)
    let cache = TemporaryFiles.makeDirectory()
    let thumbnails = cache + "/masonry/thumbnails-1"
    let first = try Self.settledScreens(folder, cache: cache).first
    let files = try FileManager.default.contentsOfDirectory(atPath: thumbnails).sorted()
    #expect(files.count >= 6, "the first screen's thumbnails: \(files.count)")
    #expect(!files.contains { $0.hasPrefix(".") })
    let damaged = thumbnails + "/" + files[0]
    let sound = try Data(contentsOf: URL(fileURLWithPath: damaged))
    try Data(sound.prefix(sound.count / 2)).write(to: URL(fileURLWithPath: damaged))
    let second = try Self.settledScreens(folder, cache: cache).first
    #expect(second == first, "the same screen from the cache")
    #expect(try Data(contentsOf: URL(fileURLWithPath: damaged)) == sound, "made again, whole")
    try FileManager.default.removeItem(atPath: cache + "/masonry")
    _ = try Self.settledScreens(folder, cache: cache, options: "--no-cache")
    #expect(!FileManager.default.fileExists(atPath: cache + "/masonry"))
  }

  /// A second start opens no picture: every picture is overwritten with bytes of the same
  /// size and given back its modification time, so reading any header or pixel would
  /// show "not a picture"; the folder opens with the same cards and the same thumbnails
  /// from the caches alone — the damaged JPEG at its end still says "corrupt JPEG", kept
  /// with the headers.
  @Test func aSecondStartReadsNoPicture() throws {
    let folder = try Self.folder(copies: 1)
    let cache = TemporaryFiles.makeDirectory()
    let first = try Self.settledScreens(folder, cache: cache, end: true)
    #expect(first.last.contains("corrupt JPEG"))
    for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
      let path = folder + "/" + name
      var status = stat()
      #expect(stat(path, &status) == 0)
      let garbage = [UInt8](repeating: 0x5A, count: Int(status.st_size))
      #expect(FileManager.default.createFile(atPath: path, contents: Data(garbage)))
      var times = [status.st_atim, status.st_mtim]
      #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
    }
    let second = try Self.settledScreens(folder, cache: cache, end: true)
    #expect(second.first == first.first, "the same cards and thumbnails, no picture read")
    #expect(second.last == first.last, "the last screen too, the damaged JPEG among them")
    #expect(!second.first.contains("not a picture") && !second.last.contains("not a picture"))
  }

  /// A folder of files named like pictures that are none, in the real program: a card for
  /// each with its reason in its box (the README left out), the cut PNG drawn as far as it
  /// goes and marked `truncated`, the sound one drawn; and the same screen at a second
  /// start, when the reasons come from the header cache.
  @Test func aFolderOfBadFilesShowsEachWithItsReason() throws {
    let folder = try BadPictureFolder.make()
    let cache = TemporaryFiles.makeDirectory()
    func open() throws -> String {
      let session = try TmuxSession(
        width: 120, height: 50, arguments: "--images symbols \(folder)",
        environment: "XDG_CACHE_HOME=\(cache)")
      let screen = try #require(
        session.waitForScreen { $0.contains("truncated") && Self.symbolCount($0) > 150 })
      let settled = try #require(session.waitForSteadyScreen())
      #expect(ScreenText.statusLine(settled).contains("1–9 of 9"), "\(screen)")
      try session.send("q")
      #expect(session.exitStatus() == "0")
      return settled
    }
    let screen = try open()
    for (name, reason) in BadPictureFolder.reasons {
      #expect(screen.contains(name), "\(name)")
      if reason != "picture" { #expect(screen.contains(reason), "\(name): \(reason)") }
    }
    #expect(!screen.contains("README"))
    #expect(!screen.contains(String(Character("\u{2591}"))), "no box looks as if loading")
    #expect(try open() == screen)
  }

  @Test func aFolderOpensAndItsPicturesAppearInColour() throws {
    let folder = try Self.folder(copies: 1)
    let session = try TmuxSession(width: 120, height: 40, arguments: folder)
    let screen = try #require(session.waitForScreen { Self.symbolCount($0) > 300 })
    #expect(screen.contains("photo-1-bee.gif"), "captions are file names")
    #expect(screen.contains("671×538"), "comments give the size")
    let styled = session.styledScreen()
    #expect(styled.contains("\u{1B}[48;5;"), "thumbnails in palette colours (tmux-256color)")
    #expect(ScreenText.statusLine(screen).contains("of 17"))
    // The damaged file keeps its card, with the reason inside its image box.
    try session.send("G")
    _ = try #require(session.waitForScreen { $0.contains("corrupt JPEG") })
    try session.send("q")
    #expect(session.waitForFile("exit")?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
  }

  @Test func twentyFourBitColoursWhereTheTerminalHasThem() throws {
    let folder = try Self.folder(copies: 1)
    let session = try TmuxSession(width: 100, height: 30, arguments: folder, term: "tmux-direct")
    _ = try #require(session.waitForScreen { Self.symbolCount($0) > 200 })
    let styled = session.styledScreen()
    #expect(styled.contains("\u{1B}[48;2;") || styled.contains("\u{1B}[38;2;"))
    try session.send("q")
  }

  @Test func keysAnswerWhilePicturesDecodeAndAResizeDrawsThemAgain() throws {
    let folder = try Self.folder(copies: 12)
    let session = try TmuxSession(width: 120, height: 40, arguments: folder)
    let first = try #require(session.waitForScreen { ScreenText.statusLine($0).contains("of 193") })
    // Straight away, while the first screen's pictures decode: the keys are answered.
    try session.send("G")
    _ = try #require(
      session.waitForScreen(seconds: 3) {
        ScreenText.statusLine($0).contains("193 of 193") || $0.contains("zz-broken")
      })
    try session.send("g")
    _ = try #require(session.waitForScreen { $0 == first || Self.symbolCount($0) > 300 })
    _ = try #require(session.waitForScreen { Self.symbolCount($0) > 300 })
    try session.resize(width: 70, height: 30)
    let narrow = try #require(
      session.waitForScreen {
        ScreenText.statusLine($0).contains("2 cols") && Self.symbolCount($0) > 200
      })
    #expect(!narrow.isEmpty)
    try session.send("q")
    #expect(session.waitForFile("exit")?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
  }

  /// One row of scrolling over a screen of thumbnails, through tmux: within 2.5 KB in 256
  /// colours and 4.5 KB in 24-bit colour.
  @Test(arguments: [("tmux-256color", 2_560), ("tmux-direct", 4_608)])
  func oneRowOfScrollingAScreenOfThumbnails(term: String, budget: Int) throws {
    let folder = try Self.folder(copies: 4)
    let session = try TmuxSession(width: 120, height: 40, arguments: folder, term: term)
    // Down a little first, so that every card on screen has its picture in place.
    try session.send("J", "J")
    var settled = ""
    _ = try #require(
      session.waitForScreen(seconds: 15) { screen in
        defer { settled = screen }
        // Every card on screen has its picture: no placeholder left, and nothing moves.
        return !screen.contains("░") && Self.symbolCount(screen) > 500 && screen == settled
      })
    let path = try session.startRecording()
    let start = TmuxSession.settledSize(of: path)
    try session.send("j")
    _ = try #require(session.waitForScreen { $0 != settled })
    let bytes = TmuxSession.settledSize(of: path) - start
    print("one-row scroll of thumbnails at 120x40 (\(term)): \(bytes) bytes")
    #expect(bytes > 0)
    #expect(bytes <= budget, "\(term): \(bytes) bytes")
    try session.send("q")
  }
}
