import Cards
import Foundation
import PictureFiles
import TestSupport
import Testing

/// Lists of paths (`--files`, `--files0`): read as `find` and `fd` write them, each path a
/// picture card grouped by its folder, a path that went missing counted and left out,
/// and a search that finds a folder's pictures by the folder's name.
@Suite struct PathListTests {
  static let pictures = Repository.url.appendingPathComponent("Data/pictures").path

  @Test func linesAndNULsSplitAsFindWritesThem() throws {
    let lines = Array("a.jpg\n\n./Trips/b.png\nc d.gif\n".utf8)
    #expect(
      try PathList.paths(in: lines, separator: .lineFeed, path: "l")
        == ["a.jpg", "./Trips/b.png", "c d.gif"])
    // The last path needs no separator; a line feed inside a name is kept with --files0.
    let nuls = Array("one\ntwo.jpg\0\0three.png".utf8)
    #expect(
      try PathList.paths(in: nuls, separator: .nul, path: "n") == ["one\ntwo.jpg", "three.png"])
    // A name that is not UTF-8 keeps its bytes.
    let latin1: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".jpg".utf8)
    let kept = try PathList.paths(in: latin1, separator: .lineFeed, path: "l")
    #expect(kept.count == 1 && FileName.bytes(kept[0]) == latin1)
  }

  @Test func aNULInALineListOrNothingListedIsAnErrorWithItsPlace() {
    #expect(throws: DataError.self) {
      try PathList.paths(in: Array("a.jpg\nbb\0c".utf8), separator: .lineFeed, path: "l")
    }
    do {
      _ = try PathList.paths(in: Array("a.jpg\nbb\0c".utf8), separator: .lineFeed, path: "l")
    } catch {
      #expect(error.description.hasPrefix("l:2:3: a NUL byte"), "\(error)")
      #expect(error.exitCode == 65)
    }
    do {
      _ = try PathList.paths(in: Array("\n\n".utf8), separator: .lineFeed, path: "l")
      Issue.record("an empty list is an error")
    } catch {
      #expect(error.exitCode == 66, "\(error)")
    }
  }

  @Test func aPathsFolderIsItsSection() {
    #expect(PathList.folder(of: "./Trips/Kyoto/a.jpg") == "Trips/Kyoto")
    #expect(PathList.folder(of: "Trips/a.jpg") == "Trips")
    #expect(PathList.folder(of: "a.jpg") == nil)
    #expect(PathList.folder(of: "./a.jpg") == nil)
    #expect(PathList.folder(of: "/a.jpg") == "/")
    #expect(PathList.folder(of: "/home/me/a.jpg") == "/home/me")
  }

  /// A folder of two trips, listed as `find` lists it, one path gone since.
  static func trips() throws -> (folder: String, list: [String]) {
    let folder = TemporaryFiles.makeDirectory()
    let manager = FileManager.default
    for (trip, names) in [("Kyoto", ["temple.jpg", "garden.png"]), ("Oslo", ["fjord.jpg"])] {
      try manager.createDirectory(
        atPath: "\(folder)/Trips/\(trip)", withIntermediateDirectories: true)
      for name in names {
        let source = "\(pictures)/\(name.hasSuffix(".png") ? "frog.png" : "cat.jpg")"
        try manager.copyItem(atPath: source, toPath: "\(folder)/Trips/\(trip)/\(name)")
      }
    }
    let list = [
      "\(folder)/Trips/Kyoto/temple.jpg", "\(folder)/Trips/Oslo/fjord.jpg",
      "\(folder)/Trips/Kyoto/gone.jpg", "\(folder)/Trips/Kyoto/garden.png",
    ]
    return (folder, list)
  }

  /// The cards of `list` read as `--files` reads it, from a file, through the reader
  /// of every source (`RecordReader`, `PathListFormat`).
  static func load(_ list: [String]) throws(DataError) -> CardCollection {
    let file = TemporaryFiles.makeDirectory() + "/list"
    FileManager.default.createFile(
      atPath: file, contents: Data(list.joined(separator: "\n").utf8) + Data([0x0A]))
    return try CardLoader.load(path: file, format: .pathList(.lineFeed))
  }

  @Test func listedPicturesAreGroupedByFolderAndAMissingOneIsCounted() throws {
    let (folder, list) = try Self.trips()
    let collection = try Self.load(list)
    let cards = (0..<collection.cards.count).map { collection.cards[$0] }
    // Read in the list's order, shown grouped: Kyoto's two together, in the order the
    // list first names each folder.
    #expect(cards.map(\.caption) == ["temple.jpg", "fjord.jpg", "garden.png"])
    #expect(collection.sections.map(\.name) == ["\(folder)/Trips/Kyoto", "\(folder)/Trips/Oslo"])
    #expect(collection.sections.map(\.count) == [2, 1])
    #expect(cards.allSatisfy { $0.image?.problem == nil && ($0.image?.width ?? 0) > 0 })
    #expect(collection.notice == "1 listed path not found, left out")
    // Not one there: an error, not an empty wall.
    #expect(throws: DataError.self) {
      try Self.load(["\(folder)/nothing.jpg"])
    }
  }

  @Test func aSearchFindsAFoldersPicturesByItsName() throws {
    let (_, list) = try Self.trips()
    let collection = try Self.load(list)
    let chunk = collection.cards.chunks[0]
    for (search, expected) in [("kyoto", [0, 2]), ("OSLO", [1]), ("trips", [0, 1, 2])] {
      let found = CardQuery(search: search, tag: nil).matches(
        in: chunk, text: ChunkSearchText(chunk)
      ).matches
      #expect(found == expected, "\(search)")
    }
  }
}
