import LayoutEngine

/// One random layout problem: a layout of some kind with random options, a container and
/// sections with random item heights, all derived from a seed.
package struct RandomLayoutCase {
  package enum Kind: CaseIterable, Sendable {
    case masonry, grid, tiles, zigzag, tagCloud, tagStrip
  }

  package let seed: UInt64
  package let kind: Kind
  package let context: LayoutContext
  package let sections: [SectionSpec]
  /// The item heights (and chip widths) the measure function answers with.
  package let heights: [[Int]]
  package let options: Options

  /// The options of whichever layout `kind` is.
  package enum Options {
    case masonry(MasonryLayout.Options)
    case grid(GridLayout.Options)
    case tiles(TileLayout.Options)
    case zigzag(ZigzagLayout.Options)
    case tagCloud(TagCloudLayout.Options)
    case tagStrip(TagStripLayout.Options)
  }

  /// - Parameters:
  ///   - itemCount: exactly this many items over all sections; otherwise a random count of
  ///     a random order of magnitude up to `maximumItems`.
  package init(seed: UInt64, kind: Kind? = nil, maximumItems: Int = 10_000, itemCount: Int? = nil) {
    var random = SeededGenerator(seed: seed)
    self.seed = seed
    let kind = kind ?? Kind.allCases.randomElement(using: &random)!
    self.kind = kind
    let width = Int.random(in: 1...400, using: &random)
    let height = Int.random(in: 1...60, using: &random)
    let randomTotal = random.logUniformCount(upTo: maximumItems)
    let total = itemCount ?? randomTotal
    var sectionCount = Bool.random(using: &random) ? 1 : Int.random(in: 0...6, using: &random)
    if total > 0 { sectionCount = Swift.max(1, sectionCount) }
    var sections: [SectionSpec] = []
    var remaining = total
    for index in 0..<sectionCount {
      let count =
        index == sectionCount - 1 ? remaining : Int.random(in: 0...remaining, using: &random)
      remaining -= count
      let header = Bool.random(using: &random) ? Int.random(in: 0...3, using: &random) : 0
      sections.append(SectionSpec(itemCount: count, headerHeight: header))
    }
    self.sections = sections
    let zeroHeights = Int.random(in: 0..<10, using: &random) == 0
    let maxHeight = [1, 3, 12, 40].randomElement(using: &random)!
    heights = sections.map { section in
      (0..<section.itemCount).map { _ in
        zeroHeights && Bool.random(using: &random)
          ? 0 : Int.random(in: 0...maxHeight, using: &random)
      }
    }
    let insets =
      Bool.random(using: &random)
      ? EdgeInsets.zero
      : EdgeInsets(
        top: Int.random(in: 0...3, using: &random), left: Int.random(in: 0...8, using: &random),
        bottom: Int.random(in: 0...3, using: &random), right: Int.random(in: 0...8, using: &random))
    let gutter = Int.random(in: 0...4, using: &random)
    let spacing = Int.random(in: 0...2, using: &random)
    switch kind {
    case .masonry:
      let rule: MasonryLayout.ColumnRule =
        Bool.random(using: &random)
        ? .fixed(Int.random(in: 1...12, using: &random))
        : .adaptive(
          minimumWidth: Int.random(in: 1...60, using: &random),
          maximumCount: Bool.random(using: &random) ? nil : Int.random(in: 1...8, using: &random))
      var perSection: [Int: Int] = [:]
      if sectionCount > 1 && Bool.random(using: &random) {
        perSection[Int.random(in: 0..<sectionCount, using: &random)] = Int.random(
          in: 1...6, using: &random)
      }
      options = .masonry(
        MasonryLayout.Options(
          columns: rule, columnsPerSection: perSection, gutter: gutter, itemSpacing: spacing,
          sectionSpacing: spacing, insets: insets,
          placement: MasonryLayout.Placement.allCases.randomElement(using: &random)!))
    case .grid:
      options = .grid(
        GridLayout.Options(
          columns: Int.random(in: 1...8, using: &random), gutter: gutter, rowSpacing: spacing,
          sectionSpacing: spacing, insets: insets))
    case .tiles:
      options = .tiles(
        TileLayout.Options(
          regular: TileLayout.WidthClass(
            minimumWidth: Int.random(in: 20...200, using: &random), columns: 8),
          heightRatio: [0.5, 1, 1.5].randomElement(using: &random)!, spacing: spacing,
          sectionSpacing: spacing, insets: insets))
    case .zigzag:
      options = .zigzag(
        ZigzagLayout.Options(
          columns: Int.random(in: 1...4, using: &random),
          itemHeight: Int.random(in: 0...8, using: &random),
          step: Bool.random(using: &random) ? nil : Int.random(in: 0...8, using: &random),
          gutter: gutter, sectionSpacing: spacing, insets: insets))
    case .tagCloud:
      let lineSpacing = Int.random(in: 0...1, using: &random)
      _ = Bool.random(using: &random)  // keeps the seeds' sequences as they were
      options = .tagCloud(
        TagCloudLayout.Options(
          spacing: spacing, lineSpacing: lineSpacing, sectionSpacing: spacing, insets: insets))
    case .tagStrip:
      let rows = Int.random(in: 1...4, using: &random)
      options = .tagStrip(
        TagStripLayout.Options(
          rows: rows, spacing: spacing, lineSpacing: Int.random(in: 0...1, using: &random),
          insets: insets, fitsRowsToContent: Bool.random(using: &random)))
    }
    let heights = self.heights
    let measure: ItemMeasure
    if kind == .tagCloud || kind == .tagStrip {
      // Chips: width from the stored number (wider than most containers at times), one or
      // two rows tall.
      measure = .sizes { path, _ in
        let value = heights[path.section][path.item]
        return Size(width: value * 3 + 1, height: 1 + value % 2)
      }
    } else {
      // Heights that depend on the width, as wrapped text does.
      measure = .heights { path, width in
        Self.height(of: heights[path.section][path.item], width: width)
      }
    }
    context = LayoutContext(
      containerSize: Size(width: width, height: height), sections: sections, measure: measure)
  }

  /// The height at `width` of a column layout's item whose stored number is `value`:
  /// what its measure answers (more at narrower widths, as wrapped text).
  package static func height(of value: Int, width: Int) -> Int {
    value == 0 ? 0 : value + 20 / Swift.max(1, width)
  }

  /// A fresh, unprepared layout of this case's kind and options.
  package func makeLayout() -> any CollectionLayout {
    switch options {
    case .masonry(let options): return MasonryLayout(options: options)
    case .grid(let options): return GridLayout(options: options)
    case .tiles(let options): return TileLayout(options: options)
    case .zigzag(let options): return ZigzagLayout(options: options)
    case .tagCloud(let options): return TagCloudLayout(options: options)
    case .tagStrip(let options): return TagStripLayout(options: options)
    }
  }

  /// The same case at another container width.
  package func context(width: Int) -> LayoutContext {
    var context = self.context
    context.containerSize.width = width
    return context
  }
}
