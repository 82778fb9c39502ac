extension BrowserReducer {
  /// A `--bind` action beyond the key tables' commands, on the selected card (the wall's,
  /// the open card's, the viewer's) and the marked ones: the effect that runs it.
  static func customAction(_ action: CustomAction, _ state: inout BrowserState) -> [BrowserEffect] {
    let values = bindingValues(state)
    switch action {
    case .execute(let command):
      let (script, arguments) = CommandTemplate(command).shellScript(values)
      return [.runScript(script, arguments: arguments, silent: false)]
    case .executeSilent(let command):
      let (script, arguments) = CommandTemplate(command).shellScript(values)
      return [.runScript(script, arguments: arguments, silent: true)]
    case .reload(let command):
      if state.load.isLoading, !state.load.isFollowHalted {
        state.message = "still reading the source"
        return []
      }
      let (script, arguments) = CommandTemplate(command).shellScript(values)
      state.marksAtRequest = state.marks
      state.message = "reading the cards a command prints"
      return [
        .reloadFrom(
          script, arguments: arguments, marked: state.marks.identities(in: state.cards.cards))
      ]
    case .become(let command):
      let (script, arguments) = CommandTemplate(command).shellScript(values)
      return [.become(script, arguments: arguments)]
    case .print(let text):
      return [.printText(CommandTemplate(text).text(values))]
    }
  }

  /// What the placeholders stand for now: the selected card's path and fields, and the
  /// marked cards' paths in card order.
  static func bindingValues(_ state: BrowserState) -> CommandTemplate.Values {
    let marked = state.marks.sorted.compactMap {
      $0 < state.cards.cards.count ? BrowserState.filePath(of: state.cards.cards[$0]) : nil
    }
    guard let selected = state.selectedCard, selected < state.cards.cards.count else {
      return CommandTemplate.Values(marked: marked)
    }
    let card = state.cards.cards[selected]
    return CommandTemplate.Values(
      path: BrowserState.filePath(of: card), marked: marked, caption: card.caption,
      id: card.id ?? "", url: card.url ?? "")
  }
}
