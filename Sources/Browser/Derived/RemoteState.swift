import Cards
import TerminalText

/// The browser's state as `--listen` answers every request with it: one line of JSON —
/// where the keys are, the layout, the query, the tag filter, the counts, the selected
/// card and the marked ones (the first `markedLimit`, with their count).
package enum RemoteState {
  /// At most this many marked cards in an answer (`markedCount` says how many there are).
  package static let markedLimit = 1000

  package static func json(_ state: BrowserState) -> String {
    var fields: [String] = [
      "\"mode\":\(JSONText.quoted(mode(state.mode)))",
      "\"layout\":\(JSONText.quoted(state.layoutOptions.kind.name))",
      "\"query\":\(JSONText.quoted(state.searchQuery))",
      "\"filter\":\(state.tagFilter.map(JSONText.quoted) ?? "null")",
      "\"shown\":\(state.shown.count)", "\"total\":\(state.cards.cards.count)",
      "\"loading\":\(state.load.isLoading)",
    ]
    let selected = state.selectedCard.map {
      card(state, $0, position: state.selected.map { $0 + 1 })
    }
    fields.append("\"selected\":\(selected ?? "null")")
    let marked = state.marks.sorted
    fields.append("\"markedCount\":\(marked.count)")
    fields.append(
      "\"marked\":["
        + marked.prefix(markedLimit).map { card(state, $0, position: nil) }.joined(separator: ",")
        + "]")
    return "{" + fields.joined(separator: ",") + "}"
  }

  /// Card `index` as an object: its place, fields and picture path.
  private static func card(_ state: BrowserState, _ index: Int, position: Int?) -> String {
    guard index < state.cards.cards.count else { return "null" }
    let card = state.cards.cards[index]
    var fields = ["\"index\":\(index)"]
    if let position { fields.append("\"position\":\(position)") }
    fields.append("\"caption\":\(JSONText.quoted(card.caption))")
    if let id = card.id { fields.append("\"id\":\(JSONText.quoted(id))") }
    if let comment = card.comment { fields.append("\"comment\":\(JSONText.quoted(comment))") }
    fields.append("\"tags\":[" + card.tags.map(JSONText.quoted).joined(separator: ",") + "]")
    if let path = BrowserState.filePath(of: card) {
      fields.append("\"path\":\(JSONText.quoted(path))")
    }
    if let url = card.url { fields.append("\"url\":\(JSONText.quoted(url))") }
    if let alt = card.alt { fields.append("\"alt\":\(JSONText.quoted(alt))") }
    return "{" + fields.joined(separator: ",") + "}"
  }

  /// Where the keys are, as an answer names it.
  private static func mode(_ mode: BrowserMode) -> String {
    switch mode {
    case .browsing: "cards"
    case .searching: "search"
    case .commandPrompt: "command-prompt"
    case .filePrompt: "file-prompt"
    case .tags: "tags"
    case .labels: "labels"
    case .viewer: "viewer"
    case .detail: "open-card"
    case .help: "help"
    }
  }
}
