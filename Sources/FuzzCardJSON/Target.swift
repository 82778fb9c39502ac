import Cards
import FuzzSupport

/// JSON documents: the streaming loader (document splitter, fast parser, careful reader)
/// against the straightforward one: the same cards, or an error no later than the
/// straightforward one's (a stream reports a bad card before a later syntax error). Then
/// the same bytes arriving in pieces (sizes picked by the input's length) must give
/// exactly what they gave in one piece.
enum Target {
  static func test(_ bytes: UnsafeBufferPointer<UInt8>) {
    let input = Array(bytes)
    let streamed = load(input)
    let reference: Result<[Card], DataError>
    do {
      reference = .success(try ReferenceCardLoader.cards(in: input, path: "f.json", format: .json))
    } catch {
      reference = .failure(error)
    }
    switch (streamed, reference) {
    case (.success(let ours), .success(let theirs)):
      if ours != theirs { FuzzReplay.fail("different cards") }
    case (.failure(let ours), .failure(let theirs)):
      let mine = (ours.position?.line ?? 0, ours.position?.column ?? 0)
      let other = (theirs.position?.line ?? 0, theirs.position?.column ?? 0)
      // At the same place a NUL byte is named as such (the plain reader says "byte 0x0").
      let sameError =
        ours.description == theirs.description || ours.message.hasPrefix("a NUL byte")
      if mine > other || (mine == other && !sameError) {
        FuzzReplay.fail("\(ours) after \(theirs)")
      }
    default:
      FuzzReplay.fail("one loader failed, the other did not: \(streamed) / \(reference)")
    }
    let sizes = [1, 2, 3, 7, 64, 4096].map { $0 + input.count % 5 }
    let pieces = load(input, readSizes: sizes)
    switch (streamed, pieces) {
    case (.success(let whole), .success(let pieces)):
      if whole != pieces { FuzzReplay.fail("different cards when read in pieces") }
    case (.failure(let whole), .failure(let pieces)):
      if whole.description != pieces.description {
        FuzzReplay.fail("\(pieces) in pieces, \(whole) whole")
      }
    default:
      FuzzReplay.fail("read in pieces: \(pieces), whole: \(streamed)")
    }
  }

  private static func load(_ input: [UInt8], readSizes: [Int] = []) -> Result<[Card], DataError> {
    do {
      return .success(
        Array(try CardLoader.load(bytes: input, path: "f.json", readSizes: readSizes).cards))
    } catch {
      return .failure(error)
    }
  }
}
