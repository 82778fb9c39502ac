import Browser
import Cards
import ChildProcesses
import Foundation
import LayoutEngine
import PictureFiles
import Synchronization
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
    #expect(effects.contains(.openExternally(.file("/p/a b.jpg"))))
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
    #expect(store.send(.key(.character("y"))).contains(.copy(Array("/p/a b.jpg".utf8))))
    store.press(.character("G"))
    #expect(store.send(.key(.character("y"))).contains(.copy(Array("words only".utf8))))
    // In the open card too.
    store.press(.enter)
    #expect(store.send(.key(.character("y"))).contains(.copy(Array("words only".utf8))))
    // A name that is not UTF-8: its own bytes, not the stand-ins it travels in; a relative
    // one as a program would get it.
    let bytes = Array("caf".utf8) + [0xE9] + Array(".jpg".utf8)
    let name = FileName.string(fromBytes: bytes)
    var latin = BrowserStore(
      CardCollection(
        source: "x",
        cards: [Card(caption: "c", image: CardImage(width: 1, height: 1, source: .file(name)))]),
      size: Self.size)
    #expect(latin.send(.key(.character("y"))).contains(.copy(Array("./".utf8) + bytes)))
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
    #expect(
      ProgramArguments.open(.file("a b.jpg"), with: set).words
        == ["feh", "--scale-down", "./a b.jpg"])
    #expect(
      ProgramArguments.open(.file("/p/-x.jpg"), with: set).words
        == ["feh", "--scale-down", "/p/-x.jpg"])
    // Bytes, not characters: `/` and a combining mark is still an absolute path.
    #expect(ProgramArguments.operand("/\u{301}tmp/x.jpg") == "/\u{301}tmp/x.jpg")
    #expect(ProgramArguments.operand(".\u{301}/x") == "./.\u{301}/x")
    #expect(set.allowsOSC52 && set.insideTmux)
    #expect(
      ProgramArguments.command("ls", paths: ["a b", "$(x)", "/abs", "../up"], with: set).words
        == ["/bin/bash", "-c", "ls \"$@\"", "masonry", "./a b", "./$(x)", "/abs", "../up"])
    #expect(ActionSettings(environment: [:], osc52: true).allowsOSC52)
  }

  /// The real shell, with names built to break a command line spliced together: each
  /// arrives whole, as one argument, and nothing in them runs.
  @Test func hostileNamesReachTheCommandWhole() throws {
    let directory = TemporaryFiles.makeDirectory()
    let output = directory + "/arguments"
    let names = [
      "a b.jpg", "it's.png", "$(touch \(directory)/pwned).gif", "x;y`z`\n.png", "-n",
      "--checkpoint-action=exec=touch \(directory)/pwned", "+!touch \(directory)/pwned",
    ]
    let arguments = ProgramArguments.command(
      "printf '%s\\0' > \(output)", paths: names, with: ActionSettings())
    #expect(ChildProcess.run(arguments, streams: .detached) == .exited(0))
    let written = try #require(FileManager.default.contents(atPath: output))
    let received = written.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    // Each whole, and none an option: relative names start with `./`.
    #expect(received == names.map { "./" + $0 })
    #expect(!FileManager.default.fileExists(atPath: directory + "/pwned"))
  }

  /// Openers that stay open (an image viewer) each hold a waiting thread of their own,
  /// never one of the pool's: with sixteen open, a quick program started after them (tmux's
  /// paste buffer for `y`) still ends and is reported while every opener is still running.
  @Test func openersThatStayOpenBlockNothing() throws {
    let directory = TemporaryFiles.makeDirectory()
    let viewer = ActionSettings(opener: ["/bin/sh", "-c", "sleep 60", "viewer"])
    let ended = Mutex<[String]>([])
    for index in 0..<16 {
      ChildProcess.runInBackground(.open(.file("\(index).jpg"), with: viewer), streams: .detached) {
        _ in ended.withLock { $0.append("viewer") }
      }
    }
    let done = DispatchSemaphore(value: 0)
    ChildProcess.runInBackground(
      .command("cat > \(directory)/copied", paths: [], with: ActionSettings()),
      streams: .input(Array("a path".utf8))
    ) { outcome in
      ended.withLock { $0.append("quick: \(outcome.summary)") }
      done.signal()
    }
    #expect(done.wait(timeout: .now() + 20) == .success)
    #expect(ended.withLock { $0 } == ["quick: exit 0"])
    #expect(try String(contentsOfFile: directory + "/copied", encoding: .utf8) == "a path")
    _ = try ProgramRun.shell("pkill -f 'sleep 60' || true")
  }

  @Test func outcomesOfChildren() {
    let shell = ActionSettings()
    #expect(
      ChildProcess.run(.command("exit 3", paths: [], with: shell), streams: .detached) == .exited(3)
    )
    #expect(
      ChildProcess.run(.command("kill -9 $$", paths: [], with: shell), streams: .detached)
        == .signalled(9))
    let missing = ChildProcess.run(
      .open(.file("x"), with: ActionSettings(opener: ["/nonexistent/opener"])), streams: .detached)
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
      {"caption":"script","url":"javascript:alert(1)"}
      {"caption":"spaced","url":"https://example.org/a b"}
      """
    let collection = try CardLoader.load(bytes: Array(lines.utf8), path: "u.jsonl")
    let cards = (0..<collection.cards.count).map { collection.cards[$0] }
    #expect(
      cards.map(\.url) == [
        "https://example.org/a?b=1", "https://example.org/é", "--help", "javascript:alert(1)",
        "https://example.org/a b",
      ])
    #expect(cards[0].jsonLine.contains(#""url":"https://example.org/a?b=1""#))
    var store = BrowserStore(collection, size: Self.size)
    #expect(
      store.send(.key(.character("o"))).contains(
        .openExternally(.address(OpenTarget.Address("https://example.org/a?b=1")!))))
    store.press(.enter)
    #expect(store.frame().plainText().contains("https://example.org/a?b=1"))
    // An option, a script and an address with a space reach no program.
    for index in 2..<5 {
      var alone = BrowserStore(
        CardCollection(source: "u.jsonl", cards: [cards[index]]), size: Self.size)
      #expect(
        !alone.send(.key(.character("o"))).contains {
          if case .openExternally = $0 { true } else { false }
        })
      #expect(alone.state.message == "this card's url is not an http, https or file address")
    }
    #expect(OpenTarget.Address("FILE:///x.jpg") != nil && OpenTarget.Address("HTTPS://a") != nil)
    // A no-break space, a line separator, a bidi override, a zero-width space: refused.
    for hidden in ["\u{A0}", "\u{2028}", "\u{202E}", "\u{200B}", "\u{FEFF}"] {
      #expect(OpenTarget.Address("https://example.org/a" + hidden + "b") == nil)
    }
    #expect(OpenTarget.Address("https://example.org/é") != nil)
    #expect(OpenTarget.Address("httpx://a") == nil && OpenTarget.Address("https://a\u{1B}") == nil)
  }
}
