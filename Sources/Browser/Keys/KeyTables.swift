import TerminalCore
import TerminalText

/// The key tables in force: the standard ones (`KeyBindings`) with the person's `--bind`
/// bindings laid over them. The reducer looks every input up here and the help overlay
/// and `masonry --keys` print these, so what a key does and what the help says it does
/// cannot disagree.
package struct KeyTables: Sendable, Equatable {
  package var cards = KeyBindings.cards
  package var openCard = KeyBindings.openCard
  package var viewer = KeyBindings.viewer
  package var labels = KeyBindings.labels
  package var tagStrip = KeyBindings.tagStrip
  package var search = KeyBindings.search
  package var commandPrompt = KeyBindings.commandPrompt
  package var filePrompt = KeyBindings.filePrompt
  package var help = KeyBindings.help
  package var anywhere = KeyBindings.anywhere
  /// The bindings laid over the standard tables, as written, in order.
  package private(set) var bound: [(key: Key, action: String)] = []

  package static let standard = KeyTables()

  package init() {}

  /// The tables follow from the bindings laid over the standard ones, in order.
  package static func == (a: KeyTables, b: KeyTables) -> Bool {
    a.bound.map(\.key) == b.bound.map(\.key) && a.bound.map(\.action) == b.bound.map(\.action)
  }

  /// Every context's lines as the documents print them, in the order of the contexts.
  package var documented: [(context: KeyContext, bindings: [DocumentedBinding])] {
    KeyContext.allCases.map { context in
      switch context {
      case .cards: (context, cards.documented)
      case .openCard: (context, openCard.documented)
      case .viewer: (context, viewer.documented)
      case .labels: (context, labels.documented)
      case .tagStrip: (context, tagStrip.documented)
      case .search: (context, search.documented)
      case .commandPrompt: (context, commandPrompt.documented)
      case .filePrompt: (context, filePrompt.documented)
      case .help: (context, help.documented)
      case .anywhere: (context, anywhere.documented)
      }
    }
  }

  /// Why a binding cannot be made.
  package struct Refusal: Error, Hashable, Sendable {
    package var message: String
  }

  /// Lays `key` → `action` over the tables: a named command binds in every context whose
  /// table has a command of that name (`toggle-mark`: the wall, an open card, the viewer);
  /// `execute(…)` and the other custom actions bind where a card is selected (the wall,
  /// an open card, the viewer).
  ///
  /// - Throws: `Refusal` for an unknown action, or a key that would hide another: one of
  ///   the keys every context shares (Ctrl-C, Ctrl-Z), or a typed character where the
  ///   action's context takes text (the search, the prompts, the labels).
  package mutating func bind(_ key: Key, to action: String) throws(Refusal) {
    if anywhere.command(for: key) != nil {
      throw Refusal(
        message:
          "\(key.bindName) is \(anywhere.command(for: key)!.name) in every context; it cannot be bound"
      )
    }
    var contexts: [KeyContext] = []
    if let custom = Self.customAction(action) {
      let template: String
      switch custom {
      case .execute(let text), .executeSilent(let text), .reload(let text), .become(let text):
        guard !text.allSatisfy(\.isWhitespace) else {
          throw Refusal(message: "\(action) has no command")
        }
        template = text
      case .print(let text): template = text
      }
      if let unknown = CommandTemplate(template).unknownPlaceholders.first {
        throw Refusal(
          message: "unknown placeholder \(unknown) (masonry has {}, {+}, {caption}, {id}, {url})")
      }
      cards = cards.binding(key, to: .custom(custom), action)
      openCard = openCard.binding(key, to: .custom(custom), action)
      viewer = viewer.binding(key, to: .custom(custom), action)
      contexts = [.cards, .openCard, .viewer]
    } else {
      func lay<Command: NamedCommand>(_ table: inout KeyTable<Command>) {
        guard let command = table.command(named: action) else { return }
        table = table.binding(key, to: command, action)
        contexts.append(table.context)
      }
      lay(&cards)
      lay(&openCard)
      lay(&viewer)
      lay(&tagStrip)
      lay(&help)
      lay(&labels)
      lay(&search)
      lay(&commandPrompt)
      lay(&filePrompt)
    }
    guard !contexts.isEmpty else {
      let head = String(action.prefix { !"([{:".contains($0) })
      let suggestion = NearestWord.nearest(head, among: allNames).map { " (did you mean '\($0)'?)" }
      throw Refusal(message: "unknown action '\(action)'\(suggestion ?? "")")
    }
    let typing: Set<KeyContext> = [.labels, .search, .commandPrompt, .filePrompt, .tagStrip]
    if case .character = key, let context = contexts.first(where: typing.contains) {
      throw Refusal(
        message: "\(key.bindName) is typed text in \(context.title.lowercased()); bind another key")
    }
    bound.append((key, action))
  }

  /// The custom action `text` writes (`execute(vi {})`), if it is one.
  static func customAction(_ text: String) -> CustomAction? {
    guard let open = text.firstIndex(where: { "([{:".contains($0) }) else { return nil }
    let name = String(text[..<open])
    var argument = text[text.index(after: open)...]
    let close: Character? =
      switch text[open] {
      case "(": ")"
      case "[": "]"
      case "{": "}"
      default: nil
      }
    if let close {
      guard argument.last == close else { return nil }
      argument = argument.dropLast()
    }
    return CustomAction(name: name, argument: String(argument))
  }

  /// Every command name of every table, and the custom actions'.
  package var allNames: [String] {
    var names = Set(CustomAction.names)
    names.formUnion(cards.known.map(\.name))
    names.formUnion(openCard.known.map(\.name))
    names.formUnion(viewer.known.map(\.name))
    names.formUnion(tagStrip.known.map(\.name))
    names.formUnion(help.known.map(\.name))
    names.formUnion(labels.known.map(\.name))
    names.formUnion(search.known.map(\.name))
    names.formUnion(commandPrompt.known.map(\.name))
    names.formUnion(filePrompt.known.map(\.name))
    return names.filter { !$0.contains("(") }.sorted()
  }
}
