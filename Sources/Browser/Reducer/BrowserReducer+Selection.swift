import LayoutEngine
import TerminalCore
import Widgets

extension BrowserReducer {
  /// Scrolls by `delta` rows; the selection follows when it would leave the screen.
  static func scroll(by delta: Int, _ state: inout BrowserState, caches: BrowserCaches) {
    let geometry = caches.geometry(for: state)
    state.scrollOffset = Scrolling.clampedLazily(
      state.scrollOffset + delta, state, caches, geometry: geometry)
    keepSelectionVisible(&state, caches: caches)
  }

  /// Remembers the selected card's screen row as the one to keep it at (see
  /// `BrowserState.selectionRow`).
  static func rememberSelectionRow(_ state: inout BrowserState, caches: BrowserCaches) {
    let geometry = caches.geometry(for: state)
    guard !geometry.isTooSmall, let selected = state.selected,
      let frame = caches.frame(ofShown: selected, in: state)
    else {
      if state.selected == nil { state.selectionRow = nil }
      return
    }
    state.selectionRow = geometry.cardArea.minY + frame.minY - state.scrollOffset
  }

  /// After scrolling: when the selected card is off screen, the on-screen card nearest to
  /// it (in its column first) becomes selected, so a selection always exists and shows.
  static func keepSelectionVisible(_ state: inout BrowserState, caches: BrowserCaches) {
    let geometry = caches.geometry(for: state)
    guard !state.shown.isEmpty else {
      state.selected = nil
      return
    }
    let view = geometry.viewport(scrolledTo: state.scrollOffset)
    let old = state.selected.flatMap { caches.frame(ofShown: $0, in: state) }
    if let old, old.intersects(view) || old.isEmpty && view.contains(old) { return }
    let visible = caches.cards(in: view, for: state)
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
  static func revealSelection(_ state: inout BrowserState, caches: BrowserCaches) {
    guard let selected = state.selected else { return }
    let geometry = caches.geometry(for: state)
    let offset = Scrolling.offset(
      revealing: selected, from: state.scrollOffset, state, caches, geometry: geometry)
    state.scrollOffset = Scrolling.clampedLazily(offset, state, caches, geometry: geometry)
  }

  /// `g`, `Home`: the first card, selected, with the top of the content on screen.
  static func selectFirstCard(_ state: inout BrowserState, caches: BrowserCaches) {
    guard !state.shown.isEmpty else { return }
    state.selected = 0
    state.scrollOffset = 0
    revealSelectionWhenHidden(&state, caches: caches)
  }

  /// `G`, `End`: the last card, selected, with the end of the content on screen (or, when
  /// the last card ends higher up than a screen above the end, the last card).
  static func selectLastCard(_ state: inout BrowserState, caches: BrowserCaches) {
    guard !state.shown.isEmpty else { return }
    let geometry = caches.geometry(for: state)
    state.selected = state.shown.count - 1
    state.scrollOffset = Scrolling.maximumOffset(state, caches, geometry: geometry)
    revealSelectionWhenHidden(&state, caches: caches)
  }

  /// Scrolls to the selected card only when none of it is on screen.
  private static func revealSelectionWhenHidden(
    _ state: inout BrowserState, caches: BrowserCaches
  ) {
    let geometry = caches.geometry(for: state)
    guard let selected = state.selected, let frame = caches.frame(ofShown: selected, in: state),
      !frame.intersects(geometry.viewport(scrolledTo: state.scrollOffset))
    else { return }
    revealSelection(&state, caches: caches)
  }

  /// Moves the selection to the nearest card in `direction`, by geometry: sideways, the
  /// next column's card that overlaps the selected one most vertically; up and down, the
  /// card above or below in its column.
  static func moveSelection(
    _ direction: SelectionDirection, _ state: inout BrowserState, caches: BrowserCaches
  ) {
    let geometry = caches.geometry(for: state)
    guard let selected = state.selected, let frame = caches.frame(ofShown: selected, in: state)
    else {
      return
    }
    if state.layoutOptions.kind.showsCardsAsChips && (direction == .left || direction == .right) {
      // Chips flow like text: sideways is the previous or next chip.
      let next = selected + (direction == .left ? -1 : 1)
      if next >= 0 && next < state.shown.count { state.selected = next }
      revealSelection(&state, caches: caches)
      return
    }
    let span = Swift.max(8, geometry.cardArea.height)
    var found: LayoutAttributes?
    switch direction {
    case .left, .right:
      let region =
        direction == .left
        ? Rect(x: 0, y: frame.minY - span, width: frame.minX, height: frame.height + 2 * span)
        : Rect(
          x: frame.maxX, y: frame.minY - span, width: Int.max / 4, height: frame.height + 2 * span)
      caches.prepare(through: region.maxY, for: state)
      let candidates = caches.cards(in: region, for: state).filter {
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
        caches.prepare(through: region.maxY, for: state)
        let candidates = caches.cards(in: region, for: state).filter {
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
          : (caches.layout(for: state).isFullyPrepared
            && frame.maxY + reach >= caches.layout(for: state).contentSize.height)
        if beyond { break }
        reach = reach > Int.max / 8 ? Int.max / 2 : reach * 4
      }
    }
    if let found { state.selected = found.index }
    revealSelection(&state, caches: caches)
  }

  private static func overlap(_ a: Rect, _ b: Rect) -> Int {
    Swift.max(0, Swift.min(a.maxY, b.maxY) - Swift.max(a.minY, b.minY))
  }

  /// The next (or previous) card of the search results, wrapping around.
  static func jumpToMatch(_ step: Int, _ state: inout BrowserState, caches: BrowserCaches) {
    guard !state.searchQuery.isEmpty else {
      state.message = "no search: press /"
      return
    }
    let count = state.shown.count
    guard count > 0 else { return }
    state.selected = ((state.selected ?? -step) + step + count) % count
    revealSelection(&state, caches: caches)
  }

  // MARK: Mouse

  /// A click at `pointer`: on a tag of the strip it shows only that tag's cards (again:
  /// all), on a card it selects it (and with `open` opens it), and gives the keys back to
  /// the cards.
  static func point(
    at pointer: MouseEvent, open: Bool, _ state: inout BrowserState, caches: BrowserCaches
  ) {
    let geometry = caches.geometry(for: state)
    let strip = geometry.regions.tagStrip
    if strip.height > 0 && pointer.y < strip.maxY {
      let point = Rect(
        x: pointer.x + state.tagStripOffset, y: pointer.y - strip.minY, width: 1, height: 1)
      let chipsWidth = TagStripWidget.chipsWidth(
        tagCount: state.stripTags.count, width: strip.width)
      guard pointer.x < chipsWidth, let chip = geometry.tagStrip.attributes(in: point).first else {
        return
      }
      let tags = state.stripTags
      guard chip.index < tags.count else { return }
      let tag = tags[chip.index]
      refilter(&state, caches: caches) { $0.tagFilter = $0.tagFilter == tag ? nil : tag }
      return
    }
    guard geometry.cardArea.contains(Rect(x: pointer.x, y: pointer.y, width: 1, height: 1)) else {
      return
    }
    let point = Rect(
      x: pointer.x, y: pointer.y - geometry.cardArea.minY + state.scrollOffset, width: 1,
      height: 1)
    guard let card = caches.cards(in: point, for: state).first else { return }
    state.selected = card.index
    state.mode = open ? state.openingMode : .browsing
  }
}
