extension BrowserReducer {
  /// Does what a script asks, as the keys that ask for it do: selecting reveals the card,
  /// scrolling takes the selection along when it leaves the screen, a filter keeps the
  /// selected card when it is still shown, a viewport lays out again as a resize does.
  /// Returns whether the request positioned the cards.
  static func asked(_ request: BrowserRequest, _ state: inout BrowserState, caches: BrowserCaches)
    -> Bool
  {
    guard !caches.geometry(for: state).isTooSmall else { return false }
    switch request {
    case .select(let index):
      guard index >= 0, index < state.shown.count else { return false }
      state.selected = index
      revealSelection(&state, caches: caches)
    case .scroll(let row):
      scroll(by: Swift.max(0, row) - state.scrollOffset, &state, caches: caches)
    case .filter(let tag):
      refilter(&state, caches: caches) { $0.tagFilter = tag }
    case .search(let query):
      state.mode = .browsing
      refilter(&state, caches: caches, selectFirst: true) { $0.searchQuery = query }
    case .viewport(let width):
      resize(&state, caches: caches) { $0.viewportWidth = width }
      return false
    case .open:
      if state.selected != nil { state.mode = state.openingMode }
    case .help:
      state.mode = .help(scroll: 0, over: state.mode)
    case .accessible:
      state.accessible = true
      if state.selected == nil && !state.shown.isEmpty { state.selected = 0 }
    }
    return true
  }
}
