import Cards
import Dispatch
import Foundation
import TestSupport
import Testing

/// A card file followed as it grows (`--follow`): cards written later come, a line waits
/// for its newline, and a file truncated or replaced ends the reading with a restart.
@Suite struct FollowedFileTests {
  static func captions(_ chunks: [CardChunk]) -> [String] {
    var store = CardStore()
    for chunk in chunks { store.append(chunk) }
    return (0..<store.count).map { store[$0].caption }
  }

  static func append(_ text: String, to path: String, after milliseconds: Int = 100) {
    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(milliseconds)) {
      let handle = FileHandle(forWritingAtPath: path)!
      handle.seekToEndOfFile()
      handle.write(Data(text.utf8))
      try? handle.close()
    }
  }

  @Test func cardsWrittenLaterComeAndALineWaitsForItsNewline() throws {
    let path = TemporaryFiles.write(
      "{\"caption\":\"one\"}\n{\"caption\":\"two\"}\n", named: "f.jsonl")
    let reader = try CardStreamReader(path: path, options: CardReadOptions(), follow: true)
    let first = reader.next()
    #expect(Self.captions(first.chunks) == ["one", "two"] && !first.finished && first.error == nil)
    // Half a line, then its end: one card, whole.
    Self.append("{\"caption\":\"th", to: path)
    Self.append("ree\"}\n", to: path, after: 300)
    let started = DispatchTime.now()
    let second = reader.next()
    #expect(Self.captions(second.chunks) == ["three"] && !second.finished)
    #expect(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds >= 250_000_000)
  }

  @Test(arguments: [true, false])
  func aTruncatedOrReplacedFileIsReadAgain(truncated: Bool) throws {
    let path = TemporaryFiles.write(
      "{\"caption\":\"one\"}\n{\"caption\":\"two\"}\n", named: "g.jsonl")
    let reader = try CardStreamReader(path: path, options: CardReadOptions(), follow: true)
    _ = reader.next()
    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(100)) {
      if truncated {
        _ = truncate(path, 0)
      } else {
        rename(path, path + ".1")
        _ = FileManager.default.createFile(
          atPath: path, contents: Data("{\"caption\":\"new\"}\n".utf8))
      }
    }
    let ended = reader.next()
    #expect(ended.finished && ended.error?.isRestart == true)
    #expect(ended.error?.message == (truncated ? "truncated: read again" : "replaced: read again"))
  }

  /// From a byte on (`F` after the file was read to its end): only what comes after.
  @Test func followingFromAnOffsetReadsOnlyWhatFollows() throws {
    let text = "{\"caption\":\"one\"}\n{\"caption\":\"two\"}\n"
    let path = TemporaryFiles.write(text, named: "h.jsonl")
    let reader = try CardStreamReader(
      path: path, options: CardReadOptions(), follow: true, offset: text.utf8.count)
    Self.append("{\"caption\":\"three\"}\n", to: path)
    #expect(Self.captions(reader.next().chunks) == ["three"])
  }
}
