import Foundation
import TestSupport
import Testing

@testable import FileCuration

/// The trash as the freedesktop specification and `gio trash` have it: a file moved whole
/// with its `.trashinfo` (the same one gio writes for the same file), numbered names, a
/// folder, putting back byte for byte, a taken place refused, and a volume without a trash
/// refused with the file untouched.
@Suite struct TrashTests {
  /// A folder with a data home of its own, and a file of `text` in it named `name`.
  static func setUp(_ name: String, text: String = "hello") throws -> (
    folder: String, trash: Trash, file: String
  ) {
    let folder = TemporaryFiles.makeDirectory()
    let file = "\(folder)/\(name)"
    try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    return (folder, Trash(dataHome: "\(folder)/data"), file)
  }

  static func read(_ path: String) -> String? { TextFile.read(path) }

  @Test func aFileGoesToTheTrashWithItsInfo() throws {
    let name = "hello wörld #1 50%.txt"
    let (folder, trash, file) = try Self.setUp(name)
    let trashed = try trash.move(file)
    #expect(!FileManager.default.fileExists(atPath: file))
    #expect(trashed.trashed == "\(folder)/data/Trash/files/\(name)")
    #expect(Self.read(trashed.trashed) == "hello")
    let info = try #require(Self.read(trashed.info))
    let lines = info.split(separator: "\n").map(String.init)
    #expect(lines.count == 3 && lines[0] == "[Trash Info]", "\(info)")
    #expect(lines[1] == "Path=\(Trash.escaped(folder))/hello%20w%C3%B6rld%20%231%2050%25.txt")
    #expect(lines[2].wholeMatch(of: /DeletionDate=\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/) != nil)
    let modes = try ["Trash", "Trash/files", "Trash/info"].map {
      try FileManager.default.attributesOfItem(atPath: "\(folder)/data/\($0)")[.posixPermissions]
        as? Int
    }
    #expect(modes == [0o700, 0o700, 0o700])
    #expect(
      try FileManager.default.attributesOfItem(atPath: trashed.info)[.posixPermissions] as? Int
        == 0o600)
  }

  @Test func aNameInTheTrashIsNumberedBeforeItsExtension() throws {
    let (folder, trash, file) = try Self.setUp("photo.jpg")
    _ = try trash.move(file)
    try Data("again".utf8).write(to: URL(fileURLWithPath: file))
    let second = try trash.move(file)
    #expect(second.trashed.hasSuffix("/files/photo.2.jpg"))
    #expect(Self.read(second.trashed) == "again")
    try FileManager.default.createDirectory(
      atPath: "\(folder)/a dir", withIntermediateDirectories: false)
    _ = try trash.move("\(folder)/a dir")
    try FileManager.default.createDirectory(
      atPath: "\(folder)/a dir", withIntermediateDirectories: false)
    #expect(try trash.move("\(folder)/a dir").trashed.hasSuffix("/files/a dir.2"))
  }

  @Test func putBackIsByteForByteAndNeverReplaces() throws {
    let (_, trash, file) = try Self.setUp("note.txt", text: "first")
    let trashed = try trash.move(file)
    try trash.restore(trashed)
    #expect(Self.read(file) == "first")
    #expect(!FileManager.default.fileExists(atPath: trashed.info))
    // Taken meanwhile: nothing changes, and it says so.
    let again = try trash.move(file)
    try Data("newer".utf8).write(to: URL(fileURLWithPath: file))
    #expect(throws: CurationError.self) { try trash.restore(again) }
    #expect(Self.read(file) == "newer")
    #expect(Self.read(again.trashed) == "first")
    #expect(FileManager.default.fileExists(atPath: again.info))
  }

  @Test func aMissingFileIsAnErrorAndNothingIsMade() throws {
    let (folder, trash, _) = try Self.setUp("x")
    #expect(throws: CurationError.self) { try trash.move("\(folder)/nothing here") }
  }

  /// A tmpfs has no trash (gio refuses it too): an error, the file where it was.
  @Test func aTmpfsIsRefusedAndTheFileStays() throws {
    let folder = "/dev/shm/masonry-trash-\(getpid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = "\(folder)/kept.txt"
    try Data("kept".utf8).write(to: URL(fileURLWithPath: file))
    let trash = Trash(dataHome: TemporaryFiles.makeDirectory() + "/data")
    #expect {
      try trash.move(file)
    } throws: { error in
      "\(error)".contains("tmpfs, which has no trash; nothing was deleted")
    }
    #expect(Self.read(file) == "kept")
  }

  /// The info masonry writes is the one `gio trash` writes for the same file (but for the
  /// second the deletion happened in), and both name it alike.
  @Test func theInfoIsGiosForTheSameFile() throws {
    let gio = "/usr/bin/gio"
    try #require(FileManager.default.isExecutableFile(atPath: gio), "scripts/setup.sh installs it")
    let name = "it's (a) b&c, d+e=f [g] {h} ~i; j@k! 50%.txt"
    let (folder, trash, file) = try Self.setUp(name)
    let ours = try #require(Self.read(try trash.move(file).info))
    try Data("hello".utf8).write(to: URL(fileURLWithPath: file))
    let run = try ProgramRun.run(
      "/usr/bin/env", ["XDG_DATA_HOME=\(folder)/gio", gio, "trash", file])
    #expect(run.status == 0, "\(run.output)")
    let theirs = try #require(Self.read("\(folder)/gio/Trash/info/\(name).trashinfo"))
    func withoutDate(_ info: String) -> [Substring] {
      info.split(separator: "\n").filter { !$0.hasPrefix("DeletionDate=") }
    }
    #expect(withoutDate(ours) == withoutDate(theirs), "\(ours)\n\(theirs)")
    #expect(theirs.contains("DeletionDate=") && ours.contains("DeletionDate="))
  }
}
