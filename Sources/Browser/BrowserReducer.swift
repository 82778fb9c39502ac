import CardLayouts
import LayoutEngine
import TerminalCore
import Widgets

/// The one place where the browser's state changes: `reduce` takes the state and an
/// event and gives the new state (in place) and what the program must do. The content
/// cache is kept in step with the state, since moving a selection or anchoring a resize
/// needs the layout's geometry.
package enum BrowserReducer {
  /// Applies `event`, which happened at `time` (milliseconds, monotonic), and returns what
  /// the program must do.
  package static func reduce(
    _ state: inout BrowserState, _ event: BrowserEvent, at time: Int, content: inout BrowserContent
  ) -> [BrowserEffect] {
    state.time = time
    if let transition = state.transition, transition.isFinished(at: time) { state.transition = nil }
    let effect: BrowserEffect?
    switch event {
    case .started(let size):
      state.size = size
      start(&state, content: &content)
      effect = nil
    case .tick:
      effect = nil
    case .endOfInput:
      effect = .quit
    case .resized(let size):
      resize(&state, to: size, content: &content)
      effect = nil
    case .reloaded(let collection):
      reloaded(
        &state, content: &content,
        with: BrowserContent(collection: collection, style: state.layout.cardStyle))
      effect = nil
    case .reloadFailed(let reason):
      state.message = "reload failed: \(reason)"
      effect = nil
    case .paste(let text):
      guard state.isEditingSearch, !Scrolling.regions(state, content: content).isTooSmall else {
        return []
      }
      state.message = nil
      // A pasted line break or tab is part of the query, never Enter or a key.
      let query = String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 })
      refilter(&state, content: &content, selectFirst: true) { $0.searchQuery += query }
      effect = nil
    case .mouse(let mouse):
      guard !Scrolling.regions(state, content: content).isTooSmall else { return [] }
      state.message = nil
      handleMouse(mouse, &state, content: &content)
      effect = nil
    case .key(let key):
      if Scrolling.regions(state, content: content).isTooSmall {
        return key == .character("q") ? [.quit] : []
      }
      state.message = nil
      if state.isEditingSearch {
        effect = searchKey(key, &state, content: &content)
      } else if state.showsHelp {
        effect = helpKey(key, &state)
      } else if state.showsDetail {
        effect = detailKey(key, &state, content: &content)
      } else if state.focusedTag != nil {
        effect = tagKey(key, &state, content: &content)
      } else {
        effect = browseKey(key, &state, content: &content)
      }
    }
    return effect.map { [$0] } ?? []
  }

  /// Sets the selection for a state that has none yet (the first frame).
  static func start(_ state: inout BrowserState, content: inout BrowserContent) {
    Scrolling.update(&content, for: state)
    if state.selected == nil && !content.shown.isEmpty { state.selected = 0 }
    keepSelectionVisible(&state, content: &content)
  }

  // MARK: Browsing

  private static func browseKey(
    _ key: Key, _ state: inout BrowserState, content: inout BrowserContent
  ) -> BrowserEffect? {
    let page = Swift.max(1, Scrolling.regions(state, content: content).content.height - 1)
    switch key {
    case .up, .character("k"): scroll(by: -1, &state, content: &content)
    case .down, .character("j"): scroll(by: 1, &state, content: &content)
    case .pageUp, .character("b"): scroll(by: -page, &state, content: &content)
    case .pageDown, .character(" "): scroll(by: page, &state, content: &content)
    case .control("u"): scroll(by: -(page + 1) / 2, &state, content: &content)
    case .control("d"): scroll(by: (page + 1) / 2, &state, content: &content)
    case .home, .character("g"):
      state.scrollOffset = 0
      keepSelectionVisible(&state, content: &content)
    case .end, .character("G"):
      state.scrollOffset = Scrolling.maximumOffset(state, content: &content)
      keepSelectionVisible(&state, content: &content)
    case .left, .character("h"): moveSelection(.left, &state, content: &content)
    case .right, .character("l"): moveSelection(.right, &state, content: &content)
    case .shiftUp, .character("K"): moveSelection(.up, &state, content: &content)
    case .shiftDown, .character("J"): moveSelection(.down, &state, content: &content)
    case .enter:
      if state.selected != nil { state.detailScroll = 0 }
    case .character("/"):
      state.searchBeforeEditing = state.searchQuery
    case .character("n"): jumpToMatch(1, &state, content: &content)
    case .character("N"): jumpToMatch(-1, &state, content: &content)
    case .character("t"):
      if !content.tags.isEmpty {
        state.focusedTag = state.tagFilter.flatMap { content.tags.firstIndex(of: $0) } ?? 0
      }
    case .character(let digit) where ("1"..."5").contains(digit):
      let kinds = LayoutOptions.Kind.allCases
      let kind = kinds[Int(String(digit))! - 1]
      if kind != state.layout.kind {
        relayout(&state, content: &content, animated: true) { $0.layout.kind = kind }
      }
    case .character("+"), .character("-"):
      let current = content.layout.columnCount
      let count = Swift.min(12, Swift.max(1, current + (key == .character("+") ? 1 : -1)))
      relayout(&state, content: &content, animated: false) { $0.layout.columns = count }
      state.message = "\(content.layout.columnCount) columns"
    case .character("0"):
      relayout(&state, content: &content, animated: false) { $0.layout.columns = nil }
      state.message = "adaptive columns"
    case .character("p"):
      let cycle = MasonryLayoutPlacement.cycle
      let following = cycle[((cycle.firstIndex(of: state.layout.placement) ?? 0) + 1) % cycle.count]
      relayout(&state, content: &content, animated: true) { $0.layout.placement = following }
      state.message = "placement: " + MasonryLayoutPlacement.name(following)
    case .character("?"): state.showsHelp = true
    case .character("r"): return .reload
    case .character("q"): return .quit
    case .escape:
      if !state.searchQuery.isEmpty {
        refilter(&state, content: &content) { $0.searchQuery = "" }
      } else if state.tagFilter != nil {
        refilter(&state, content: &content) { $0.tagFilter = nil }
      }
    default:
      break
    }
    return nil
  }

  private static func helpKey(_ key: Key, _ state: inout BrowserState) -> BrowserEffect? {
    if [.escape, .character("q"), .character("?"), .enter].contains(key) {
      state.showsHelp = false
    }
    return nil
  }

  // MARK: Detail

  private static func detailKey(
    _ key: Key, _ state: inout BrowserState, content: inout BrowserContent
  ) -> BrowserEffect? {
    let rows = Swift.max(1, state.size.height - 3)
    switch key {
    case .up, .character("k"): scrollDetail(by: -1, &state, content: content)
    case .down, .character("j"): scrollDetail(by: 1, &state, content: content)
    case .pageUp, .character("b"): scrollDetail(by: -rows, &state, content: content)
    case .pageDown, .character(" "): scrollDetail(by: rows, &state, content: content)
    case .home, .character("g"): state.detailScroll = 0
    case .end, .character("G"): scrollDetail(by: .max / 2, &state, content: content)
    case .escape, .character("q"): state.detailScroll = nil
    case .character("?"): state.showsHelp = true
    default: break
    }
    return nil
  }

  static func scrollDetail(by delta: Int, _ state: inout BrowserState, content: BrowserContent) {
    guard let selected = state.selected, selected < content.shown.count else { return }
    let view = DetailView(
      card: content.shownCollection.cards[selected], index: selected,
      measurer: content.shownMeasurer
    )
    .contentHeight(width: state.size.width, height: state.size.height - 1)
    let maximum = Swift.max(0, view - (state.size.height - 1))
    state.detailScroll = Swift.max(0, Swift.min(maximum, (state.detailScroll ?? 0) + delta))
  }
}
