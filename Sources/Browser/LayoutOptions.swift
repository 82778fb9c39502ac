import Cards
import LayoutEngine
import TerminalText

/// The layout choices `masonry layout`, `masonry render` and the browser share, and how
/// they turn into a layout over cards.
public struct LayoutOptions: Hashable, Sendable {
  public enum Kind: String, CaseIterable, Sendable {
    case masonry, grid, tiles, zigzag, tags
  }

  public var kind: Kind = .masonry
  /// A fixed column count; `nil` for the layout's default (adaptive for masonry).
  public var columns: Int?
  /// Masonry's adaptive columns: as many of at least this width as fit.
  public var minimumColumnWidth = 26
  public var placement: MasonryLayout.Placement = .shortestFirst
  /// Cells between columns (and between tiles and chips).
  public var gutter = 1
  public var wrap: WrapMode = .word
  /// The fixed height of a zigzag item.
  public var zigzagItemHeight = 8

  public init() {}

  /// A fresh layout of the chosen kind.
  public func makeLayout() -> any CollectionLayout {
    switch kind {
    case .masonry:
      return MasonryLayout(
        options: .init(
          columns: columns.map { .fixed($0) } ?? .adaptive(minimumWidth: minimumColumnWidth),
          gutter: gutter, itemSpacing: 0, sectionSpacing: 1, placement: placement))
    case .grid:
      return GridLayout(options: .init(columns: columns ?? 3, gutter: gutter, rowSpacing: 0))
    case .tiles:
      var options = TileLayout.Options(spacing: gutter)
      if let columns {
        options.compact.columns = columns
        options.regular.columns = columns
      }
      return TileLayout(options: options)
    case .zigzag:
      return ZigzagLayout(
        options: .init(columns: columns ?? 2, itemHeight: zigzagItemHeight, gutter: gutter))
    case .tags:
      return TagLayout(options: .init(mode: .vertical, spacing: gutter, lineSpacing: 0))
    }
  }

  /// The context for laying out `collection`'s cards in a container of `size`.
  public func context(
    for collection: CardCollection, measurer: CardMeasurer, size: Size
  ) -> LayoutContext {
    let sections = collection.sectionSpecs()
    let starts = collection.sectionStarts
    if kind == .tags {
      // Each card becomes a chip of its caption, a cell of padding each side.
      return LayoutContext(
        containerSize: size, sections: sections,
        measure: .sizes { path, _ in
          Size(
            width: measurer.caption(ofCard: starts[path.section] + path.item).naturalWidth + 2,
            height: 1)
        })
    }
    return LayoutContext(
      containerSize: size, sections: sections,
      measure: measurer.itemMeasure(sectionStarts: starts))
  }

  /// The card style these options ask for.
  public var cardStyle: CardStyle { CardStyle(wrap: wrap) }
}
