import TerminalCore

extension Key {
  /// The key as `--bind` names it, as fzf does: `ctrl-o`, `alt-x`, `f5`, `space`, `enter`,
  /// `esc`, `tab`, `bspace`, `up`, `pgdn`, `shift-up`, or the character itself.
  package var bindName: String {
    switch self {
    case .character(" "): "space"
    case .character(let character): String(character)
    case .control(let character): "ctrl-" + String(character)
    case .alt(let character): "alt-" + String(character)
    case .function(let number): "f\(number)"
    case .up: "up"
    case .down: "down"
    case .left: "left"
    case .right: "right"
    case .shiftUp: "shift-up"
    case .shiftDown: "shift-down"
    case .pageUp: "pgup"
    case .pageDown: "pgdn"
    case .home: "home"
    case .end: "end"
    case .enter: "enter"
    case .escape: "esc"
    case .backspace: "bspace"
    case .tab: "tab"
    }
  }

  /// The names fzf also accepts for some keys.
  private static let otherNames: [String: Key] = [
    "return": .enter, "ctrl-m": .enter, "ctrl-j": .enter, "ctrl-i": .tab, "ctrl-h": .backspace,
    "bs": .backspace, "page-up": .pageUp, "page-down": .pageDown, "escape": .escape,
    "ctrl-[": .escape,
  ]

  /// The key `name` names, as `bindName` writes it (or as fzf also accepts); `nil` for a
  /// name of no key a terminal sends that masonry reads.
  package init?(bindName name: String) {
    if let key = Self.otherNames[name] {
      self = key
      return
    }
    let named: [Key] = [
      .up, .down, .left, .right, .shiftUp, .shiftDown, .pageUp, .pageDown, .home, .end,
      .enter, .escape, .backspace, .tab, .character(" "),
    ]
    if let key = named.first(where: { $0.bindName == name }) {
      self = key
      return
    }
    if name.count == 1, let character = name.first,
      character.unicodeScalars.allSatisfy({
        $0.value > 0x20 && $0.value != 0x7F && $0.value < 0x80 || $0.value > 0x9F
      })
    {
      self = .character(character)
      return
    }
    if name.hasPrefix("ctrl-"), name.count == 6, let letter = name.last,
      ("a"..."z").contains(letter)
    {
      self = .control(letter)
      return
    }
    if name.hasPrefix("alt-"), name.count == 5, let character = name.last,
      let scalar = character.unicodeScalars.first, (0x21...0x7E).contains(scalar.value)
    {
      self = .alt(character)
      return
    }
    if name.hasPrefix("f"), let number = Int(name.dropFirst()), (1...12).contains(number),
      name.count <= 3
    {
      self = .function(number)
      return
    }
    return nil
  }
}
