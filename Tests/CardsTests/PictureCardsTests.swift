import Cards
import Foundation
import PictureFiles
import TestSupport
import Testing

/// What a folder, or a path on the command line, meant as pictures becomes: a card for
/// every file named like a picture, with the reason when it is not one; `-r` through
/// links to folders, once each, to a bounded depth.
@Suite struct PictureCardsTests {
  static let cat = Repository.url.appendingPathComponent("Data/pictures/cat.jpg").path
  static let frog = Repository.url.appendingPathComponent("Data/pictures/frog.png").path

  static func badFolder() throws -> String { try BadPictureFolder.make() }

  static func reasons(_ collection: CardCollection) -> [String: String] {
    var reasons: [String: String] = [:]
    for index in 0..<collection.cards.count {
      let card = collection.cards[index]
      reasons[card.caption] = card.image?.problem ?? "picture"
    }
    return reasons
  }

  @Test func aFolderOfBadFilesKeepsACardForEach() throws {
    let folder = try Self.badFolder()
    let collection = try PictureCards.load(paths: [folder], recursive: false, sort: .name)
    #expect(
      Self.reasons(collection) == BadPictureFolder.reasons,
      "the README is no card; the truncated PNG is a picture (its thumbnail says so)")
    // Each keeps what can be said of it.
    let zero = (0..<collection.cards.count).map { collection.cards[$0] }.first {
      $0.caption == "zero.jpg"
    }
    #expect(zero?.comment?.hasPrefix("0 B · ") == true)
  }

  /// Named on the command line, each is a card too, never read as a card file.
  @Test func pathsOnTheCommandLineAreCardsWithReasons() throws {
    let folder = try Self.badFolder()
    for (name, reason) in [
      ("zero.jpg", "empty file"), ("fifo.gif", "not a regular file"), ("loop.jpg", "link loop"),
      ("dangling.jpg", "not found"), ("text.webp", "not a picture"),
    ] {
      let collection = try PictureCards.load(
        paths: [folder + "/" + name], recursive: false, sort: .name)
      #expect(Self.reasons(collection) == [name: reason])
    }
    #expect(throws: DataError.self) {
      try PictureCards.load(paths: [folder + "/missing.jpg"], recursive: false, sort: .name)
    }
  }

  /// `-r`: a link to a folder is followed, each folder once (a link back to a parent, or a
  /// second link to the same folder, lists nothing again), and no deeper than the bound.
  @Test func recursionFollowsLinksOnceAndStopsAtTheBound() throws {
    let top = TemporaryFiles.makeDirectory()
    let files = FileManager.default
    try files.createDirectory(atPath: top + "/a", withIntermediateDirectories: true)
    try files.copyItem(atPath: Self.cat, toPath: top + "/a/one.jpg")
    try files.createSymbolicLink(atPath: top + "/a/back", withDestinationPath: "..")
    try files.createSymbolicLink(atPath: top + "/b", withDestinationPath: "a")
    let outside = TemporaryFiles.makeDirectory()
    try files.copyItem(atPath: Self.cat, toPath: outside + "/two.jpg")
    try files.createSymbolicLink(atPath: top + "/c", withDestinationPath: outside)
    let collection = try PictureCards.load(paths: [top], recursive: true, sort: .name)
    let cards = (0..<collection.cards.count).map { collection.cards[$0] }
    #expect(cards.map(\.caption).sorted() == ["one.jpg", "two.jpg"], "each folder once")
    #expect(Set(cards.compactMap(\.section)) == ["a", "c"])

    var deep = TemporaryFiles.makeDirectory()
    let root = deep
    for level in 0..<(PictureFolder.maximumDepth + 5) {
      deep += "/\(level)"
      try files.createDirectory(atPath: deep, withIntermediateDirectories: false)
      try files.copyItem(atPath: Self.cat, toPath: deep + "/p\(level).jpg")
    }
    let bounded = try PictureCards.load(paths: [root], recursive: true, sort: .name)
    #expect(bounded.cards.count == PictureFolder.maximumDepth)
  }

  /// Headers kept for a folder — and why a file has none — stand in for reading them while
  /// a file keeps its size and time; a changed file is read again; a damaged cache file is
  /// ignored and rewritten.
  @Test func keptHeadersStandInForReadingThem() throws {
    let folder = TemporaryFiles.makeDirectory()
    try FileManager.default.copyItem(atPath: Self.cat, toPath: folder + "/a.jpg")
    try FileManager.default.copyItem(atPath: Self.frog, toPath: folder + "/b.png")
    let cache = try #require(
      PictureHeaderCache(directory: TemporaryFiles.makeDirectory() + "/folders-1"))
    let first = try PictureCards.load(
      paths: [folder], recursive: false, sort: .name, headers: cache)
    let kept = cache.headers(forFolder: folder)
    #expect(Set(kept.keys) == ["a.jpg", "b.png"])
    // The same size and time, other bytes: the kept header is used, nothing is read.
    var status = stat()
    #expect(stat(folder + "/a.jpg", &status) == 0)
    try Data(repeating: 0x5A, count: Int(status.st_size)).write(
      to: URL(fileURLWithPath: folder + "/a.jpg"))
    var times = [status.st_atim, status.st_mtim]
    #expect(utimensat(AT_FDCWD, folder + "/a.jpg", &times, 0) == 0)
    let again = try PictureCards.load(
      paths: [folder], recursive: false, sort: .name, headers: cache)
    #expect(
      again.cards[0].image?.problem == nil
        && again.cards[0].image?.width == first.cards[0].image?.width)
    // A new time: read again (and now it is no picture).
    var later = [status.st_atim, timespec(tv_sec: status.st_mtim.tv_sec + 5, tv_nsec: 0)]
    #expect(utimensat(AT_FDCWD, folder + "/a.jpg", &later, 0) == 0)
    let changed = try PictureCards.load(
      paths: [folder], recursive: false, sort: .name, headers: cache)
    #expect(changed.cards[0].image?.problem == "not a picture")
    let reread = cache.headers(forFolder: folder)
    #expect(Set(reread.keys) == ["a.jpg", "b.png"])
    #expect(reread["a.jpg"]?.header == .failure(.notAPicture), "why it is none, kept too")
    // Which is not read again while its size and time stay: given a PNG's header (and
    // zeros to the same size) with that time, it still says so.
    let header = try Data(contentsOf: URL(fileURLWithPath: Self.frog)).prefix(64)
    try (header + Data(count: Int(status.st_size) - header.count)).write(
      to: URL(fileURLWithPath: folder + "/a.jpg"))
    #expect(utimensat(AT_FDCWD, folder + "/a.jpg", &later, 0) == 0)
    let still = try PictureCards.load(
      paths: [folder], recursive: false, sort: .name, headers: cache)
    #expect(still.cards[0].image?.problem == "not a picture")
    // Damaged (or an older version's): ignored, then written whole again.
    let file = try #require(
      try FileManager.default.contentsOfDirectory(atPath: cache.directory).first {
        CacheFolder.isCacheName($0)
      })
    try Data("masonry-headers 1\nnonsense".utf8).write(
      to: URL(fileURLWithPath: cache.directory + "/" + file))
    #expect(cache.headers(forFolder: folder).isEmpty)
    _ = try PictureCards.load(paths: [folder], recursive: false, sort: .name, headers: cache)
    #expect(Set(cache.headers(forFolder: folder).keys) == ["a.jpg", "b.png"])
    // Another program's file under that name is neither read, replaced nor removed.
    let foreign = Data("someone else's notes".utf8)
    try foreign.write(to: URL(fileURLWithPath: cache.directory + "/" + file))
    _ = try PictureCards.load(paths: [folder], recursive: false, sort: .name, headers: cache)
    #expect(cache.headers(forFolder: folder).isEmpty)
    #expect(FileManager.default.contents(atPath: cache.directory + "/" + file) == foreign)
  }

  /// Every reason a file has no header is kept and read back as it was; reasons that can
  /// change while the file's size and time stay (access, what the file is) are not kept.
  @Test func everyKeptReasonReadsBackAsItWas() throws {
    let cache = try #require(
      PictureHeaderCache(directory: TemporaryFiles.makeDirectory() + "/folders-1"))
    let stamp = PictureStamp(modified: 1_700_000_000_123_456_789, bytes: 4_096)
    let failures: [PictureFailure] = [
      .notAPicture, .emptyFile, .corrupt(.jpeg), .corrupt(nil), .unsupported(.gif),
      .overLimit(.webp), .overLimit(nil), .tooLarge(width: 90_000, height: 3),
      .fileTooBig(bytes: 1 << 40),
    ]
    var kept: [String: PictureHeaderCache.Kept] = [:]
    for (index, failure) in failures.enumerated() {
      kept["f\(index)"] = PictureHeaderCache.Kept(stamp: stamp, header: .failure(failure))
    }
    let picture = PictureInfo(
      format: .png, width: 640, height: 480, dateTaken: "2021:07:04 10:30:00", stamp: stamp)
    kept["picture.png"] = PictureHeaderCache.Kept(stamp: stamp, header: .success(picture))
    var offered = kept
    for (index, failure) in [
      PictureFailure.notFound, .unreadable("permission denied"), .notRegularFile, .linkLoop,
    ].enumerated() {
      offered["passing\(index)"] = PictureHeaderCache.Kept(stamp: stamp, header: .failure(failure))
    }
    let photos = TemporaryFiles.makeDirectory()
    cache.store(offered, forFolder: photos)
    #expect(cache.headers(forFolder: photos) == kept)
    #expect(cache.headers(forFolder: TemporaryFiles.makeDirectory()).isEmpty)
  }

  /// A folder never drops files silently: what its listing left out is counted for the
  /// status bar, and a folder of sub-folders of pictures suggests -r.
  @Test func whatAListingLeavesOutIsSaid() throws {
    let folder = TemporaryFiles.makeDirectory()
    for sub in ["trip", "empty"] {
      try FileManager.default.createDirectory(
        atPath: folder + "/" + sub, withIntermediateDirectories: true)
    }
    try FileManager.default.copyItem(atPath: Self.frog, toPath: folder + "/trip/frog.png")
    _ = FileManager.default.createFile(atPath: folder + "/notes.txt", contents: Data("hi".utf8))
    #expect {
      try PictureCards.load(paths: [folder], recursive: false, sort: .name)
    } throws: { error in
      "\(error)".hasSuffix("no pictures, but 1 sub-folder holds some: masonry -r opens them")
    }
    try FileManager.default.copyItem(atPath: Self.frog, toPath: folder + "/frog.png")
    let listed = try PictureCards.load(paths: [folder], recursive: false, sort: .name)
    #expect(
      listed.notice
        == "1 file that is no picture left out · 2 sub-folders (1 with pictures) not opened: -r opens them"
    )
    let all = try PictureCards.load(paths: [folder], recursive: true, sort: .name)
    #expect(all.cards.count == 2 && all.notice == "1 file that is no picture left out")
  }
}
