/// The prompt of `c`, `x`, `R`, `e` and `#`: what the files will be (copied or moved into a
/// folder, renamed, a card file's captions and tags written) and what was typed; the
/// folders Tab found, to show.
package struct FilePrompt: Hashable, Sendable {
  package enum Action: Hashable, Sendable {
    case copy, move, rename
    /// The selected card's caption, written back to the card file.
    case caption
    /// The selected card's tags (`a, b, c`), written back.
    case tags
    /// Tags added to (`+a`) and removed from (`-b`) every marked card, written back.
    case markedTags

    /// The prompt's words before what is typed.
    package var label: String {
      switch self {
      case .copy: "copy to"
      case .move: "move to"
      case .rename: "rename to"
      case .caption: "caption"
      case .tags: "tags (a comma between)"
      case .markedTags: "tags +add -remove"
      }
    }

    /// Whether what is typed is a folder (Tab completes folder names).
    package var takesFolder: Bool {
      switch self {
      case .copy, .move: true
      case .rename, .caption, .tags, .markedTags: false
      }
    }
  }

  package var action: Action
  package var text: String
  /// The folders the last Tab found (shown while nothing else was typed since).
  package var candidates: [String] = []
  /// The cards it acts on, fixed when it opened (the selection may move meanwhile), and
  /// which replacement of the cards they are of (`BrowserState.cardsGeneration`).
  package var cards: [Int] = []
  package var generation = 0
  /// The folder a relative folder is found from: the (first) file's own, as in a file
  /// manager opened there.
  package var base: String?

  package init(_ action: Action, text: String = "", cards: [Int] = [], generation: Int = 0) {
    self.action = action
    self.text = text
    self.cards = cards
    self.generation = generation
  }
}
