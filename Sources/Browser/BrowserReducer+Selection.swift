import LayoutEngine
import TerminalCore

extension BrowserReducer {
  enum Direction {
    case left, right, up, down
  }

  /// The card area in content coordinates.
  static func viewport(_ state: BrowserState, content: BrowserContent) -> Rect {
    let regions = Scrolling.regions(state, content: content)
    return Rect(
      x: 0, y: state.scrollOffset, width: regions.content.width, height: regions.content.height)
  }

  /// Scrolls by `delta` rows; the selection follows when it would leave the screen.
  static func scroll(by delta: Int, _ state: inout BrowserState, content: inout BrowserContent) {
    state.scrollOffset = Scrolling.clampedLazily(
      state.scrollOffset + delta, state, content: &content)
    keepSelectionVisible(&state, content: &content)
  }

  /// After scrolling: when the selected card is off screen, the on-screen card nearest to
  /// it (in its column first) becomes selected, so a selection always exists and shows.
  static func keepSelectionVisible(_ state: inout BrowserState, content: inout BrowserContent) {
    Scrolling.update(&content, for: state)
    guard !content.shown.isEmpty else {
      state.selected = nil
      return
    }
    let view = viewport(state, content: content)
    let old = state.selected.flatMap { content.frame(ofShown: $0) }
    if let old, old.intersects(view) || old.isEmpty && view.contains(old) { return }
    let visible = content.cards(in: view)
    guard let reference = old else {
      state.selected = visible.first?.index ?? 0
      return
    }
    let best = visible.min { a, b in
      score(a.frame, against: reference) < score(b.frame, against: reference)
    }
    if let best { state.selected = best.index }
  }

  private static func score(_ frame: Rect, against reference: Rect) -> (Int, Int, Int) {
    let sameColumn = frame.minX < reference.maxX && reference.minX < frame.maxX ? 0 : 1
    let vertical = abs((frame.minY + frame.maxY) - (reference.minY + reference.maxY))
    return (sameColumn, vertical, abs(frame.minX - reference.minX))
  }

  /// Scrolls as little as needed to show the selected card.
  static func revealSelection(_ state: inout BrowserState, content: inout BrowserContent) {
    guard let selected = state.selected else { return }
    let offset = Scrolling.offset(revealing: selected, state, content: &content)
    state.scrollOffset = Scrolling.clampedLazily(offset, state, content: &content)
  }

  /// Moves the selection to the nearest card in `direction`, by geometry: sideways, the
  /// next column's card that overlaps the selected one most vertically; up and down, the
  /// card above or below in its column.
  static func moveSelection(
    _ direction: Direction, _ state: inout BrowserState, content: inout BrowserContent
  ) {
    guard let selected = state.selected, let frame = content.frame(ofShown: selected) else {
      return
    }
    if state.layout.kind == .tags && (direction == .left || direction == .right) {
      // Chips flow like text: sideways is the previous or next chip.
      let next = selected + (direction == .left ? -1 : 1)
      if next >= 0 && next < content.shown.count { state.selected = next }
      revealSelection(&state, content: &content)
      return
    }
    let span = Swift.max(8, viewport(state, content: content).height)
    var found: LayoutAttributes?
    switch direction {
    case .left, .right:
      let region =
        direction == .left
        ? Rect(x: 0, y: frame.minY - span, width: frame.minX, height: frame.height + 2 * span)
        : Rect(
          x: frame.maxX, y: frame.minY - span, width: Int.max / 4, height: frame.height + 2 * span)
      content.prepare(through: region.maxY)
      let candidates = content.cards(in: region).filter {
        direction == .left ? $0.frame.maxX <= frame.minX : $0.frame.minX >= frame.maxX
      }
      let nearestEdge =
        direction == .left ? candidates.map(\.frame.maxX).max() : candidates.map(\.frame.minX).min()
      let column = candidates.filter {
        (direction == .left ? $0.frame.maxX : $0.frame.minX) == nearestEdge
      }
      found = column.max { a, b in
        (overlap(a.frame, frame), -abs(a.frame.minY - frame.minY))
          < (overlap(b.frame, frame), -abs(b.frame.minY - frame.minY))
      }
    case .up, .down:
      var reach = span
      while found == nil {
        let region =
          direction == .up
          ? Rect(x: frame.minX, y: frame.minY - reach, width: frame.width, height: reach)
          : Rect(x: frame.minX, y: frame.maxY, width: frame.width, height: reach)
        content.prepare(through: region.maxY)
        let candidates = content.cards(in: region).filter {
          direction == .up ? $0.frame.maxY <= frame.minY : $0.frame.minY >= frame.maxY
        }
        found =
          direction == .up
          ? candidates.max {
            ($0.frame.maxY, -abs($0.frame.minX - frame.minX)) < (
              $1.frame.maxY, -abs($1.frame.minX - frame.minX)
            )
          }
          : candidates.min {
            ($0.frame.minY, abs($0.frame.minX - frame.minX)) < (
              $1.frame.minY, abs($1.frame.minX - frame.minX)
            )
          }
        let beyond =
          direction == .up
          ? frame.minY - reach <= 0
          : (content.layout.isFullyPrepared
            && frame.maxY + reach >= content.layout.contentSize.height)
        if beyond { break }
        reach *= 4
      }
    }
    if let found { state.selected = found.index }
    revealSelection(&state, content: &content)
  }

  private static func overlap(_ a: Rect, _ b: Rect) -> Int {
    Swift.max(0, Swift.min(a.maxY, b.maxY) - Swift.max(a.minY, b.minY))
  }

  /// The next (or previous) card of the search results.
  static func jumpToMatch(_ step: Int, _ state: inout BrowserState, content: inout BrowserContent) {
    guard !state.searchQuery.isEmpty else {
      state.message = "no search: press /"
      return
    }
    let count = content.shown.count
    guard count > 0 else { return }
    state.selected = ((state.selected ?? -step) + step + count) % count
    revealSelection(&state, content: &content)
  }

  // MARK: Mouse

  static func handleMouse(
    _ mouse: MouseEvent, _ state: inout BrowserState, content: inout BrowserContent
  ) {
    let regions = Scrolling.regions(state, content: content)
    if state.showsDetail || state.showsHelp {
      switch mouse.kind {
      case .wheelUp where state.showsDetail: scrollDetail(by: -3, &state, content: content)
      case .wheelDown where state.showsDetail: scrollDetail(by: 3, &state, content: content)
      default: break
      }
      return
    }
    switch mouse.kind {
    case .wheelUp: scroll(by: -3, &state, content: &content)
    case .wheelDown: scroll(by: 3, &state, content: &content)
    case .click, .doubleClick:
      if regions.tagStrip.height > 0 && mouse.y < regions.tagStrip.maxY {
        let strip = FrameComposer.tagStrip(state, content: content)
        let point = Rect(
          x: mouse.x + state.tagStripOffset, y: mouse.y - regions.tagStrip.minY, width: 1, height: 1
        )
        if let chip = strip.layout.attributes(in: point).first {
          let tag = content.tags[chip.index]
          refilter(&state, content: &content) { $0.tagFilter = $0.tagFilter == tag ? nil : tag }
        }
        return
      }
      guard regions.content.contains(Rect(x: mouse.x, y: mouse.y, width: 1, height: 1)) else {
        return
      }
      let point = Rect(
        x: mouse.x, y: mouse.y - regions.content.minY + state.scrollOffset, width: 1, height: 1)
      guard let card = content.cards(in: point).first else { return }
      state.selected = card.index
      if mouse.kind == .doubleClick { state.detailScroll = 0 }
    }
  }

}
