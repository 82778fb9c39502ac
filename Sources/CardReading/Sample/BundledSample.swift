import CSample
import CardModel
import PictureFiles

/// The sample collection compiled into the program (`Data/animals.json`): what `masonry`
/// shows when it is given no source.
package enum BundledSample {
  /// The name under which the sample appears, as a source.
  package static let name = "animals.json (bundled)"

  /// The sample's cards.
  package static func collection() -> CardCollection {
    do {
      var cards = try CardLoader.cards(in: Array(file("animals.json")), path: name, format: .json)
      registerPictures()
      PictureLinks.resolve(&cards, base: .embedded)
      return CardCollection(source: name, cards: cards)
    } catch {
      // The sample is checked by the tests; a broken one is a bug of the build itself.
      fatalError("the bundled sample does not load: \(error)")
    }
  }

  /// Makes the sample's pictures (compiled in, `Data/pictures/`) readable by name.
  static func registerPictures() {
    for (name, bytes) in files where name.hasPrefix("pictures/") {
      EmbeddedPictures.register(Array(bytes), named: name)
    }
  }

  /// The sample's text (JSON), the bytes of `Data/animals.json`.
  package static var text: String { String(decoding: file("animals.json"), as: UTF8.self) }

  /// The files of `Data/` compiled in (`CSample`), by the names the cards give them: read
  /// once, pointers into the program's constant data (never written, so safe to share).
  nonisolated(unsafe) private static let files:
    [(name: String, bytes: UnsafeBufferPointer<UInt8>)] = (0..<masonry_sample_file_count())
      .map { index in
        let file = masonry_sample_file_at(index)
        return (
          String(cString: file.name), UnsafeBufferPointer(start: file.bytes, count: file.count)
        )
      }

  private static func file(_ name: String) -> UnsafeBufferPointer<UInt8> {
    files.first { $0.name == name }!.bytes
  }
}
