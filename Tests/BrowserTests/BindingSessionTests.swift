import Browser
import Cards
import ChildProcesses
import Foundation
import LayoutEngine
import TerminalCore
import TestSupport
import Testing

/// `--bind`'s tables: every command has a name of its own in its context, a bound key
/// does what it is bound to there and nowhere else, and the custom actions return the
/// effects that run them with the selected and marked cards' values.
@Suite struct BindingSessionTests {
  static let size = Size(width: 100, height: 30)

  /// Every command of every table, named; no two of a table share a name (a name binds
  /// one command a context).
  @Test func everyCommandHasANameOfItsOwnInItsContext() {
    func check<Command: NamedCommand>(_ table: KeyTable<Command>) {
      let names = table.commands.map(\.name)
      #expect(Set(names).count == names.count, "\(table.context): \(names)")
      #expect(names.allSatisfy { !$0.isEmpty && !$0.contains(" ") && $0 == $0.lowercased() })
    }
    let tables = KeyTables.standard
    check(tables.cards)
    check(tables.openCard)
    check(tables.viewer)
    check(tables.labels)
    check(tables.tagStrip)
    check(tables.search)
    check(tables.commandPrompt)
    check(tables.filePrompt)
    check(tables.help)
    check(tables.anywhere)
    #expect(tables.cards.commands.count > 40)
  }

  @Test func keyNamesAsFzfWritesThem() {
    let keys: [Key] = [
      .character("a"), .character("?"), .character(" "), .control("o"), .alt("x"), .alt(","),
      .function(1), .function(12), .up, .down, .left, .right, .shiftUp, .shiftDown, .pageUp,
      .pageDown, .home, .end, .enter, .escape, .backspace, .tab, .character("é"),
    ]
    for key in keys { #expect(Key(bindName: key.bindName) == key, "\(key)") }
    #expect(Key(bindName: "space") == .character(" "))
    #expect(Key(bindName: "ctrl-o") == .control("o"))
    #expect(Key(bindName: "return") == .enter && Key(bindName: "ctrl-m") == .enter)
    #expect(Key(bindName: "bs") == .backspace && Key(bindName: "ctrl-h") == .backspace)
    for bad in ["", "ctrl-", "ctrl-1", "alt-", "alt-é", "f0", "f13", "foo", "ctrl-oo", "\u{1B}"] {
      #expect(Key(bindName: bad) == nil, "\(bad.debugDescription)")
    }
  }

  @Test func aNamedCommandBindsWhereItLivesAndNowhereElse() throws {
    var tables = KeyTables.standard
    try tables.bind(.control("n"), to: "down")
    try tables.bind(.alt("g"), to: "layout-grid")
    try tables.bind(.character("j"), to: "toggle-mark")
    #expect(tables.cards.command(for: .control("n")) == .scrollRows(1))
    #expect(tables.openCard.command(for: .control("n")) == .scrollRows(1))
    #expect(tables.help.command(for: .control("n")) == .scrollRows(1))
    #expect(tables.viewer.command(for: .control("n")) == nil, "the viewer has no down")
    #expect(tables.cards.command(for: .alt("g")) == .switchLayout(.grid))
    #expect(tables.cards.command(for: .character("j")) == .toggleMark, "j rebound")
    #expect(tables.cards.command(for: .down) == .scrollRows(1), "↓ still scrolls")
    #expect(tables.viewer.command(for: .character("j")) == .toggleMark)
    // The help lists the bindings first, in the order given, and no longer shows j
    // scrolling.
    let help = KeyBindings.plainText(for: tables)
    let cards = help.split(separator: "\n").drop { !$0.hasPrefix("Browsing") }.dropFirst()
    #expect(cards.first?.hasPrefix("  Ctrl-N") == true)
    #expect(cards.dropFirst().first?.hasPrefix("  Alt-g") == true)
    #expect(help.contains("  ↑ ↓ k                    scroll one row"))
  }

  /// A command whose only key was bound to another still has its name: it can be bound
  /// again in any order, and called over the socket.
  @Test func aNameOutlivesItsKey() throws {
    var tables = KeyTables.standard
    try tables.bind(.character("m"), to: "select-down")
    try tables.bind(.character(" "), to: "toggle-mark")
    #expect(tables.cards.command(for: .character(" ")) == .toggleMark)
    #expect(tables.cards.command(for: .character("m")) == .select(.down))
    try tables.bind(.character("q"), to: "execute(true)")
    #expect(tables.cards.command(named: "quit") == .quit)
  }

  @Test func bindingsThatCannotBe() {
    var tables = KeyTables.standard
    #expect(throws: KeyTables.Refusal.self) { try tables.bind(.control("c"), to: "quit") }
    #expect(throws: KeyTables.Refusal.self) { try tables.bind(.control("z"), to: "quit") }
    #expect(throws: KeyTables.Refusal.self) { try tables.bind(.character("x"), to: "accept") }
    #expect(throws: KeyTables.Refusal.self) { try tables.bind(.character("x"), to: "next-tag") }
    do {
      try tables.bind(.control("x"), to: "toggle-mrak")
      Issue.record("an unknown action bound")
    } catch {
      #expect(error.message == "unknown action 'toggle-mrak' (did you mean 'toggle-mark'?)")
    }
    for (action, message) in [
      (
        "execute(echo {q})", "unknown placeholder {q} (masonry has {}, {+}, {caption}, {id}, {url})"
      ),
      ("print({+f})", "unknown placeholder {+f} (masonry has {}, {+}, {caption}, {id}, {url})"),
      ("execute()", "execute() has no command"), ("become(  )", "become(  ) has no command"),
    ] {
      do {
        try tables.bind(.control("x"), to: action)
        Issue.record("\(action) bound")
      } catch {
        #expect(error.message == message)
      }
    }
    // The shell's own braces are the shell's.
    try? tables.bind(.control("y"), to: "execute(echo ${HOME} {1..3} {a,b} {})")
    #expect(tables.cards.command(for: .control("y")) != nil)
    tables = .standard
    #expect(tables == KeyTables.standard, "nothing bound by a refusal")
  }

  static func pictures() -> CardCollection {
    let names = ["a b.jpg", "it's\n\"q\".png", "$(touch x).gif", "-rf.png"]
    let cards = names.enumerated().map { index, name in
      Card(
        id: "id\(index)", caption: "caption \(index)",
        image: CardImage(
          width: 4, height: 3, path: name, source: .file(index == 3 ? name : "/p/" + name)),
        url: "https://e.org/\(index)")
    }
    return CardCollection(source: "/p", cards: cards)
  }

  static func store(_ bindings: [(Key, String)]) throws -> BrowserStore {
    var store = BrowserStore(Self.pictures(), size: Self.size)
    var tables = KeyTables.standard
    for (key, action) in bindings { try tables.bind(key, to: action) }
    store.setKeys(tables)
    return store
  }

  @Test func customActionsRunWithTheCardsValues() throws {
    var store = try Self.store([
      (.control("e"), "execute(vi {} {caption})"), (.control("s"), "execute-silent:echo {+}"),
      (.control("b"), "become(less {})"), (.control("p"), "print({id}: {url})"),
      (.function(5), "reload[find . -name {id}]"),
    ])
    #expect(
      store.send(.key(.control("e"))) == [
        .runScript(#"vi "${1}" "${2}""#, arguments: ["/p/a b.jpg", "caption 0"], silent: false)
      ])
    store.press(.character("m"))
    store.press(.character("G"))
    store.press(.character("m"))
    #expect(
      store.send(.key(.control("s"))) == [
        .runScript(#"echo "${1}" "${2}""#, arguments: ["/p/a b.jpg", "./-rf.png"], silent: true)
      ], "every marked card, a relative path as ./")
    #expect(store.send(.key(.control("b"))) == [.become(#"less "${1}""#, arguments: ["./-rf.png"])])
    #expect(store.send(.key(.control("p"))) == [.printText("id3: https://e.org/3")])
    let reload = store.send(.key(.function(5)))
    guard case .reloadFrom(let script, let arguments, _) = reload.first else {
      Issue.record("no reload: \(reload)")
      return
    }
    #expect(script == #"find . -name "${1}""# && arguments == ["id3"])
    #expect(store.state.message == "reading the cards a command prints")
  }

  /// The script and its arguments given to a real shell: each value arrives whole, as the
  /// bytes it is; nothing in a value runs.
  @Test func hostileValuesReachTheCommandAsTheyAre() throws {
    let folder = TemporaryFiles.makeDirectory()
    let values = [
      "a b", "it's", "\"quoted\"", "$(touch \(folder)/pwned)", "`touch \(folder)/pwned`",
      "new\nline", "-rf", "--checkpoint-action=exec=sh", "ünï ☃", "*", "$HOME", "",
    ]
    for value in values {
      let template = CommandTemplate("printf '<%s>' {} {+} {caption} {id} {url}")
      let (script, arguments) = template.shellScript(
        CommandTemplate.Values(
          path: "/p/" + value, marked: ["/m/" + value, value.isEmpty ? "e" : value],
          caption: value, id: value, url: value))
      let run = try ProgramRun.run(
        "/bin/sh", ["-c", script, "masonry"] + arguments)
      let relative = ProgramArguments.operand(value.isEmpty ? "e" : value)
      #expect(
        run.output == "</p/\(value)></m/\(value)><\(relative)><\(value)><\(value)><\(value)>",
        "\(value.debugDescription)")
      #expect(!FileManager.default.fileExists(atPath: folder + "/pwned"))
    }
  }

