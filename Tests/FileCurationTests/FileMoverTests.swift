import Foundation
import TestSupport
import Testing

@testable import FileCuration

/// Moving and copying never lose a file: within a file system and across one (the
/// machine's /dev/shm, a tmpfs), a name that exists is refused with nothing changed, and
/// a failed step leaves the original where it was and no copy behind.
@Suite struct FileMoverTests {
  static func file(_ folder: String, _ name: String, _ bytes: [UInt8]) throws -> String {
    let path = "\(folder)/\(name)"
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  static func otherVolume() throws -> String {
    let folder = "/dev/shm/masonry-move-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
  }

  static let bytes = (0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }

  @Test func aMoveWithinAFileSystemIsARename() throws {
    let folder = TemporaryFiles.makeDirectory()
    let source = try Self.file(folder, "a b.jpg", Self.bytes)
    try FileManager.default.createDirectory(
      atPath: "\(folder)/kept", withIntermediateDirectories: false)
    let moved = try FileMover.move(source, into: "\(folder)/kept")
    #expect(moved == "\(folder)/kept/a b.jpg")
    #expect(!FileManager.default.fileExists(atPath: source))
    #expect(try Data(contentsOf: URL(fileURLWithPath: moved)) == Data(Self.bytes))
  }

  @Test func aMoveAcrossFileSystemsIsCopiedComparedThenRemoved() throws {
    let folder = TemporaryFiles.makeDirectory()
    let other = try Self.otherVolume()
    defer { try? FileManager.default.removeItem(atPath: other) }
    let source = try Self.file(folder, "photo.jpg", Self.bytes)
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: source)
    let moved = try FileMover.move(source, into: other)
    #expect(!FileManager.default.fileExists(atPath: source))
    #expect(try Data(contentsOf: URL(fileURLWithPath: moved)) == Data(Self.bytes))
    #expect(
      try FileManager.default.attributesOfItem(atPath: moved)[.posixPermissions] as? Int == 0o640)
    // Nothing hidden left beside it.
    #expect(try FileManager.default.contentsOfDirectory(atPath: other) == ["photo.jpg"])
  }

  @Test func aNameThatExistsIsRefusedWithNothingChanged() throws {
    let folder = TemporaryFiles.makeDirectory()
    let other = try Self.otherVolume()
    defer { try? FileManager.default.removeItem(atPath: other) }
    let source = try Self.file(folder, "same.txt", Array("mine".utf8))
    for target in [folder + "/..", other] {
      let there = try Self.file(target, "same.txt", Array("theirs".utf8))
      #expect(throws: CurationError.self) { try FileMover.move(source, into: target) }
      #expect(throws: CurationError.self) { try FileMover.copy(source, into: target) }
      #expect(try String(contentsOfFile: source, encoding: .utf8) == "mine")
      #expect(try String(contentsOfFile: there, encoding: .utf8) == "theirs")
      try FileManager.default.removeItem(atPath: there)
    }
  }

  /// A folder that cannot be written (its mode 0500, not root): the original stays, no
  /// copy is left. As root every write succeeds, so a full disk stands in: a tmpfs of 1 MB
  /// cannot hold the 3 MB file.
  @Test func aFailedCopyLeavesTheOriginalAndNoCopy() throws {
    let folder = TemporaryFiles.makeDirectory()
    let source = try Self.file(folder, "big.bin", Self.bytes)
    let small = TemporaryFiles.makeDirectory()
    let mounted = try ProgramRun.run(
      "/bin/mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", small])
    if mounted.status != 0 {
      // Not allowed to mount here: a folder without write permission instead.
      try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: small)
    }
    defer { _ = try? ProgramRun.run("/bin/umount", [small]) }
    #expect(throws: CurationError.self) { try FileMover.move(source, into: small) }
    #expect(try Data(contentsOf: URL(fileURLWithPath: source)) == Data(Self.bytes))
    #expect(try FileManager.default.contentsOfDirectory(atPath: small).isEmpty)
  }

  @Test func aCopyKeepsTheOriginal() throws {
    let folder = TemporaryFiles.makeDirectory()
    let other = try Self.otherVolume()
    defer { try? FileManager.default.removeItem(atPath: other) }
    let source = try Self.file(folder, "keep.png", Self.bytes)
    let copied = try FileMover.copy(source, into: other)
    #expect(FileManager.default.fileExists(atPath: source))
    #expect(try Data(contentsOf: URL(fileURLWithPath: copied)) == Data(Self.bytes))
  }
}
