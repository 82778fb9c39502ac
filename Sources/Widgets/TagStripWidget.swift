import LayoutEngine
import TerminalScreen

/// The dataset's tags along the top, laid out by the engine's horizontal tag layout (one
/// to three rows, as tall as its content), scrolled sideways; the active filter is shown
/// reversed and the focused tag underlined.
package struct TagStripWidget {
  package var tags: [String]
  package var layout: TagLayout
  package var horizontalOffset: Int
  package var activeTag: String?
  package var focusedIndex: Int?

  /// The strip for `tags`, laid out by `layout` (from `layout(tags:width:maxRows:)`).
  package init(
    tags: [String], layout: TagLayout, horizontalOffset: Int = 0, activeTag: String? = nil,
    focusedIndex: Int? = nil
  ) {
    self.tags = tags
    self.layout = layout
    self.horizontalOffset = horizontalOffset
    self.activeTag = activeTag
    self.focusedIndex = focusedIndex
  }

  /// The engine's horizontal tag layout of `tags` as chips, for a strip `width` cells
  /// wide and at most `maxRows` tall: depends on nothing else, so callers may keep it.
  ///
  /// - Complexity: O(*n* · *R*²) for *n* tags and *R* rows.
  package static func layout(tags: [String], width: Int, maxRows: Int = 3) -> TagLayout {
    var layout = TagLayout(options: .init(mode: .horizontal(rows: maxRows), spacing: 1))
    layout.prepare(
      LayoutContext(
        containerSize: Size(width: width, height: maxRows), itemCount: tags.count,
        measure: .sizes { path, _ in Size(width: ChipWidget.width(of: tags[path.item]), height: 1) }
      ))
    return layout
  }

  /// The strip's height: its content's (0 without tags).
  package var height: Int { tags.isEmpty ? 0 : layout.contentSize.height }

  /// Draws the strip in the rows from `top`, `width` wide, asking the layout only for the
  /// chips in view.
  package func draw(top: Int, width: Int, into screen: inout Screen) {
    let view = Rect(x: horizontalOffset, y: 0, width: width, height: height)
    let clip = Rect(x: 0, y: top, width: width, height: height)
    for chip in layout.attributes(in: view) {
      let tag = tags[chip.index]
      var style = tag == activeTag ? Theme.activeChip : Theme.chip
      if chip.index == focusedIndex { style.underline = true; style.bold = true }
      ChipWidget(text: tag, style: style).draw(
        at: chip.frame.offsetBy(dx: -horizontalOffset, dy: top), into: &screen, clip: clip)
    }
  }

  /// The horizontal offset that brings tag `index` into a strip `width` wide.
  package func offset(revealing index: Int, width: Int) -> Int {
    guard let frame = layout.attributes(forItem: ItemPath(section: 0, item: index))?.frame else {
      return horizontalOffset
    }
    if frame.minX < horizontalOffset { return frame.minX }
    if frame.maxX > horizontalOffset + width { return frame.maxX - width }
    return horizontalOffset
  }
}
