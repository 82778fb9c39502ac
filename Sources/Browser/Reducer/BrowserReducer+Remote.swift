extension BrowserReducer {
  /// A request from `--listen`'s socket: carried out as the keys carry out the command of
  /// that name where the keys are now, or as `masonry render`'s requests are; the answer is
  /// the state after it (or why nothing was done).
  /// Returns the effects and whether the request positioned the cards, as a key's does.
  static func remote(
    _ request: RemoteRequest, connection: Int, _ state: inout BrowserState, caches: BrowserCaches
  ) -> (effects: [BrowserEffect], positionsCards: Bool) {
    var effects: [BrowserEffect] = []
    var refusal: String?
    var positions = true
    // What is typed at a prompt is the person's, and a terminal too small to draw takes
    // nothing but quitting: a request waits (only `state` is answered as it is).
    switch (request, state.mode.base) {
    case (.state, _), (.refused, _): break
    case (_, .searching), (_, .commandPrompt), (_, .filePrompt), (_, .labels):
      return ([.answer(connection: connection, refusal: Self.typing)], false)
    case _ where caches.geometry(for: state).isTooSmall:
      return ([.answer(connection: connection, refusal: "the terminal is too small")], false)
    default: break
    }
    switch request {
    case .refused(let why):
      positions = false
      refusal = why
    case .state:
      positions = false
    case .search(let query):
      positions = asked(.search(query), &state, caches: caches)
    case .select(let position):
      if (1...max(1, state.shown.count)).contains(position) && !state.shown.isEmpty {
        positions = asked(.select(position - 1), &state, caches: caches)
      } else {
        refusal = "select(N) takes 1 to \(state.shown.count)"
      }
    case .tag(let tag):
      positions = asked(.filter(tag: tag), &state, caches: caches)
    case .command(let name):
      (effects, positions, refusal) = remoteCommand(name, &state, caches: caches)
    }
    // Answered first: the state is the one after the request already, and an effect that
    // ends the browser (`quit`) must not end it before the answer.
    return ([.answer(connection: connection, refusal: refusal)] + effects, positions)
  }

  /// Why a request waits while a prompt is open.
  private static let typing = "the person is typing (a prompt is open); nothing done"

  /// The command called `name` in the context that has the keys, carried out by that
  /// context's handler, with the effects it returns.
  private static func remoteCommand(
    _ name: String, _ state: inout BrowserState, caches: BrowserCaches
  ) -> (effects: [BrowserEffect], positionsCards: Bool, refusal: String?) {
    func unknown(_ context: KeyContext) -> String {
      "'\(name)' is no action in \(context.title.lowercased())"
    }
    switch state.mode {
    case .browsing:
      guard let command = state.keys.cards.command(named: name) else {
        return ([], false, unknown(.cards))
      }
      let (effects, positions) = cardsCommand(command, pointer: nil, &state, caches: caches)
      return (effects, positions, nil)
    case .detail(let scroll):
      guard let command = state.keys.openCard.command(named: name) else {
        return ([], false, unknown(.openCard))
      }
      return (openCardCommand(command, scroll: scroll, &state, caches: caches), true, nil)
    case .viewer(let viewer):
      guard let command = state.keys.viewer.command(named: name) else {
        return ([], false, unknown(.viewer))
      }
      return (viewerCommand(command, viewer, pointer: nil, &state, caches: caches), true, nil)
    case .tags(let focused):
      guard let command = state.keys.tagStrip.command(named: name) else {
        return ([], false, unknown(.tagStrip))
      }
      tagCommand(command, focused: focused, pointer: nil, &state, caches: caches)
      return ([], true, nil)
    case .help(let scroll, let underneath):
      guard let command = state.keys.help.command(named: name) else {
        return ([], false, unknown(.help))
      }
      helpCommand(command, scroll: scroll, over: underneath, &state, caches: caches)
      return ([], true, nil)
    case .searching, .commandPrompt, .filePrompt, .labels:
      // What is typed there is the person's: a request waits until they are done.
      return ([], false, Self.typing)
    }
  }
}
