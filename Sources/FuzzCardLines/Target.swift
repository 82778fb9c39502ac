import Cards
import FuzzSupport

/// JSON Lines read as a stream arriving in pieces of random sizes (the first byte of the
/// input picks them): the same cards, or the same error, as the straightforward loader
/// reading the whole text at once.
enum Target {
  static func test(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let first = bytes.first else { return }
    let input = Array(bytes.dropFirst())
    let sizes = [1, 2, 3, 7, 64, 4096].map { $0 + Int(first % 5) }
    let streamed: Result<[Card], DataError>
    do {
      streamed = .success(
        Array(try CardLoader.load(bytes: input, path: "f.jsonl", readSizes: sizes).cards))
    } catch {
      streamed = .failure(error)
    }
    let reference: Result<[Card], DataError>
    do {
      reference = .success(
        try ReferenceCardLoader.cards(in: input, path: "f.jsonl", format: .jsonLines))
    } catch {
      reference = .failure(error)
    }
    switch (streamed, reference) {
    case (.success(let ours), .success(let theirs)):
      if ours != theirs { FuzzReplay.fail("different cards") }
    case (.failure(let ours), .failure(let theirs)):
      // At the same place a NUL byte is named as such (the plain reader says "byte 0x0" or
      // "control character").
      let samePlace = ours.position == theirs.position
      if ours.description != theirs.description
        && !(samePlace && ours.message.hasPrefix("a NUL byte"))
      {
        FuzzReplay.fail("\(ours) / \(theirs)")
      }
    case (.failure(let ours), .success):
      // Only a NUL byte is refused where the plain loader reads on (as U+0000 in nothing:
      // JSON allows no raw NUL, so it fails too) — anything else is a difference.
      FuzzReplay.fail("the stream failed alone: \(ours)")
    case (.success, .failure(let theirs)):
      FuzzReplay.fail("the plain loader failed alone: \(theirs)")
    }
  }
}
