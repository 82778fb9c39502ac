import Foundation
import PictureFiles
import TestSupport
import Testing

@testable import Thumbnails

/// The disk caches' folder guard: a folder that is a link, another user's or writable by
/// others is refused; only masonry's own files (its names and its magic) are read,
/// counted, replaced or removed; stale temporaries go; several instances on one folder
/// keep it within the budget; keys name pictures by their real paths.
@Suite struct CacheFolderTests {
  static let magic = Array("masonry-test\n".utf8)

  /// A folder of thirty old documents, 20 KB each, some with names shaped like the
  /// cache's.
  static func documents() throws -> (folder: String, contents: [String: Data]) {
    let folder = TemporaryFiles.makeDirectory() + "/documents"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    var contents: [String: Data] = [:]
    var generator = SeededGenerator(seed: 45)
    for index in 0..<30 {
      let name =
        index % 3 == 0
        ? String(format: "%032x", index) : "report-\(index).odt"
      let data = Data((0..<20_000).map { _ in UInt8.random(in: 0...255, using: &generator) })
      try data.write(to: URL(fileURLWithPath: folder + "/" + name))
      var old = [
        timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0),
      ]
      utimensat(AT_FDCWD, folder + "/" + name, &old, 0)
      contents[name] = data
    }
    return (folder, contents)
  }

  static func unchanged(_ documents: (folder: String, contents: [String: Data])) -> Bool {
    documents.contents.allSatisfy { name, data in
      FileManager.default.contents(atPath: documents.folder + "/" + name) == data
    }
  }

  /// The issue's reproduction: `thumbnails-1` a link to a folder of old documents. The
  /// cache is refused with a warning naming the link; nothing in the folder is deleted
  /// and nothing is written there.
  @Test func aLinkedFolderIsRefusedAndItsFilesStay() throws {
    let documents = try Self.documents()
    let root = TemporaryFiles.makeDirectory()
    try FileManager.default.createDirectory(
      atPath: root + "/masonry", withIntermediateDirectories: true)
    symlink(documents.folder, root + "/masonry/thumbnails-1")
    guard
      case .failure(let refusal) = ThumbnailDiskCache.standard(environment: ["XDG_CACHE_HOME": root]
      )
    else {
      Issue.record("a linked folder was taken")
      return
    }
    #expect(refusal == .link(root + "/masonry/thumbnails-1"))
    #expect(refusal.warning.hasSuffix("is a symbolic link; running without a disk cache"))
    // `masonry` itself a link: refused too (the headers' folder under it as well).
    let other = TemporaryFiles.makeDirectory()
    symlink(documents.folder, other + "/masonry")
    #expect(
      PictureHeaderCache.standard(environment: ["XDG_CACHE_HOME": other]).map {
        if case .failure(.link(other + "/masonry")) = $0 { true } else { false }
      } == true)
    #expect(Self.unchanged(documents))
    #expect(try FileManager.default.contentsOfDirectory(atPath: documents.folder).count == 30)
  }

  /// Writable by group or others, or another user's: refused, as OpenSSH refuses such a
  /// folder.
  @Test func foldersOthersMayWriteOrOwnAreRefused() throws {
    let root = TemporaryFiles.makeDirectory()
    try FileManager.default.createDirectory(
      atPath: root + "/masonry/thumbnails-1", withIntermediateDirectories: true)
    for mode: mode_t in [0o777, 0o720, 0o702] {
      chmod(root + "/masonry/thumbnails-1", mode)
      let opened = CacheFolder.open(
        root: root, components: ["masonry", "thumbnails-1"], magic: Self.magic, budget: 1 << 20)
      #expect(opened.failure == .writableByOthers(root + "/masonry/thumbnails-1"), "\(mode)")
    }
    chmod(root + "/masonry/thumbnails-1", 0o755)
    #expect(
      (try? CacheFolder.open(
        root: root, components: ["masonry", "thumbnails-1"], magic: Self.magic, budget: 1 << 20
      ).get()) != nil, "readable by others is fine")
    // Another user's (the tests run as root in CI, which may give a folder away).
    if geteuid() == 0 {
      chown(root + "/masonry", 65_534, 65_534)
      let opened = CacheFolder.open(
        root: root, components: ["masonry", "thumbnails-1"], magic: Self.magic, budget: 1 << 20)
      #expect(opened.failure == .notOwned(root + "/masonry"))
    }
    // A file where the folder should be.
    let file = TemporaryFiles.makeDirectory()
    _ = FileManager.default.createFile(atPath: file + "/masonry", contents: Data("x".utf8))
    #expect(
      CacheFolder.open(root: file, components: ["masonry"], magic: Self.magic, budget: 1)
        .failure == .notAFolder(file + "/masonry"))
  }

  /// A real cache folder that also holds thirty documents (some named like the cache's
  /// files): far past the budget, pruning removes only masonry's files, which stay
  /// within it; the documents are neither counted, replaced nor removed.
  @Test func pruningRemovesOnlyMasonrysFiles() throws {
    let documents = try Self.documents()
    let folder = try CacheFolder.open(
      root: documents.folder, components: [], magic: Self.magic, budget: 50_000
    ).get()
    var written: [String] = []
    for index in 0..<200 {
      let name = String(format: "%032x", 1_000 + index)
      #expect(
        folder.write(Self.magic + [UInt8](repeating: UInt8(index & 0xFF), count: 4_000), as: name))
      written.append(name)
      let ours = folder.entries()
      #expect(ours.reduce(0) { $0 + $1.bytes } <= 50_000 + 4_100)
      #expect(ours.allSatisfy { $0.name.hasPrefix("0") && written.contains($0.name) })
    }
    // A document under a name the cache would use is not replaced.
    let taken = documents.contents.keys.first { CacheFolder.isCacheName($0) }!
    #expect(!folder.write(Self.magic + [1, 2, 3], as: taken))
    folder.remove(taken)
    #expect(Self.unchanged(documents))
    #expect(
      !written.suffix(5).contains { folder.read($0, maximumBytes: 1 << 20) == nil },
      "the newest stay")
  }

  /// Temporaries a crashed writer left: removed once stale when they are masonry's shape
  /// (`.tmp-PID-N`, empty or with the magic); fresh ones and others' files stay.
  @Test func staleTemporariesGo() throws {
    let directory = TemporaryFiles.makeDirectory()
    let folder = try CacheFolder.open(
      root: directory, components: ["cache"], magic: Self.magic, budget: 1 << 20
    ).get()
    let old = Int(time(nil)) - CacheFolder.staleTemporaryAge - 60
    func put(_ name: String, _ bytes: [UInt8], time: Int) {
      _ = FileManager.default.createFile(atPath: folder.path + "/" + name, contents: Data(bytes))
      var times = [timespec(tv_sec: time, tv_nsec: 0), timespec(tv_sec: time, tv_nsec: 0)]
      utimensat(AT_FDCWD, folder.path + "/" + name, &times, 0)
    }
    put(".tmp-123-4", Self.magic + [1, 2], time: old)
    put(".tmp-99-0", [], time: old)
    put(".tmp-124-5", Self.magic, time: Int(time(nil)))
    put(".tmp-x-y", Self.magic, time: old)
    put(".tmp-7-8", Array("a note".utf8), time: old)
    _ = folder.entries()
    let left = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
    #expect(left == [".tmp-124-5", ".tmp-x-y", ".tmp-7-8"])
  }

  /// Two instances on one folder (two masonry processes), writing in turns: each sees the
  /// other's files when it counts, so the folder stays within the budget (give or take
  /// the file each has not counted yet).
  @Test func instancesShareTheBudget() throws {
    let directory = TemporaryFiles.makeDirectory()
    let instances = try (0..<3).map { _ in
      try CacheFolder.open(
        root: directory, components: ["cache"], magic: Self.magic, budget: 40_000
      ).get()
    }
    for index in 0..<300 {
      let name = String(format: "%032x", index)
      instances[index % 3].write(Self.magic + [UInt8](repeating: 7, count: 2_000), as: name)
      let total = instances[0].entries().reduce(0) { $0 + $1.bytes }
      #expect(total <= 40_000 + 3 * 2_100, "after \(index) writes: \(total)")
    }
  }

  /// The folder-header cache forgets folders that are gone: at most once a day (a marker
  /// file's time), the first store of a process removes the files of folders that no
  /// longer exist, and keeps the others.
  @Test func headersOfFoldersThatAreGoneGo() throws {
    let directory = TemporaryFiles.makeDirectory() + "/folders-1"
    let stamp = PictureStamp(modified: 1, bytes: 2)
    let headers = ["a.png": PictureHeaderCache.Kept(stamp: stamp, header: .failure(.notAPicture))]
    let kept = TemporaryFiles.makeDirectory()
    let gone = TemporaryFiles.makeDirectory()
    do {
      let cache = try #require(PictureHeaderCache(directory: directory))
      cache.store(headers, forFolder: kept)
      cache.store(headers, forFolder: gone)
      #expect(cache.headers(forFolder: gone) == headers)
    }
    let goneFile = try #require(PictureHeaderCache(directory: directory)).path(for: gone)
    try FileManager.default.removeItem(atPath: gone)
    // Swept a day ago: the next process sweeps again.
    var old = [
      timespec(tv_sec: time(nil) - 2 * 86_400, tv_nsec: 0),
      timespec(tv_sec: time(nil) - 2 * 86_400, tv_nsec: 0),
    ]
    #expect(utimensat(AT_FDCWD, directory + "/.swept", &old, 0) == 0)
    let next = try #require(PictureHeaderCache(directory: directory))
    next.store(headers, forFolder: kept)
    #expect(!FileManager.default.fileExists(atPath: goneFile))
    #expect(next.headers(forFolder: kept) == headers)
  }

  /// Keys name a picture by its real path: a relative name and a name through a link to
  /// its folder give the key of the absolute path.
  @Test func keysUseTheRealPath() throws {
    let picture = PictureFixtures.path("gray.png")
    let stamp = try PictureFile(path: picture).stamp
    let link = TemporaryFiles.makeDirectory() + "/linked"
    symlink((picture as NSString).deletingLastPathComponent, link)
    let request = { (path: String) in
      ThumbnailRequest(source: .file(path), columns: 10, rows: 4, mode: .truecolor)
    }
    let key = try #require(ThumbnailDiskCache.key(for: request(picture), stamp: stamp))
    #expect(key.hasSuffix("|" + picture))
    #expect(ThumbnailDiskCache.key(for: request(link + "/gray.png"), stamp: stamp) == key)
    let workingFolder = FileManager.default.currentDirectoryPath
    if picture.hasPrefix(workingFolder + "/") {
      let relative = String(picture.dropFirst(workingFolder.count + 1))
      #expect(ThumbnailDiskCache.key(for: request(relative), stamp: stamp) == key)
    }
    #expect(ThumbnailDiskCache.key(for: request("no/such/file.png"), stamp: stamp) == nil)
  }
}

extension Result {
  fileprivate var failure: Failure? {
    if case .failure(let failure) = self { return failure }
    return nil
  }
}
