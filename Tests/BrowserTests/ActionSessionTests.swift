import Browser
import Cards
import Foundation
import LayoutEngine
import PictureFiles
import TerminalCore
import TerminalTesting
import TestSupport
import Testing

/// `o`, `!` and `y`: the effects they return (what the program around `reduce` carries
/// out), the command prompt, and what the status bar says.
@Suite struct ActionSessionTests {
  static let size = Size(width: 100, height: 30)

  static func pictures() -> CardCollection {
    let cards =
      ["a b.jpg", "it's.png", "$(touch x).gif"].map { name in
        Card(
          caption: name,
          image: CardImage(width: 4, height: 3, path: name, source: .file("/p/" + name)))
      } + [Card(caption: "words only")]
    return CardCollection(source: "/p", cards: cards)
  }

  @Test func oOpensTheSelectedPictureAndSaysSo() {
    var store = BrowserStore(Self.pictures(), size: Self.size)
    let effects = store.send(.key(.character("o"))) { $0.message = "opening a b.jpg" }
    #expect(effects.contains(.openExternally("/p/a b.jpg")))
    store.send(.actionFinished("xdg-open: exit 4")) { $0.message = "xdg-open: exit 4" }
    store.press(.character("G"))
    #expect(
      store.send(.key(.character("o"))).allSatisfy {
        if case .openExternally = $0 { false } else { true }
      })
    #expect(store.state.message == "this card has no picture file to open")
  }

  @Test func theCommandPromptRunsOnTheMarkedFilesElseTheSelectedOne() {
    var store = BrowserStore(Self.pictures(), size: Self.size)
    store.send(.key(.character("!"))) { $0.mode = .commandPrompt(command: "") }
    #expect(store.frame().row(Self.size.height - 1).contains("!▏  a command to run on 1 file"))
    for character in "cp -t /tmp" { store.send(.key(.character(character))) }
    store.send(.key(.backspace))
    store.send(.paste("p\nx")) { $0.mode = .commandPrompt(command: "cp -t /tmp x") }
    store.press(.escape)
    #expect(store.state.mode == .browsing)
    // Marked: the marked files, in card order, each one argument.
    store.press(.character("G"), .character("m"), .character("g"), .character("m"))
    store.press(.character("l"), .character("m"))
    store.press(.character("!"))
    for character in "  ls -l " { store.press(.character(character)) }
    let effects = store.send(.key(.enter)) { $0.mode = .browsing }
    let marked = store.state.marks.sorted.compactMap {
      BrowserState.filePath(of: store.state.cards.cards[$0])
    }
    #expect(marked.count == 2, "the card without a picture has no file")
    #expect(effects.contains(.runCommand("ls -l", paths: marked)))
    // Nothing typed: nothing runs.
    store.press(.character("!"))
    #expect(!store.send(.key(.enter)).contains { if case .runCommand = $0 { true } else { false } })
  }

  @Test func noFileNoPrompt() {
    var store = BrowserStore(
      CardCollection(source: "x", cards: [Card(caption: "a")]), size: Self.size)
    store.send(.key(.character("!"))) { $0.message = "no picture file to run a command on" }
  }

  @Test func yCopiesThePathOrACaption() {
    var store = BrowserStore(Self.pictures(), size: Self.size)
    #expect(store.send(.key(.character("y"))).contains(.copy("/p/a b.jpg")))
    store.press(.character("G"))
    #expect(store.send(.key(.character("y"))).contains(.copy("words only")))
    // In the open card too.
    store.press(.enter)
    #expect(store.send(.key(.character("y"))).contains(.copy("words only")))
  }

  /// The settings the environment gives, and the argument vector a command gets: the
  /// command line is the shell's, each path one argument after it, never spliced in.
  @Test func settingsAndArguments() {
    let plain = ActionSettings(environment: [:])
    #expect(plain.opener == ["xdg-open"] && plain.shell == "/bin/sh")
    #expect(!plain.allowsOSC52 && !plain.insideTmux)
    let set = ActionSettings(
      environment: [
        "MASONRY_OPENER": "feh  --scale-down", "MASONRY_SHELL": "/bin/bash", "MASONRY_OSC52": "1",
        "TMUX": "/tmp/tmux-0/default,1,0",
      ])
    #expect(set.openArguments("a b.jpg") == ["feh", "--scale-down", "a b.jpg"])
    #expect(set.allowsOSC52 && set.insideTmux)
    #expect(
      set.commandArguments("ls", paths: ["a b", "$(x)"])
        == ["/bin/bash", "-c", "ls \"$@\"", "masonry", "a b", "$(x)"])
    #expect(ActionSettings(environment: [:], osc52: true).allowsOSC52)
  }

  /// The real shell, with names built to break a command line spliced together: each
  /// arrives whole, as one argument, and nothing in them runs.
  @Test func hostileNamesReachTheCommandWhole() throws {
    let directory = TemporaryFiles.makeDirectory()
    let output = directory + "/arguments"
    let names = ["a b.jpg", "it's.png", "$(touch \(directory)/pwned).gif", "x;y`z`\n.png", "-n"]
    let arguments = ActionSettings().commandArguments(
      "printf '%s\\0' > \(output)", paths: names)
    #expect(ChildProcess.run(arguments, streams: .detached) == .exited(0))
    let written = try #require(FileManager.default.contents(atPath: output))
    let received = written.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    #expect(received == names)
    #expect(!FileManager.default.fileExists(atPath: directory + "/pwned"))
  }

  @Test func outcomesOfChildren() {
    #expect(ChildProcess.run(["/bin/sh", "-c", "exit 3"], streams: .detached) == .exited(3))
    #expect(ChildProcess.run(["/bin/sh", "-c", "kill -9 $$"], streams: .detached) == .signalled(9))
    let missing = ChildProcess.run(["/nonexistent/opener", "x"], streams: .detached)
    #expect(missing == .notStarted("No such file or directory"))
    #expect(missing.summary == "cannot start: No such file or directory")
  }

  /// A card with a `url`: `o` opens it rather than the picture; the open card shows it;
  /// `--pick` prints it; both the fast and the careful reader read it.
  @Test func aCardsURLIsWhatOOpens() throws {
    let lines = """
      {"caption":"fast","url":"https://example.org/a?b=1","image":{"width":4,"height":3}}
      {"caption":"careful","url":"https://example.org/\\u00e9","tags":["x"],"extra":[1,{"k":null}]}
      {"caption":"dash","url":"--help"}
      """
    let collection = try CardLoader.load(bytes: Array(lines.utf8), path: "u.jsonl")
    let cards = (0..<collection.cards.count).map { collection.cards[$0] }
    #expect(cards.map(\.url) == ["https://example.org/a?b=1", "https://example.org/é", "--help"])
    #expect(cards[0].jsonLine.contains(#""url":"https://example.org/a?b=1""#))
    var store = BrowserStore(collection, size: Self.size)
    #expect(
      store.send(.key(.character("o"))).contains(.openExternally("https://example.org/a?b=1")))
    store.press(.enter)
    #expect(store.frame().plainText().contains("https://example.org/a?b=1"))
    store.press(.escape, .character("G"))
    #expect(
      !store.send(.key(.character("o"))).contains {
        if case .openExternally = $0 { true } else { false }
      })
    #expect(store.state.message == "this card's url is not an address")
  }
}
