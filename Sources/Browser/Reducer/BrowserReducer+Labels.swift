import TerminalCore
import TerminalText

// Labels (`f`): a label on every card on screen; typing one selects its card (capitals
// open it; after Tab, each card reached is marked and the labels stay).

extension BrowserReducer {
  static func showLabels(_ state: inout BrowserState, caches: BrowserCaches) {
    guard !ViewQueries.labelTargets(state, caches: caches).isEmpty else {
      state.message = "no card on screen"
      return
    }
    state.mode = .labels(LabelPrompt())
  }

  /// A key while the labels show: a letter of a label, Tab, Backspace, Esc.
  static func labelKey(
    _ key: Key, prompt: LabelPrompt, _ state: inout BrowserState, caches: BrowserCaches
  ) -> [BrowserEffect] {
    var prompt = prompt
    if let command = state.keys.labels.command(for: key) {
      switch command {
      case .switchAction:
        prompt.action = prompt.action == .select ? .mark : .select
      case .deleteBackward:
        guard !prompt.typed.isEmpty else { return [] }
        prompt.typed.removeLast()
      case .cancel:
        state.mode = .browsing
        return []
      }
      state.mode = .labels(prompt)
      return []
    }
    guard case .character(let character) = key, character.isLetter, character.isASCII else {
      return []
    }
    let opens = character.isUppercase
    prompt.typed += character.lowercased()
    let targets = ViewQueries.labelTargets(state, caches: caches)
    guard let reached = targets.first(where: { $0.label == prompt.typed }) else {
      if targets.contains(where: { $0.label.hasPrefix(prompt.typed) }) {
        state.mode = .labels(prompt)
      } else {
        state.message = "no card labelled “\(prompt.typed)”"
        prompt.typed = ""
        state.mode = .labels(prompt)
      }
      return []
    }
    state.selected = reached.shown
    if opens {
      state.mode = .browsing
      state.mode = state.openingMode
      return []
    }
    switch prompt.action {
    case .select:
      state.mode = .browsing
    case .mark:
      // Marking goes on: the labels stay for the next card.
      state.marks.toggle(state.shown[reached.shown])
      state.message = Counted.phrase(state.marks.count, "card") + " marked"
      prompt.typed = ""
      state.mode = .labels(prompt)
    }
    return []
  }
}
