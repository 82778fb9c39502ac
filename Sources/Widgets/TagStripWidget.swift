import LayoutEngine
import TerminalScreen
import TerminalText

/// The dataset's tags along the top, laid out by the engine's tag strip (one to three
/// rows, as tall as its content), scrolled sideways. The active filter is shown reversed
/// and the focused tag underlined; `‹` and `›` at the edges of a row say that it goes on
/// beyond the screen, and the end of the first row says how many tags there are.
package struct TagStripWidget: Widget {
  package var tags: [String]
  package var layout: TagStripLayout
  package var horizontalOffset: Int
  package var activeTag: String?
  package var focusedIndex: Int?

  /// The strip for `tags`, laid out by `layout` (from `layout(tags:width:maxRows:)`).
  package init(
    tags: [String], layout: TagStripLayout, horizontalOffset: Int = 0, activeTag: String? = nil,
    focusedIndex: Int? = nil
  ) {
    self.tags = tags
    self.layout = layout
    self.horizontalOffset = horizontalOffset
    self.activeTag = activeTag
    self.focusedIndex = focusedIndex
  }

  /// ` 23 tags`: the count at the end of the strip's first row.
  package static func countLabel(tagCount: Int) -> String {
    " " + Counted.phrase(tagCount, "tag")
  }

  /// The width the chips may use in a strip `width` cells wide: what the count leaves.
  package static func chipsWidth(tagCount: Int, width: Int) -> Int {
    Swift.max(0, width - DisplayWidth.of(countLabel(tagCount: tagCount)))
  }

  /// The engine's tag strip of `tags` as chips, for a strip `width` cells wide and at most
  /// `maxRows` tall: depends on nothing else, so callers may keep it.
  ///
  /// - Complexity: O(*n* · *R*²) for *n* tags and *R* rows.
  package static func layout(tags: [String], width: Int, maxRows: Int = 3) -> TagStripLayout {
    var layout = TagStripLayout(options: .init(rows: maxRows, spacing: 1))
    layout.prepare(
      LayoutContext(
        containerSize: Size(width: chipsWidth(tagCount: tags.count, width: width), height: maxRows),
        itemCount: tags.count,
        measure: .sizes { path, _ in Size(width: ChipWidget.width(of: tags[path.item]), height: 1) }
      ))
    return layout
  }

  /// The strip's height: its content's (0 without tags).
  package var height: Int { tags.isEmpty ? 0 : layout.contentSize.height }

  /// Draws the strip in the rows of `area` from its top, as wide as it, asking the layout
  /// only for the chips in view.
  package func draw(in area: Rect, clip outerClip: Rect, into screen: inout Screen) {
    guard height > 0 else { return }
    let top = area.minY
    let left = area.minX
    let width = area.width
    let chipsWidth = Self.chipsWidth(tagCount: tags.count, width: width)
    let view = Rect(x: horizontalOffset, y: 0, width: chipsWidth, height: height)
    let label = Self.countLabel(tagCount: tags.count)
    if let labelClip = Rect(x: left + chipsWidth, y: top, width: width - chipsWidth, height: 1)
      .intersection(outerClip)
    {
      screen.write(
        label, at: Point(x: left + chipsWidth, y: top), style: Theme.comment, clip: labelClip)
    }
    guard
      let clip = Rect(x: left, y: top, width: chipsWidth, height: height).intersection(outerClip)
    else { return }
    var cutLeft = Set<Int>()
    var cutRight = Set<Int>()
    for chip in layout.attributes(in: view) {
      let tag = tags[chip.index]
      var style = tag == activeTag ? Theme.activeChip : Theme.chip
      if chip.index == focusedIndex { style.underline = true; style.bold = true }
      ChipWidget(text: tag, style: style).draw(
        in: chip.frame.offsetBy(dx: left - horizontalOffset, dy: top), clip: clip, into: &screen)
      if chip.frame.minX < view.minX { cutLeft.insert(chip.frame.minY) }
      if chip.frame.maxX > view.maxX { cutRight.insert(chip.frame.minY) }
    }
    // Rows that go on beyond an edge, even where no chip is cut right at it.
    for row in 0..<height {
      if !layout.attributes(in: Rect(x: 0, y: row, width: view.minX, height: 1)).isEmpty {
        cutLeft.insert(row)
      }
      if !layout.attributes(in: Rect(x: view.maxX, y: row, width: Int.max / 4, height: 1)).isEmpty {
        cutRight.insert(row)
      }
    }
    for row in cutLeft where chipsWidth > 1 {
      screen.write("‹", at: Point(x: left, y: top + row), style: Theme.overflow, clip: clip)
    }
    for row in cutRight where chipsWidth > 1 {
      screen.write(
        "›", at: Point(x: left + chipsWidth - 1, y: top + row), style: Theme.overflow, clip: clip)
    }
  }

  /// The horizontal offset that brings tag `index` into a strip `width` wide (leaving room
  /// for the `‹ ›` marks when the chip is not at an end).
  package func offset(revealing index: Int, width: Int) -> Int {
    let chipsWidth = Self.chipsWidth(tagCount: tags.count, width: width)
    guard let frame = layout.attributes(forItem: ItemPath(section: 0, item: index))?.frame else {
      return horizontalOffset
    }
    let maximum = Swift.max(0, layout.contentSize.width - chipsWidth)
    if frame.minX - 1 < horizontalOffset { return Swift.max(0, Swift.min(maximum, frame.minX - 1)) }
    if frame.maxX + 1 > horizontalOffset + chipsWidth {
      return Swift.max(0, Swift.min(maximum, frame.maxX + 1 - chipsWidth))
    }
    return Swift.min(horizontalOffset, maximum)
  }

  /// The tags in reading order: row by row, left to right (the strip deals them into rows,
  /// so their index order zig-zags between rows).
  package var readingOrder: [Int] {
    (0..<tags.count).compactMap { index in
      layout.attributes(forItem: ItemPath(section: 0, item: index)).map {
        (index, $0.frame.minY, $0.frame.minX)
      }
    }
    .sorted { ($0.1, $0.2) < ($1.1, $1.2) }.map(\.0)
  }

  /// The tag in the row above (`rows` −1) or below (+1) of tag `index` nearest to it
  /// sideways, or `nil` at the edge.
  package func tag(_ index: Int, rowsAway rows: Int) -> Int? {
    guard let frame = layout.attributes(forItem: ItemPath(section: 0, item: index))?.frame else {
      return nil
    }
    let row = frame.minY + rows * frame.height
    guard row >= 0, row < height else { return nil }
    let centre = frame.minX + frame.width / 2
    let candidates = layout.attributes(in: Rect(x: 0, y: row, width: Int.max / 4, height: 1))
    func distance(_ chip: LayoutAttributes) -> Int {
      abs(chip.frame.minX + chip.frame.width / 2 - centre)
    }
    return candidates.min { distance($0) < distance($1) }?.index
  }
}
