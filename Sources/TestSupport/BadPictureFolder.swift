import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A folder of everything that is named like a picture but is not one — an empty file,
/// text, random bytes, a FIFO, a link loop, a dangling link, a folder — beside one sound
/// picture (`ok.jpg`), one PNG cut in half (`cut.png`) and a README, with the reason
/// each should show.
package enum BadPictureFolder {
  /// What each card of the folder should say (`picture` for the two that are pictures);
  /// the README is no card.
  package static let reasons = [
    "zero.jpg": "empty file", "text.webp": "not a picture", "random.png": "not a picture",
    "fifo.gif": "not a regular file", "loop.jpg": "link loop", "dangling.jpg": "not found",
    "dir.jpg": "not a regular file", "ok.jpg": "picture", "cut.png": "picture",
  ]

  /// Makes the folder in a fresh temporary directory, from the repository's sample
  /// pictures (`Data/pictures`), and returns its path.
  package static func make(testFile: String = #filePath) throws -> String {
    var parts = testFile.split(separator: "/", omittingEmptySubsequences: false)
    while let last = parts.last, last != "Tests" { parts.removeLast() }
    parts.removeLast()
    let pictures = parts.joined(separator: "/") + "/Data/pictures"
    let folder = TemporaryFiles.makeDirectory()
    let files = FileManager.default
    _ = files.createFile(atPath: folder + "/zero.jpg", contents: Data())
    _ = files.createFile(atPath: folder + "/text.webp", contents: Data("hello\n".utf8))
    var generator = SeededGenerator(seed: 7)
    let noise = (0..<3000).map { _ in UInt8.random(in: 0...255, using: &generator) }
    _ = files.createFile(atPath: folder + "/random.png", contents: Data(noise))
    guard mkfifo(folder + "/fifo.gif", 0o600) == 0 else {
      throw CocoaError(.fileWriteUnknown)
    }
    try files.createSymbolicLink(atPath: folder + "/loop.jpg", withDestinationPath: "loop.jpg")
    try files.createSymbolicLink(atPath: folder + "/dangling.jpg", withDestinationPath: "gone.jpg")
    try files.createDirectory(atPath: folder + "/dir.jpg", withIntermediateDirectories: false)
    try files.copyItem(atPath: pictures + "/cat.jpg", toPath: folder + "/ok.jpg")
    let frog = try Data(contentsOf: URL(fileURLWithPath: pictures + "/frog.png"))
    _ = files.createFile(atPath: folder + "/cut.png", contents: frog.prefix(frog.count / 2))
    _ = files.createFile(atPath: folder + "/README", contents: Data("notes\n".utf8))
    return folder
  }
}
