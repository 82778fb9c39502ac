import LayoutEngine

extension BrowserReducer {
  /// The narrowest viewport: the smallest terminal that holds a column of cards (or the
  /// terminal itself, when narrower still).
  static func minimumViewportWidth(_ state: BrowserState) -> Int {
    Swift.min(ScreenRegions.minimumSize.width, state.terminalSize.width)
  }

  /// How a viewport key moves the viewport.
  enum ViewportMove {
    case narrower, wider, previousBreakpoint, nextBreakpoint, fullWidth
  }

  /// Moves the viewport: the browser then behaves as after a real resize to the new width
  /// (`resize(_:caches:by:)`), the selected card keeping its row.
  static func moveViewport(
    _ move: ViewportMove, _ state: inout BrowserState, caches: BrowserCaches
  ) {
    let full = state.terminalSize.width
    let current = state.viewportWidth.map { Swift.min($0, full) } ?? full
    let target: Int?
    switch move {
    case .narrower:
      target = current - 1
    case .wider:
      // At the full width already, without a viewport: nothing to widen.
      target = state.viewportWidth == nil ? nil : current + 1
    case .previousBreakpoint, .nextBreakpoint:
      var probe = state
      probe.viewportWidth = current
      let ruler = ViewQueries.ruler(for: probe)
      let breakpoint = move == .previousBreakpoint ? ruler.narrower : ruler.wider
      target = breakpoint?.width
      if target == nil { state.message = "no breakpoint that way" }
    case .fullWidth:
      resize(&state, caches: caches) { $0.viewportWidth = nil }
      return
    }
    guard let target else { return }
    let width = Swift.min(full, Swift.max(minimumViewportWidth(state), target))
    if width == current && state.viewportWidth != nil {
      state.message = width == full ? "the terminal's full width" : "the narrowest viewport"
      return
    }
    resize(&state, caches: caches) { $0.viewportWidth = width }
  }
}
