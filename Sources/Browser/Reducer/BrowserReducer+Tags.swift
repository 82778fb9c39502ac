import TerminalCore
import Widgets

extension BrowserReducer {
  /// The tag strip's keys: walking the chips in reading order (row by row, left to right),
  /// between rows, filtering and leaving. Leaving scrolls the strip back to its start.
  static func tagCommand(
    _ command: TagStripCommand, focused: Int, pointer: MouseEvent?,
    _ state: inout BrowserState, caches: BrowserCaches
  ) {
    let geometry = caches.geometry(for: state)
    let strip = ViewQueries.tagStrip(state, geometry: geometry)
    let order = strip.readingOrder
    switch command {
    case .widen:
      if !state.tagQuery.isEmpty {
        narrowTags(to: String(state.tagQuery.dropLast()), &state, caches: caches)
      }
      return
    case .clearTag where !state.tagQuery.isEmpty:
      // Esc first takes back what was typed.
      narrowTags(to: "", &state, caches: caches)
      return
    default:
      break
    }
    guard !order.isEmpty else {
      if command == .clearTag || command == .leaveTags { leaveTags(&state) }
      return
    }
    let position = order.firstIndex(of: focused) ?? 0
    var next: Int?
    switch command {
    case .previousTag: next = order[Swift.max(0, position - 1)]
    case .nextTag: next = order[Swift.min(order.count - 1, position + 1)]
    case .tagAbove: next = strip.tag(focused, rowsAway: -1) ?? focused
    case .tagBelow: next = strip.tag(focused, rowsAway: 1) ?? focused
    case .firstTag: next = order.first
    case .lastTag: next = order.last
    case .toggleTag:
      let tag = state.stripTags[focused]
      leaveTags(&state)
      refilter(&state, caches: caches) { $0.tagFilter = $0.tagFilter == tag ? nil : tag }
      state.message = state.tagFilter.map { "showing #\($0)" } ?? "all cards"
    case .clearTag:
      leaveTags(&state)
      if state.tagFilter != nil { refilter(&state, caches: caches) { $0.tagFilter = nil } }
    case .leaveTags:
      leaveTags(&state)
    case .widen:
      break
    case .showHelp:
      state.mode = .help(scroll: 0, over: state.mode)
    case .scrollCards(let rows):
      scroll(by: rows, &state, caches: caches)
    case .point(let open):
      if let pointer { point(at: pointer, open: open, &state, caches: caches) }
    }
    if let next {
      state.mode = .tags(focused: next)
      state.tagStripOffset = strip.offset(revealing: next, width: state.size.width)
    }
  }

  /// The keys back to the cards, the strip showing every tag from its start.
  private static func leaveTags(_ state: inout BrowserState) {
    state.mode = .browsing
    state.tagStripOffset = 0
    state.tagQuery = ""
  }

  /// The strip showing only the tags holding `query` (all of them when it is empty), the
  /// first of them focused; the cards keep their place on screen.
  static func narrowTags(to query: String, _ state: inout BrowserState, caches: BrowserCaches) {
    let focusedTag = state.mode.focusedTag.flatMap { index in
      index < state.stripTags.count ? state.stripTags[index] : nil
    }
    relayout(&state, caches: caches, animated: false) { $0.tagQuery = query }
    let tags = state.stripTags
    // The tag focused before, when it still shows; else the first that does.
    let focused = focusedTag.flatMap { tags.firstIndex(of: $0) }
    let strip = ViewQueries.tagStrip(state, geometry: caches.geometry(for: state))
    let next = focused ?? strip.readingOrder.first ?? 0
    state.mode = .tags(focused: next)
    state.tagStripOffset = tags.isEmpty ? 0 : strip.offset(revealing: next, width: state.size.width)
    state.message = nil
  }
}
