import Foundation
import TestSupport
import Testing

@testable import FileCuration

/// Requests as the browser's keys make them: what each did, what its record takes back,
/// taking back refused whole when a place is taken, renames that never replace, and Tab's
/// folder completion.
@Suite struct CuratorTests {
  /// A folder with files `names` (each holding its name) and a curator whose trash and
  /// home are in it.
  static func setUp(_ names: [String]) throws -> (folder: String, curator: Curator) {
    let folder = TemporaryFiles.makeDirectory()
    for name in names { try Data(name.utf8).write(to: URL(fileURLWithPath: "\(folder)/\(name)")) }
    return (folder, Curator(trash: Trash(dataHome: "\(folder)/data"), home: folder))
  }

  static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

  @Test func trashThenUndoPutsEveryFileBackByteForByte() throws {
    let (folder, curator) = try Self.setUp(["a.jpg", "b.jpg"])
    let paths = ["\(folder)/a.jpg", "\(folder)/missing.jpg", "\(folder)/b.jpg"]
    let outcome = curator.perform(.trash(paths))
    #expect(outcome.done == [true, false, true])
    #expect(outcome.summary.hasPrefix("moved to the trash: 2 of 3 files; missing.jpg:"))
    let record = try #require(outcome.record)
    #expect(!Self.exists(paths[0]) && !Self.exists(paths[2]))
    let undone = curator.perform(.undo(record))
    #expect(undone.done == [true, true])
    #expect(undone.summary == "undone: put back from the trash: 2 files")
    #expect(TextFile.read(paths[0]) == "a.jpg" && TextFile.read(paths[2]) == "b.jpg")
    let left = try FileManager.default.contentsOfDirectory(atPath: "\(folder)/data/Trash/info")
    #expect(left.isEmpty, "the info files go with the files")
  }

  @Test func undoChangesNothingWhenAPlaceIsTaken() throws {
    let (folder, curator) = try Self.setUp(["a.jpg", "b.jpg"])
    let record = try #require(
      curator.perform(.trash(["\(folder)/a.jpg", "\(folder)/b.jpg"])).record)
    try Data("new".utf8).write(to: URL(fileURLWithPath: "\(folder)/b.jpg"))
    let undone = curator.perform(.undo(record))
    #expect(undone.record == nil && undone.done == [false, false])
    #expect(undone.summary == "cannot undo: \(folder)/b.jpg is taken; nothing changed")
    #expect(!Self.exists("\(folder)/a.jpg"), "a.jpg is not put back either")
    #expect(TextFile.read("\(folder)/b.jpg") == "new")
    // Once the place is free the same record takes both back.
    try FileManager.default.removeItem(atPath: "\(folder)/b.jpg")
    #expect(curator.perform(.undo(record)).done == [true, true])
    #expect(TextFile.read("\(folder)/b.jpg") == "b.jpg")
  }

  @Test func moveAndCopyIntoAFolderUnderHomeAndBack() throws {
    let (folder, curator) = try Self.setUp(["a.jpg", "b.jpg"])
    try FileManager.default.createDirectory(
      atPath: "\(folder)/keep", withIntermediateDirectories: false)
    try Data("other".utf8).write(to: URL(fileURLWithPath: "\(folder)/keep/b.jpg"))
    let moved = curator.perform(.move(["\(folder)/a.jpg", "\(folder)/b.jpg"], into: "~/keep"))
    #expect(moved.done == [true, false], "b.jpg is there already: never replaced")
    #expect(
      moved.summary
        == "moved to ~/keep: 1 of 2 files; b.jpg: \(folder)/keep/b.jpg exists; nothing changed")
    #expect(
      moved.record == .moved([FilePlace(from: "\(folder)/a.jpg", to: "\(folder)/keep/a.jpg")]))
    #expect(TextFile.read("\(folder)/keep/b.jpg") == "other")
    #expect(TextFile.read("\(folder)/b.jpg") == "b.jpg")
    let back = curator.perform(.undo(try #require(moved.record)))
    #expect(back.done == [true] && TextFile.read("\(folder)/a.jpg") == "a.jpg")

    let copied = curator.perform(.copy(["\(folder)/a.jpg"], into: "\(folder)/keep/"))
    #expect(copied.record == .copied(["\(folder)/keep/a.jpg"]))
    #expect(TextFile.read("\(folder)/keep/a.jpg") == "a.jpg")
    // Taking a copy back puts the copy in the trash: nothing is deleted outright.
    let uncopied = curator.perform(.undo(try #require(copied.record)))
    #expect(uncopied.done == [true] && !Self.exists("\(folder)/keep/a.jpg"))
    #expect(TextFile.read("\(folder)/data/Trash/files/a.jpg") == "a.jpg")
    #expect(TextFile.read("\(folder)/a.jpg") == "a.jpg", "the original stays")
  }

  @Test func renameNeverReplacesAndTakesOneName() throws {
    let (folder, curator) = try Self.setUp(["a.jpg", "b.jpg"])
    for bad in ["", ".", "..", "x/y.jpg", "b.jpg"] {
      let outcome = curator.perform(.rename("\(folder)/a.jpg", to: bad))
      #expect(outcome.record == nil && outcome.done == [false], "\(bad)")
    }
    #expect(
      curator.perform(.rename("\(folder)/a.jpg", to: "b.jpg")).summary
        == "a.jpg: b.jpg exists; nothing changed")
    #expect(
      TextFile.read("\(folder)/a.jpg") == "a.jpg" && TextFile.read("\(folder)/b.jpg") == "b.jpg")
    let renamed = curator.perform(.rename("\(folder)/a.jpg", to: "c -n.jpg"))
    #expect(renamed.summary == "renamed to c -n.jpg: a.jpg")
    #expect(TextFile.read("\(folder)/c -n.jpg") == "a.jpg")
    let back = curator.perform(.undo(try #require(renamed.record)))
    #expect(back.done == [true] && TextFile.read("\(folder)/a.jpg") == "a.jpg")
  }

  @Test func tabCompletesFolderNames() throws {
    let (folder, _) = try Self.setUp(["Pictures.jpg"])
    for name in ["Pictures", "Pics", "Photos", ".hidden", "Pictures/Kyoto"] {
      try FileManager.default.createDirectory(
        atPath: "\(folder)/\(name)", withIntermediateDirectories: false)
    }
    let typed = "\(folder)/Pi"
    let both = FolderCompletion.complete(typed, home: nil)
    #expect(both.completed == "\(folder)/Pic", "the common part; the file is no folder")
    #expect(both.candidates == ["Pics", "Pictures"])
    let one = FolderCompletion.complete("\(folder)/Pict", home: nil)
    #expect(one.completed == "\(folder)/Pictures/" && one.candidates == ["Pictures"])
    #expect(
      FolderCompletion.complete("~/Pictures/K", home: folder).completed == "~/Pictures/Kyoto/")
    #expect(
      FolderCompletion.complete("\(folder)/", home: nil).candidates.contains(".hidden") == false)
    #expect(FolderCompletion.complete("\(folder)/.h", home: nil).completed == "\(folder)/.hidden/")
    let none = FolderCompletion.complete("\(folder)/Z", home: nil)
    #expect(none.completed == "\(folder)/Z" && none.candidates.isEmpty)
  }
}
