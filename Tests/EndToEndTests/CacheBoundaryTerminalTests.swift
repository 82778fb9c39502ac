import Foundation
import TestSupport
import Testing

/// The disk caches at their boundaries, in the real program inside tmux: a cache folder
/// that is a link is refused with a warning (the browser runs, nothing of the folder it
/// points to is lost), and a thumbnail file whose sixel carries escape sequences never
/// reaches the terminal with them.
@Suite(.serialized, .terminal) struct CacheBoundaryTerminalTests {

  /// The reproduction: `thumbnails-1` a link to a folder of thirty old documents,
  /// then the sample opened. The browser warns (stderr and the status bar), runs, and
  /// every document is still there, with no cache file among them.
  @Test func aLinkedThumbnailFolderLosesNothing() throws {
    let documents = TemporaryFiles.makeDirectory() + "/documents"
    try FileManager.default.createDirectory(atPath: documents, withIntermediateDirectories: true)
    for index in 0..<30 {
      let path = documents + "/old-\(index).pdf"
      try Data(repeating: UInt8(index), count: 100_000).write(to: URL(fileURLWithPath: path))
      var old = [
        timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0),
      ]
      utimensat(AT_FDCWD, path, &old, 0)
    }
    let cache = TemporaryFiles.makeDirectory() + "/cache"
    try FileManager.default.createDirectory(
      atPath: cache + "/masonry", withIntermediateDirectories: true)
    symlink(documents, cache + "/masonry/thumbnails-1")
    let session = try TmuxSession(
      width: 120, height: 40, arguments: "--images symbols",
      environment: "XDG_CACHE_HOME=\(cache)")
    let shown = try #require(
      session.waitForScreen { ScreenText.statusLine($0).contains("no disk cache:") })
    #expect(ScreenText.statusLine(shown).contains("no disk cache: thumbnails-1 is a symbolic link"))
    // Every picture of the sample drawn, from decoding alone.
    _ = try #require(session.waitForScreen(seconds: 15) { !$0.contains("░") })
    try session.send("q")
    #expect(session.exitStatus() == "0")
    let errors = try String(contentsOfFile: session.directory + "/stderr", encoding: .utf8)
    #expect(errors.contains("masonry: warning: cache folder refused:"))
    #expect(errors.contains("thumbnails-1 is a symbolic link; running without a disk cache"))
    let left = try FileManager.default.contentsOfDirectory(atPath: documents).sorted()
    #expect(left == (0..<30).map { "old-\($0).pdf" }.sorted())
    for index in 0..<30 {
      #expect(
        FileManager.default.contents(atPath: documents + "/old-\(index).pdf")
          == Data(repeating: UInt8(index), count: 100_000))
    }
  }

  /// What a hostile cache file would send: a clipboard write and a title.
  static let hostile = Array("\u{1B}]52;c;UFdORUQ=\u{07}\u{1B}]0;PWNED-TITLE\u{07}".utf8)

  /// Rewrites a thumbnail file so that its sixel has `hostile` after it (its lengths and
  /// its checksum, an unkeyed FNV-1a, made right again): as a person who can write the
  /// cache would. `nil` when the file holds no sixel.
  static func poisoned(_ file: [UInt8]) -> [UInt8]? {
    func u64(_ bytes: [UInt8], _ at: Int) -> Int {
      (0..<8).reduce(0) { $0 | Int(bytes[at + $1]) << ($1 * 8) }
    }
    func put(_ value: Int, into bytes: inout [UInt8], at: Int) {
      for index in 0..<8 { bytes[at + index] = UInt8(truncatingIfNeeded: value >> (index * 8)) }
    }
    let magic = Array("masonry-thumbnail\n".utf8)
    guard file.starts(with: magic) else { return nil }
    let keyAt = magic.count + 4
    let sumAt = keyAt + 8 + u64(file, keyAt)
    let payloadAt = sumAt + 16
    var payload = Array(file[payloadAt...])
    let opening = Array("\u{1B}P0;1;0q".utf8)
    guard
      let start = (0..<(payload.count - opening.count)).first(where: {
        payload[$0..<($0 + opening.count)].elementsEqual(opening)
      })
    else { return nil }
    let length = u64(payload, start - 8)
    payload.insert(contentsOf: hostile, at: start + length)
    put(length + hostile.count, into: &payload, at: start - 8)
    var sum: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in payload { sum = (sum ^ UInt64(byte)) &* 0x100_0000_01b3 }
    var result = Array(file[..<sumAt])
    result += (0..<8).map { UInt8(truncatingIfNeeded: sum >> ($0 * 8)) }
    result += (0..<8).map { UInt8(truncatingIfNeeded: payload.count >> ($0 * 8)) }
    return result + payload
  }

  /// Thumbnails made in sixel and kept; each file then poisoned. The next run sends the
  /// terminal sixel pictures, but none of the poisoned bytes: the files are refused and
  /// the pictures made again.
  @Test func escapesInACacheFileNeverReachTheTerminal() throws {
    let folder = TemporaryFiles.makeDirectory() + "/pictures"
    try FileManager.default.copyItem(
      atPath: Repository.url.appendingPathComponent("Data/pictures").path,
      toPath: folder)
    let cache = TemporaryFiles.makeDirectory() + "/cache"
    let thumbnails = cache + "/masonry/thumbnails-1"
    let first = try TmuxSession(
      width: 120, height: 40, arguments: "--images sixel \"\(folder)\"",
      environment: "XDG_CACHE_HOME=\(cache)")
    func kept() -> [String] {
      ((try? FileManager.default.contentsOfDirectory(atPath: thumbnails)) ?? []).filter {
        !$0.hasPrefix(".")
      }
    }
    for _ in 0..<300 where kept().count < 4 { usleep(50_000) }
    usleep(300_000)
    try first.send("q")
    _ = first.exitStatus()
    var poisonedCount = 0
    for name in kept() {
      let path = thumbnails + "/" + name
      guard let bytes = FileManager.default.contents(atPath: path),
        let poisoned = Self.poisoned([UInt8](bytes))
      else { continue }
      try Data(poisoned).write(to: URL(fileURLWithPath: path))
      poisonedCount += 1
    }
    #expect(poisonedCount >= 4, "sixel thumbnails were kept to poison")

    // The second run: its every byte recorded from the start.
    let second = try TmuxSession(width: 120, height: 40, interactiveShell: true)
    _ = try #require(second.waitForScreen { $0.contains("$") })
    let recording = try second.startRecording()
    try second.send(
      "-l",
      "XDG_CACHE_HOME=\(cache) \(TmuxSession.binary) --images sixel \"\(folder)\"")
    try second.send("Enter")
    _ = try #require(second.waitForScreen { ScreenText.statusLine($0).contains("of ") })
    // The refused files are made again: none of them holds the hostile bytes any more.
    var clean = false
    for _ in 0..<300 {
      clean =
        kept().count >= poisonedCount
        && kept().allSatisfy { name in
          guard let bytes = FileManager.default.contents(atPath: thumbnails + "/" + name) else {
            return false
          }
          return bytes.range(of: Data(Self.hostile)) == nil
        }
      if clean { break }
      usleep(50_000)
    }
    #expect(clean, "every poisoned file was made again")
    _ = TmuxSession.settledSize(of: recording)
    try second.send("q")
    let sent = try #require(FileManager.default.contents(atPath: recording))
    #expect(sent.range(of: Data("\u{1B}P0;1;0q".utf8)) != nil, "sixel pictures were sent")
    #expect(sent.range(of: Data("PWNED".utf8)) == nil)
    #expect(sent.range(of: Data("\u{1B}]52".utf8)) == nil)
  }
}
