import LayoutEngine

extension LayoutKind {
  /// Every layout on offer, in the order of their keys (the standard catalogue's).
  package static var all: [LayoutKind] { LayoutCatalog.standard.kinds }

  /// The Pinterest layout: cards of measured height in adaptive columns.
  package static let masonry = LayoutKind(
    name: "masonry", key: "1", summary: "cards of their own height in columns"
  ) { options in
    MasonryLayout(
      options: .init(
        columns: options.columns.map { .fixed($0) }
          ?? .adaptive(minimumWidth: options.minimumColumnWidth),
        gutter: options.gutter, itemSpacing: 0, sectionSpacing: 1, placement: options.placement))
  }

  /// A grid: each row as tall as its tallest card.
  package static let grid = LayoutKind(
    name: "grid", key: "2", summary: "rows as tall as their tallest card"
  ) { options in
    GridLayout(options: .init(columns: options.columns ?? 3, gutter: options.gutter, rowSpacing: 0))
  }

  /// Equal tiles whose column count follows the width class.
  package static let tiles = LayoutKind(
    name: "tiles", key: "3", summary: "equal tiles, 4 columns when narrow, 8 when wide"
  ) { options in
    var tileOptions = TileLayout.Options(spacing: options.gutter)
    if let columns = options.columns {
      tileOptions.compact.columns = columns
      tileOptions.regular.columns = columns
    }
    return TileLayout(options: tileOptions)
  }

  /// A staircase of fixed-height cards.
  package static let zigzag = LayoutKind(
    name: "zigzag", key: "4", summary: "a staircase of equal cards, left and right"
  ) { options in
    ZigzagLayout(
      options: .init(
        columns: options.columns ?? 2, itemHeight: options.zigzagItemHeight,
        gutter: options.gutter))
  }

  /// Captions as left-aligned chips that wrap like text.
  package static let tags = LayoutKind(
    name: "tags", key: "5", summary: "captions as chips, left-aligned like text",
    showsCardsAsChips: true
  ) { options in
    TagCloudLayout(options: .init(spacing: options.gutter, lineSpacing: 0))
  }
}