  /// The person may write a placeholder in quotes, as they would a shell variable: it
  /// stays one word, unsplit and unglobbed, in double quotes, in single quotes, and in the
  /// middle of a quoted word.
  @Test func placeholdersInQuotesStayWhole() throws {
    let folder = TemporaryFiles.makeDirectory()
    for value in ["old *.jpg", "a  b", "it's", "$(touch \(folder)/pwned)", "x\"y", "back\\slash"] {
      let template = CommandTemplate(#"printf '<%s>' "{}" '{}' "at {caption}!" 'no {'"{id}" {+}"#)
      let (script, arguments) = template.shellScript(
        CommandTemplate.Values(path: "/p/" + value, marked: [], caption: value, id: value))
      let run = try ProgramRun.run(
        "/bin/sh", ["-c", script, "masonry"] + arguments)
      #expect(
        run.output == "</p/\(value)></p/\(value)><at \(value)!><no {\(value)></p/\(value)>",
        "\(value.debugDescription): \(script)")
      #expect(!FileManager.default.fileExists(atPath: folder + "/pwned"))
    }
  }

  @Test func printGivesTheValuesThemselves() {
    let text = CommandTemplate("{} and {+} {nope} ${HOME}").text(
      CommandTemplate.Values(path: "a b", marked: ["x", "y"]))
    #expect(text == "./a b and ./x\n./y {nope} ${HOME}")
  }
}
