/// What the keys act on. One mode at a time; help opens over any other and returns to it.
package indirect enum BrowserMode: Hashable, Sendable {
  /// The cards: scrolling, selecting, switching layouts.
  case browsing
  /// The search prompt is open on the status row; the query before it opened comes back
  /// on Esc.
  case searching(previousQuery: String)
  /// The command prompt (`!`) is open on the status row with `command` typed so far.
  case commandPrompt(command: String)
  /// A prompt for a folder or a name to move, copy or rename files with, on the status row.
  case filePrompt(FilePrompt)
  /// The tag strip has the keys, on tag `focused` (an index into the tags the strip shows,
  /// `BrowserState.stripTags`: all of them, or those holding what was typed).
  case tags(focused: Int)
  /// Labels on the cards on screen: typing one reaches its card.
  case labels(LabelPrompt)
  /// The selected card's picture fills the screen.
  case viewer(PictureViewer)
  /// The selected card is open over the screen, scrolled down by `scroll` rows.
  case detail(scroll: Int)
  /// The keys, over `underneath`, scrolled down by `scroll` rows.
  case help(scroll: Int, over: BrowserMode)

  /// The mode under any help overlay.
  package var base: BrowserMode {
    if case .help(_, let underneath) = self { return underneath.base }
    return self
  }

  package var isEditingSearch: Bool {
    if case .searching = base { return true }
    return false
  }

  /// The command typed so far, while the command prompt is open.
  package var promptedCommand: String? {
    if case .commandPrompt(let command) = base { return command }
    return nil
  }

  /// The file prompt, while it is open.
  package var filePrompt: FilePrompt? {
    if case .filePrompt(let prompt) = base { return prompt }
    return nil
  }

  /// The focused tag, while the tag strip has the keys.
  package var focusedTag: Int? {
    if case .tags(let focused) = base { return focused }
    return nil
  }

  /// The labels' prompt, while the cards show labels.
  package var labelPrompt: LabelPrompt? {
    if case .labels(let prompt) = base { return prompt }
    return nil
  }

  /// The viewer, while a picture is open.
  package var viewer: PictureViewer? {
    if case .viewer(let viewer) = base { return viewer }
    return nil
  }

  /// How far the open card is scrolled, while a card is open.
  package var detailScroll: Int? {
    if case .detail(let scroll) = base { return scroll }
    return nil
  }

  /// How far the help is scrolled, while it shows.
  package var helpScroll: Int? {
    if case .help(let scroll, _) = self { return scroll }
    return nil
  }
}
