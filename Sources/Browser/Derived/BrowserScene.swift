import Cards
import LayoutEngine
import PictureFiles
import TerminalCore
import TerminalScreen
import TerminalText
import Thumbnails
import Widgets

/// What a frame shows, worked out once per state: every widget with the area it is drawn
/// in (the tag strip, the section headers and cards the layout returns for the visible
/// rectangle and nothing off screen, the status bar, the open card or the help on top,
/// the viewport's margin and ruler), which cards are on screen, and where each picture
/// box is with the thumbnail it needs. The reducer reads the picture boxes to ask for
/// thumbnails; `FrameComposer` draws the layers, and that is all it does.
package struct BrowserScene {
  /// A widget and where it goes.
  package struct Layer {
    package var widget: any Widget
    package var area: Rect
    package var clip: Rect
  }

  /// A picture box on screen: its rectangle (screen coordinates; part of it may be cut by
  /// `clip`), the card it belongs to, and the thumbnail that fills it.
  package struct PictureBoxPlacement: Hashable {
    package var frame: Rect
    package var clip: Rect
    /// The shown card, or `nil` for the open card's picture.
    package var card: Int?
    package var request: ThumbnailRequest?
    /// The picture in pixels over the box's blank cells, when it is drawn in pixels.
    package var pixels: PicturePlacement?
  }

  /// The terminal's size: the frame's.
  package let terminalSize: Size
  /// The area the browser draws in (the viewport's, when one is set).
  package let browserSize: Size
  /// The browser's layers, bottom first, in the browser's area.
  package let layers: [Layer]
  /// Drawn over the whole frame after the browser's area is placed: the viewport's margin
  /// and ruler.
  package let frameLayers: [Layer]
  /// The shown cards on screen, in drawing order.
  package let visibleCards: [Int]
  /// The picture boxes on screen, the open card's first.
  package let pictureBoxes: [PictureBoxPlacement]
  /// The pixel pictures the picture layer shows: every box's, except cards' under the
  /// open card or the help (a picture covers text, so it would show through them).
  package let picturePlacements: [PicturePlacement]
  /// The wall's rows and how far it is scrolled, when nothing covers it (a terminal whose
  /// pictures move with its own scrolling scrolls them itself).
  package let scrollingArea: ScrollingArea?
  /// When, in playing time, an animation drawn here next shows another frame (`nil`:
  /// none will): the app wakes with a tick then.
  package let nextAnimationStep: Int?
  /// Where the terminal's cursor goes (the accessible view's selected card), if shown.
  package let cursor: Point?

  /// The scene of `state`, with the layout and text of `caches` (brought in step with it).
  package init(_ state: BrowserState, caches: BrowserCaches) {
    terminalSize = state.terminalSize
    browserSize = state.size
    let geometry = caches.geometry(for: state)
    var layers: [Layer] = []
    var visible: [Int] = []
    var boxes: [PictureBoxPlacement] = []
    var overlay: Rect?
    var scrolling: ScrollingArea?
    var nextStep: Int?
    var cursor: Point?
    func add(_ widget: any Widget, _ area: Rect, clip: Rect? = nil) {
      layers.append(Layer(widget: widget, area: area, clip: clip ?? area))
    }
    let whole = Rect(x: 0, y: 0, width: state.size.width, height: state.size.height)
    if geometry.isTooSmall {
      add(TooSmallMessage(need: ScreenRegions.minimumSize), whole)
    } else {
      let regions = geometry.regions
      if state.accessible {
        // Words instead of the wall and the tag strip; the overlays below still cover it.
        let area = Rect(
          x: 0, y: regions.tagStrip.minY, width: state.size.width,
          height: regions.content.maxY - regions.tagStrip.minY)
        let (list, at, onScreen) = AccessibleView.list(state, in: area)
        add(list, area)
        cursor = at
        visible = Array(onScreen)
      } else if regions.tagStrip.height > 0 {
        add(ViewQueries.tagStrip(state, geometry: geometry), regions.tagStrip)
      }
      let measurer = caches.drawingMeasurer(for: state)
      let selected = state.selected
      let highlight = SearchFolding.fold(state.searchQuery)
      func card(_ index: Int, at frame: Rect) {
        visible.append(index)
        let isMarked = state.marks.contains(state.shown[index])
        if state.layoutOptions.kind.showsCardsAsChips {
          let style =
            index == selected
            ? (isMarked ? Theme.markedActiveChip : Theme.activeChip)
            : (isMarked ? Theme.markedChip : Theme.chip)
          let chip = ChipWidget(
            text: measurer.caption(ofCard: state.shown[index]).string, style: style)
          add(chip, frame, clip: regions.content)
          return
        }
        let request = ViewQueries.thumbnailRequest(
          forShown: index, size: frame.size, state, measurer: measurer)
        let shown = ViewQueries.picture(
          for: request, in: state,
          plays: state.animation.plays(isSelectedOrOpen: index == selected))
        nextStep = [nextStep, shown.nextStep].compactMap { $0 }.min()
        var widget = CardWidget(
          card: state.shownCard(index), index: state.shown[index], measurer: measurer,
          size: frame.size, isSelected: index == selected, highlight: highlight,
          picture: shown.picture)
        widget.isMarked = isMarked
        add(widget, frame, clip: regions.content)
        if let (box, clip) = ViewQueries.cardPictureBox(
          frame: frame, pictureRows: widget.metrics.pictureRows, content: regions.content)
        {
          boxes.append(
            PictureBoxPlacement(
              frame: box, clip: clip, card: index, request: request,
              pixels: Self.pixelPlacement(
                shown, in: box, clip: clip, keysRepeat: state.keysRepeatUntil != nil)))
        }
      }
      // The viewer covers the wall: none of it is built under it.
      let coveredByViewer = state.mode.viewer != nil && selected != nil
      if !coveredByViewer && !state.accessible {
        if let transition = state.transition {
          // Mid-animation: every card that ends on screen, at its eased frame.
          for (index, move) in transition.moves.sorted(by: { $0.key < $1.key }) {
            card(index, at: transition.frame(of: move, at: state.time))
          }
        } else {
          let layout = caches.layout(for: state)
          scrolling = ScrollingArea(
            rows: regions.content.minY..<regions.content.maxY, offset: state.scrollOffset)
          let shift = regions.content.minY - state.scrollOffset
          for attributes in layout.attributes(in: geometry.viewport(scrolledTo: state.scrollOffset))
          {
            let frame = attributes.frame.offsetBy(dx: 0, dy: shift)
            if attributes.kind == .sectionHeader {
              let title = state.shown.sectionName(attributes.section) ?? ""
              add(
                SectionHeaderWidget(
                  title: title, count: state.shown.sectionSize(attributes.section)),
                frame, clip: regions.content)
            } else {
              card(attributes.index, at: frame)
            }
          }
        }
      }
      if state.shown.isEmpty && !state.accessible {
        add(CenteredMessage(Self.emptyText(state)), regions.content)
      }
      let statusRow = Rect(x: 0, y: regions.statusRow, width: state.size.width, height: 1)
      add(Self.statusBar(state, caches: caches, onScreen: visible, geometry: geometry), statusRow)
      if let scroll = state.mode.detailScroll, let selected, selected < state.shown.count {
        let cardIndex = state.shown[selected]
        let request = ViewQueries.detailThumbnailRequest(
          state, geometry: geometry, measurer: measurer)
        let shown = ViewQueries.picture(
          for: request, in: state, plays: state.animation.plays(isSelectedOrOpen: true))
        nextStep = [nextStep, shown.nextStep].compactMap { $0 }.min()
        var view = DetailView(
          card: state.shownCard(selected), caption: measurer.caption(ofCard: cardIndex),
          comment: measurer.comment(ofCard: cardIndex), style: state.cardStyle,
          picture: shown.picture, scroll: scroll)
        view.isMarked = state.marks.contains(cardIndex)
        add(view, geometry.overlayArea)
        if let (box, clip) = ViewQueries.detailPictureBox(
          view, overlay: geometry.overlayArea, scroll: scroll)
        {
          boxes.insert(
            PictureBoxPlacement(
              frame: box, clip: clip, card: nil, request: request,
              pixels: Self.pixelPlacement(
                shown, in: box, clip: clip, keysRepeat: state.keysRepeatUntil != nil)),
            at: 0)
        }
        overlay = geometry.overlayArea
      }
      if let prompt = state.mode.labelPrompt {
        for target in ViewQueries.labelTargets(state, caches: caches)
        where target.label.hasPrefix(prompt.typed) {
          add(
            LabelWidget(label: target.label, typed: prompt.typed.count), target.at,
            clip: regions.content)
        }
      }
      if let viewer = state.mode.viewer,
        let (widget, box, step) = Self.viewerLayer(viewer, state, geometry: geometry)
      {
        add(widget, geometry.overlayArea)
        boxes.insert(box, at: 0)
        nextStep = [nextStep, step].compactMap { $0 }.min()
        overlay = geometry.overlayArea
      }
      if let scroll = state.mode.helpScroll {
        add(
          HelpOverlay(lines: KeyBindings.helpLines(for: state.keys), scroll: scroll),
          geometry.overlayArea)
        overlay = geometry.overlayArea
      }
    }
    self.layers = layers
    self.cursor = overlay == nil ? cursor : nil
    scrollingArea = overlay == nil ? scrolling : nil
    nextAnimationStep = nextStep
    visibleCards = visible
    pictureBoxes = boxes
    picturePlacements = boxes.compactMap { box in
      guard let pixels = box.pixels else { return nil }
      if box.card != nil, let overlay, overlay.intersects(pixels.visible) { return nil }
      if box.card == nil, state.mode.helpScroll != nil { return nil }
      return pixels
    }
    var frameLayers: [Layer] = []
    if let viewport = state.viewport {
      let margin = Rect(
        x: viewport.size.width, y: 0, width: state.terminalSize.width - viewport.size.width,
        height: viewport.rulerRow)
      frameLayers.append(Layer(widget: ViewportMargin(), area: margin, clip: margin))
      let ruler = Rect(x: 0, y: viewport.rulerRow, width: state.terminalSize.width, height: 1)
      frameLayers.append(Layer(widget: ViewQueries.ruler(for: state), area: ruler, clip: ruler))
    }
    self.frameLayers = frameLayers
  }

  /// Where a pixel picture goes in an image box at `box` cut by `clip`: its own cells
  /// (letterboxed inside the box), and their part inside the clip.
  static func pixelPlacement(
    _ shown: ViewQueries.ShownPicture, in box: Rect, clip: Rect, keysRepeat: Bool
  ) -> PicturePlacement? {
    guard case .thumbnail(let thumbnail) = shown.picture, let image = thumbnail.pixels else {
      return nil
    }
    let cells = Rect(
      x: box.minX + thumbnail.pictureOrigin.left, y: box.minY + thumbnail.pictureOrigin.top,
      width: image.columns, height: image.rows)
    guard let visible = cells.intersection(clip), visible.width > 0, visible.height > 0 else {
      return nil
    }
    return PicturePlacement(
      picture: image, box: cells, visible: visible, keysRepeat: keysRepeat,
      frame: shown.frame, motion: shown.motion)
  }

  /// Says why no card shows.
  private static func emptyText(_ state: BrowserState) -> String {
    var reasons: [String] = []
    if !state.searchQuery.isEmpty { reasons.append("“\(state.searchQuery)”") }
    if let tag = state.tagFilter { reasons.append("#\(tag)") }
    if reasons.isEmpty, case .waiting = state.load { return "Waiting for input…" }
    if reasons.isEmpty, case .loading = state.load { return "Loading…" }
    return reasons.isEmpty
      ? "No cards." : "No cards match \(reasons.joined(separator: " and ")). Esc clears."
  }

  private static func statusBar(
    _ state: BrowserState, caches: BrowserCaches, onScreen: [Int], geometry: FrameGeometry
  ) -> StatusBar {
    let total = state.shown.count
    var range = onScreen.min().flatMap { low in onScreen.max().map { (low + 1)...($0 + 1) } }
    // In the viewer: the picture shown.
    if state.mode.viewer != nil, let selected = state.selected {
      range = (selected + 1)...(selected + 1)
    }
    let layout = caches.layout(for: state)
    // How far down, from the cards above the screen and those below it (by their place in
    // the view's order): it needs no layout beyond the screen, so it is the same however
    // far the layout happens to be prepared. 0% at the top, 100% once the last card
    // shows, "All" when every card shows whole.
    var percent: Int?
    if let first = onScreen.min(), let last = onScreen.max() {
      let above = first
      let below = total - 1 - last
      let view = geometry.viewport(scrolledTo: state.scrollOffset)
      let whole = caches.cards(in: view, for: state).allSatisfy { view.contains($0.frame) }
      if above + below > 0 {
        percent = above * 100 / (above + below)
      } else if state.scrollOffset > 0 || !whole {
        percent = state.scrollOffset > 0 ? 100 : 0
      }
    }
    // `-` on the command line is standard input: named so, as less and fzf name it.
    if state.mode.viewer != nil, let selected = state.selected, total > 1 {
      percent = selected * 100 / (total - 1)
    }
    var bar = StatusBar(
      source: state.cards.source == "-" ? "stdin" : state.cards.source,
      layoutName: state.layoutOptions.kind.name,
      columns: layout.columnCount, visibleRange: range, total: total, percent: percent,
      message: message(state, caches: caches),
      loading: (searchStatus(state) ?? state.load.statusText).map {
        guard state.followsEnd else { return $0 }
        return state.load == .following ? "following the end" : $0 + " · following the end"
      })
    bar.viewportWidth = state.viewport?.size.width
    bar.marked = state.marks.count
    bar.sending = state.pictureLink.statusText
    return bar
  }

  /// How far a search still scanning in the background has got.
  static func searchStatus(_ state: BrowserState) -> String? {
    guard let search = state.search else { return nil }
    let total = Swift.max(1, state.cards.cards.count)
    return "searching \(Swift.min(99, search.scannedThrough * 100 / total))%"
  }

  /// What the status bar says in place of the hint.
  static func message(_ state: BrowserState, caches: BrowserCaches) -> String? {
    if state.mode.isEditingSearch { return "/" + state.searchQuery + "▏" }
    if let command = state.mode.promptedCommand {
      let files = Counted.phrase(state.actionPaths.count, "file")
      return "!" + command + "▏" + (command.isEmpty ? "  a command to run on \(files) · Esc" : "")
    }
    if let labels = state.mode.labelPrompt {
      let typed = labels.typed.isEmpty ? "" : " “\(labels.typed)”"
      let action = labels.action == .select ? "select (capital: open)" : "mark"
      return (state.message.map { $0 + " · " } ?? "")
        + "labels\(typed): type one to \(action) · Tab: \(labels.action == .select ? "mark" : "select") · Esc"
    }
    if let prompt = state.mode.filePrompt {
      var line = prompt.action.label
      if prompt.action.takesFolder {
        line += " (" + Counted.phrase(state.actionFiles.count, "file") + ")"
      } else if prompt.action == .markedTags {
        line += " (" + Counted.phrase(state.marks.count, "card") + ")"
      }
      line += ": " + prompt.text + "▏"
      if !prompt.candidates.isEmpty {
        line += "  " + prompt.candidates.joined(separator: "  ")
      } else if let message = state.message {
        line += "  " + message
      } else if prompt.text.isEmpty {
        let from = prompt.base.map { "  from " + FileName.lastComponent($0) + "/ ·" } ?? " "
        line += prompt.action.takesFolder ? from + " Tab completes · Esc" : "  Esc"
      }
      return line
    }
    if let message = state.message { return message }
    switch state.mode.base {
    case .detail: return "Esc close"
    case .viewer(let viewer):
      return viewerStatus(viewer, state, geometry: caches.geometry(for: state))
    case .tags(let focused):
      let count = state.stripTags.count
      guard !state.tagQuery.isEmpty else {
        return "tag \(focused + 1) of \(count): type to narrow · ← → ↑ ↓ Enter filter · Esc clear"
      }
      let typed = "tags holding “\(state.tagQuery)”"
      guard count > 0 else { return "no \(typed) · Backspace · Esc" }
      return "\(typed): \(focused + 1) of \(count) · Enter filter · Esc"
    default: break
    }
    var parts: [String] = []
    if !state.searchQuery.isEmpty {
      var search = "/\(state.searchQuery) · n N"
      if let selected = state.selected,
        let tag = caches.tagOnlyMatch(ofShown: selected, query: state.searchQuery, in: state)
      {
        search += " · matched tag #\(tag)"
      }
      parts.append(search)
    }
    if let tag = state.tagFilter { parts.append("#\(tag)") }
    return parts.isEmpty ? nil : parts.joined(separator: " ") + " · Esc clears"
  }
}
