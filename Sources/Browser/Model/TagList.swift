import Cards

/// The dataset's tags as the strip shows them: counted as cards arrive, and in an order
/// that depends on when they came. While the source is read, the tags already in the
/// strip keep their places and new ones join at the end (the strip does not reshuffle
/// under the eyes); once it is read, they are ranked, most used first.
package struct TagList: Equatable {
  private var counts = TagCounts()
  /// The order the strip shows them in.
  package private(set) var order: [String] = []

  /// The tags of `collection`, ranked.
  package init(_ collection: CardCollection) {
    for chunk in collection.cards.chunks { counts.add(chunk) }
    order = counts.ranked
  }

  /// The number of different tags counted so far (the strip may lag behind while
  /// loading).
  package var distinctCount: Int { counts.distinctCount }

  /// Counts the tags of the cards of `chunk`.
  package mutating func count(_ chunk: CardChunk) { counts.add(chunk) }

  /// Shows the tags counted so far: ranked when `final`, else new ones after the others.
  /// Returns whether the order changed.
  ///
  /// - Complexity: O(*t* log *t*) in the distinct tags when `final`, else O(*k* log *k*)
  ///   in the *k* new ones (a refresh per piece of a load ranks only what came).
  @discardableResult
  package mutating func refresh(final: Bool) -> Bool {
    guard final else {
      // The strip holds every tag counted before (each refresh shows them all), and
      // tags are counted in the order first seen: the new ones are those after them.
      let new = counts.ranked(from: order.count)
      order += new
      return !new.isEmpty
    }
    let ranked = counts.ranked
    guard ranked != order else { return false }
    order = ranked
    return true
  }
}
