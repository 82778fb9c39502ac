import Cards
import LayoutEngine
import TerminalText

/// The layout choices `masonry layout`, `masonry render` and the browser share, and how
/// they turn into a layout over cards.
package struct LayoutOptions: Hashable, Sendable {
  package var kind: LayoutKind = .masonry
  /// A fixed column count; `nil` for the layout's default (adaptive for masonry).
  package var columns: Int?
  /// Masonry's adaptive columns: as many of at least this width as fit.
  package var minimumColumnWidth = 26
  package var placement: MasonryLayout.Placement = .shortestFirst
  /// Cells between columns (and between tiles and chips).
  package var gutter = 1
  package var wrap: WrapMode = .word
  /// The fixed height of a zigzag item.
  package var zigzagItemHeight = 8

  package init() {}

  /// A fresh layout of the chosen kind.
  package func makeLayout() -> any CollectionLayout { kind.makeLayout(self) }

  /// The context for laying out cards in `sections` in a container of `size`: the item at
  /// a path is the card `cardIndex` gives (`cardIndices` writes those of a run of a
  /// section's items, for a layout that measures runs); `measurer` measures every card of
  /// the collection (its style is the one used).
  package func context(
    sections: [SectionSpec], size: Size, measurer: CardMeasurer,
    cardIndex: @escaping (ItemPath) -> Int,
    cardIndices:
      @escaping (_ section: Int, _ items: Range<Int>, UnsafeMutableBufferPointer<Int>)
      -> Void
  ) -> LayoutContext {
    if kind.showsCardsAsChips {
      // Each card becomes a chip of its caption, a cell of padding each side.
      return LayoutContext(
        containerSize: size, sections: sections,
        measure: .sizes { path, _ in
          Size(width: measurer.captionWidth(ofCard: cardIndex(path)) + 2, height: 1)
        })
    }
    return LayoutContext(
      containerSize: size, sections: sections,
      measure: measurer.itemMeasure(cardIndex: cardIndex, cardIndices: cardIndices))
  }

  /// The context for laying out every card of `collection`.
  package func context(
    for collection: CardCollection, measurer: CardMeasurer, size: Size
  ) -> LayoutContext {
    let all = CardSelection(all: collection)
    let lookup = all.pathLookup
    return context(
      sections: all.sectionSpecs(), size: size, measurer: measurer,
      cardIndex: { lookup.cardIndex(of: $0) },
      cardIndices: { lookup.cardIndices(section: $0, items: $1, into: $2) })
  }

  /// The card style these options ask for.
  package var cardStyle: CardStyle { CardStyle(wrap: wrap) }
}
