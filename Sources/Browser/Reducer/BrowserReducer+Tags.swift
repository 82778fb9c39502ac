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
    let strip = tagStrip(state, geometry: geometry)
    let order = strip.readingOrder
    guard !order.isEmpty else {
      state.mode = .browsing
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
      let tag = state.tags.order[focused]
      state.mode = .browsing
      state.tagStripOffset = 0
      refilter(&state, caches: caches) { $0.tagFilter = $0.tagFilter == tag ? nil : tag }
      state.message = state.tagFilter.map { "showing #\($0)" } ?? "all cards"
    case .clearTag:
      state.mode = .browsing
      state.tagStripOffset = 0
      if state.tagFilter != nil { refilter(&state, caches: caches) { $0.tagFilter = nil } }
    case .leaveTags:
      state.mode = .browsing
      state.tagStripOffset = 0
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
}
