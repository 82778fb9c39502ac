import PictureFiles

/// The sample collection compiled into the program (`Data/animals.json`): what `masonry`
/// shows when it is given no source.
package enum BundledSample {
  /// The name under which the sample appears, as a source.
  package static let name = "animals.json (bundled)"

  /// The sample's cards.
  package static func collection() -> CardCollection {
    do {
      var cards = try CardLoader.cards(in: Array(json.utf8), path: name, format: .json)
      registerPictures()
      CardPictures.resolve(&cards, base: .embedded)
      return CardCollection(source: name, cards: cards)
    } catch {
      // The sample is checked by the tests; a broken one is a bug of the build itself.
      fatalError("the bundled sample does not load: \(error)")
    }
  }

  /// Makes the sample's pictures (compiled in, `Data/pictures/`) readable by name.
  static func registerPictures() {
    for (name, base64) in pictures {
      EmbeddedPictures.register(Base64.decode(base64), named: name)
    }
  }

  /// The sample's text (JSON), the bytes of `Data/animals.json`.
  package static var text: String { json + "\n" }
}
