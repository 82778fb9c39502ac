import Cards
import LayoutEngine
import TerminalScreen
import Widgets

/// Draws one frame of the browser into a screen: the tag strip, the cards the layout
/// returns for the visible rectangle (and nothing off screen), the section headers, the
/// status bar, and the detail view or help overlay on top.
public enum FrameComposer {
  public static func compose(_ state: BrowserState, content: inout BrowserContent) -> Screen {
    var screen = Screen(width: state.size.width, height: state.size.height)
    let strip = tagStrip(state, content: content)
    let regions = ScreenRegions(size: state.size, tagStripHeight: strip.height)
    if regions.isTooSmall {
      TooSmallMessage.draw(need: ScreenRegions.minimumSize, into: &screen)
      return screen
    }
    let visible = Rect(
      x: 0, y: state.scrollOffset, width: regions.content.width, height: regions.content.height)
    content.update(
      options: state.layout, size: regions.content.size, tag: state.tagFilter, through: visible.maxY
    )

    if regions.tagStrip.height > 0 {
      strip.draw(top: regions.tagStrip.minY, width: state.size.width, into: &screen)
    }
    var shownOnScreen: [Int] = []
    let selectedPath = state.selected.flatMap { content.path(ofShown: $0) }
    for attributes in content.layout.attributes(in: visible) {
      let frame = attributes.frame.offsetBy(dx: 0, dy: regions.content.minY - state.scrollOffset)
      if attributes.kind == .sectionHeader {
        let title = content.shownCollection.sections[attributes.section].name ?? ""
        SectionHeaderWidget(title: title).draw(at: frame, into: &screen, clip: regions.content)
        continue
      }
      let index = attributes.index
      shownOnScreen.append(index)
      let card = content.shownCollection.cards[index]
      let isSelected = attributes.path == selectedPath
      if state.layout.kind == .tags {
        let style = isSelected ? Theme.activeChip : Theme.chip
        ChipWidget(text: content.shownMeasurer.captions[index].string, style: style)
          .draw(at: frame, into: &screen, clip: regions.content)
      } else {
        CardWidget(
          card: card, index: index, measurer: content.shownMeasurer, width: frame.width,
          isSelected: isSelected
        )
        .draw(at: frame, into: &screen, clip: regions.content)
      }
    }
    statusBar(state, content: content, onScreen: shownOnScreen, regions: regions)
      .draw(row: regions.statusRow, width: state.size.width, into: &screen)

    if let detailScroll = state.detailScroll, let selected = state.selected,
      selected < content.shown.count
    {
      let area = Rect(x: 0, y: 0, width: state.size.width, height: regions.statusRow)
      DetailView(card: content.shownCollection.cards[selected], wrap: state.layout.wrap)
        .draw(in: area, scroll: detailScroll, into: &screen)
    }
    if state.showsHelp {
      HelpOverlay.draw(
        in: Rect(x: 0, y: 0, width: state.size.width, height: regions.statusRow), into: &screen)
    }
    return screen
  }

  /// The tag strip for the state's width.
  public static func tagStrip(_ state: BrowserState, content: BrowserContent) -> TagStripWidget {
    TagStripWidget(
      tags: content.tags, width: state.size.width, horizontalOffset: state.tagStripOffset,
      activeTag: state.tagFilter, focusedIndex: state.focusedTag)
  }

  private static func statusBar(
    _ state: BrowserState, content: BrowserContent, onScreen: [Int], regions: ScreenRegions
  ) -> StatusBar {
    let total = content.shown.count
    let range = onScreen.min().flatMap { low in onScreen.max().map { (low + 1)...($0 + 1) } }
    var percent: Int?
    let maxOffset = content.layout.contentSize.height - regions.content.height
    if content.layout.isFullyPrepared {
      percent = maxOffset > 0 ? Swift.min(100, state.scrollOffset * 100 / maxOffset) : nil
    } else if let first = onScreen.min(), total > 0 {
      // Not laid out to the end yet: estimate from the cards' position in the list.
      percent = first * 100 / total
    }
    var message = state.message
    if message == nil && state.showsDetail { message = "Esc close" }
    if message == nil, let tag = state.tagFilter { message = "#\(tag) · Esc clears" }
    return StatusBar(
      source: content.collection.source, layoutName: state.layout.kind.rawValue,
      columns: content.layout.columnCount, visibleRange: range, total: total, percent: percent,
      message: message)
  }
}
