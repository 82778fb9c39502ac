import Cards
import LayoutEngine
import TerminalScreen
import TerminalText
import Widgets

/// Draws one frame of the browser into a screen: the tag strip, the cards the layout
/// returns for the visible rectangle (and nothing off screen), the section headers, the
/// status bar, and the open card or the help on top.
package enum FrameComposer {
  /// The frame for the whole terminal: the browser, or with a viewport the browser in the
  /// viewport, the shaded margin beside it and the ruler below.
  package static func compose(_ state: BrowserState, content: inout BrowserContent) -> Screen {
    let browser = composeBrowser(state, content: &content)
    guard let viewport = state.viewport else { return browser }
    var screen = Screen(width: state.terminalSize.width, height: state.terminalSize.height)
    screen.place(browser, at: Point(x: 0, y: 0))
    ViewportRuler.shadeMargin(
      viewportWidth: viewport.size.width, rows: viewport.rulerRow, into: &screen)
    ruler(state, content: content).draw(row: viewport.rulerRow, into: &screen)
    return screen
  }

  /// The ruler under a viewport: its width, its columns and the breakpoints of the
  /// current layout between the smallest useful width and the terminal's.
  package static func ruler(_ state: BrowserState, content: BrowserContent) -> ViewportRuler {
    let layout = content.layout
    return ViewportRuler(
      viewportWidth: state.size.width, minimumWidth: ScreenRegions.minimumSize.width,
      maximumWidth: state.terminalSize.width
    ) { width in
      Swift.max(1, layout.columnWidths(atContainerWidth: width).count)
    }
  }

  /// The browser in the area `state.size`.
  private static func composeBrowser(_ state: BrowserState, content: inout BrowserContent)
    -> Screen
  {
    let geometry = content.sync(with: state)
    var screen = Screen(width: state.size.width, height: state.size.height)
    if geometry.isTooSmall {
      TooSmallMessage.draw(need: ScreenRegions.minimumSize, into: &screen)
      return screen
    }
    let regions = geometry.regions
    let visible = geometry.viewport(scrolledTo: state.scrollOffset)
    if regions.tagStrip.height > 0 {
      BrowserReducer.tagStrip(state, geometry: geometry, content: content)
        .draw(top: regions.tagStrip.minY, width: state.size.width, into: &screen)
    }
    let selectedPath = state.selected.flatMap { content.path(ofShown: $0) }
    let highlight = SearchFolding.fold(state.searchQuery)
    var onScreen: [Int] = []
    if let transition = state.transition {
      // Mid-animation: every card that ends on screen, at its eased frame.
      for (index, move) in transition.moves.sorted(by: { $0.key < $1.key }) {
        let frame = transition.frame(of: move, at: state.time)
        onScreen.append(index)
        drawCard(
          index, at: frame, selected: content.path(ofShown: index) == selectedPath, state,
          highlight: highlight, content: content, clip: regions.content, into: &screen)
      }
    } else {
      for attributes in content.layout.attributes(in: visible) {
        let frame = attributes.frame.offsetBy(dx: 0, dy: regions.content.minY - state.scrollOffset)
        if attributes.kind == .sectionHeader {
          let title = content.shownSections[attributes.section].name ?? ""
          SectionHeaderWidget(title: title).draw(at: frame, into: &screen, clip: regions.content)
          continue
        }
        onScreen.append(attributes.index)
        drawCard(
          attributes.index, at: frame, selected: attributes.path == selectedPath, state,
          highlight: highlight, content: content, clip: regions.content, into: &screen)
      }
    }
    if content.shown.isEmpty { drawEmptyMessage(state, in: regions.content, into: &screen) }
    statusBar(state, content: &content, onScreen: onScreen, geometry: geometry)
      .draw(row: regions.statusRow, width: state.size.width, into: &screen)

    if let detailScroll = state.mode.detailScroll, let selected = state.selected,
      selected < content.shown.count
    {
      let request = BrowserReducer.detailThumbnailRequest(
        state, geometry: geometry, content: content)
      DetailView(
        card: content.shownCard(selected), index: selected,
        measurer: content.shownMeasurer,
        picture: BrowserReducer.picture(for: request, content: content)
      )
      .draw(in: geometry.overlayArea, scroll: detailScroll, into: &screen)
    }
    if let helpScroll = state.mode.helpScroll {
      HelpOverlay(lines: KeyBindings.helpLines).draw(
        in: geometry.overlayArea, scroll: helpScroll, into: &screen)
    }
    return screen
  }

  private static func drawCard(
    _ index: Int, at frame: Rect, selected: Bool, _ state: BrowserState, highlight: [Character],
    content: BrowserContent, clip: Rect, into screen: inout Screen
  ) {
    if state.layout.kind.showsCardsAsChips {
      ChipWidget(
        text: content.shownMeasurer.caption(ofCard: index).string,
        style: selected ? Theme.activeChip : Theme.chip
      ).draw(at: frame, into: &screen, clip: clip)
    } else {
      let request = BrowserReducer.thumbnailRequest(
        forShown: index, size: frame.size, state, content: content)
      CardWidget(
        card: content.shownCard(index), index: index, measurer: content.shownMeasurer,
        size: frame.size, isSelected: selected, highlight: highlight,
        picture: BrowserReducer.picture(for: request, content: content)
      ).draw(at: frame, into: &screen, clip: clip)
    }
  }

  /// Says why no card shows, in the middle of the card area.
  private static func drawEmptyMessage(
    _ state: BrowserState, in area: Rect, into screen: inout Screen
  ) {
    var reasons: [String] = []
    if !state.searchQuery.isEmpty { reasons.append("“\(state.searchQuery)”") }
    if let tag = state.tagFilter { reasons.append("#\(tag)") }
    var text =
      reasons.isEmpty
      ? "No cards." : "No cards match \(reasons.joined(separator: " and ")). Esc clears."
    if reasons.isEmpty, case .waiting = state.load { text = "Waiting for input…" }
    if reasons.isEmpty, case .loading = state.load { text = "Loading…" }
    let line = TextFitting.truncated(text, toWidth: area.width)
    let x = area.minX + Swift.max(0, (area.width - DisplayWidth.of(line)) / 2)
    screen.write(
      line, at: Point(x: x, y: area.minY + area.height / 2), style: Theme.comment, clip: area)
  }

  private static func statusBar(
    _ state: BrowserState, content: inout BrowserContent, onScreen: [Int], geometry: FrameGeometry
  ) -> StatusBar {
    let total = content.shown.count
    let range = onScreen.min().flatMap { low in onScreen.max().map { (low + 1)...($0 + 1) } }
    var percent: Int?
    let maxOffset = content.layout.contentSize.height - geometry.cardArea.height
    if content.layout.isFullyPrepared {
      percent = maxOffset > 0 ? Swift.min(100, state.scrollOffset * 100 / maxOffset) : nil
    } else if let first = onScreen.min(), total > 0 {
      // Not laid out to the end yet: estimate from the cards' position in the list.
      percent = first * 100 / total
    }
    var bar = StatusBar(
      source: content.collection.source, layoutName: state.layout.kind.name,
      columns: content.layout.columnCount, visibleRange: range, total: total, percent: percent,
      message: message(state, content: &content),
      loading: searchStatus(content) ?? state.load.statusText)
    bar.viewportWidth = state.viewport?.size.width
    return bar
  }

  /// How far a search still scanning in the background has got.
  static func searchStatus(_ content: BrowserContent) -> String? {
    guard let pending = content.pendingSearch else { return nil }
    let total = Swift.max(1, content.collection.cards.count)
    return "searching \(Swift.min(99, pending.scannedThrough * 100 / total))%"
  }

  /// What the status bar says in place of the hint.
  static func message(_ state: BrowserState, content: inout BrowserContent) -> String? {
    if state.mode.isEditingSearch { return "/" + state.searchQuery + "▏" }
    if let message = state.message { return message }
    switch state.mode.base {
    case .detail: return "Esc close"
    case .tags(let focused):
      return "tag \(focused + 1) of \(content.tags.count): ← → ↑ ↓ Enter filter · Esc clear"
    default: break
    }
    var parts: [String] = []
    if !state.searchQuery.isEmpty {
      var search = "/\(state.searchQuery) · n N"
      if let selected = state.selected,
        let tag = content.tagOnlyMatch(ofShown: selected, query: state.searchQuery)
      {
        search += " · matched tag #\(tag)"
      }
      parts.append(search)
    }
    if let tag = state.tagFilter { parts.append("#\(tag)") }
    return parts.isEmpty ? nil : parts.joined(separator: " ") + " · Esc clears"
  }
}
