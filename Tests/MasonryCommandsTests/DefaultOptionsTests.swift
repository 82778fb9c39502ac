import MasonryCommands
import Testing

/// `MASONRY_OPTS`: default options before the command line, split as a shell splits words
/// (quotes, backslashes, nothing expanded); the command line wins; options only.
@Suite struct DefaultOptionsTests {
  @Test func defaultsComeFirstAndTheCommandLineWins() throws {
    let environment = ["MASONRY_OPTS": "--layout grid  --images 'none'"]
    let command = try BrowseCommand([], environment: environment)
    #expect(command.options.kind.name == "grid")
    #expect(!command.drawsThumbnails)
    #expect(
      try BrowseCommand(["--layout", "tiles"], environment: environment).options.kind.name
        == "tiles")
    #expect(
      try BrowseCommand(["--layout=zigzag"], environment: environment).options.kind.name == "zigzag"
    )
  }

  @Test func onlyOptionsAndWholeQuotes() {
    #expect(throws: (any Error).self) {
      try BrowseCommand([], environment: ["MASONRY_OPTS": "photos/"])
    }
    #expect(throws: (any Error).self) {
      try BrowseCommand([], environment: ["MASONRY_OPTS": "--layout grid extra.json"])
    }
    #expect(throws: (any Error).self) {
      try BrowseCommand([], environment: ["MASONRY_OPTS": "--layout 'grid"])
    }
    #expect(throws: (any Error).self) {
      try BrowseCommand([], environment: ["MASONRY_OPTS": "--bogus"])
    }
    // An option that takes a value, last: it would take the command line's first word.
    for line in ["--caption", "--layout grid --caption"] {
      #expect {
        try BrowseCommand(["cards.json"], environment: ["MASONRY_OPTS": line])
      } throws: { error in
        "\(error)".contains("MASONRY_OPTS: --caption needs a value")
      }
    }
  }

  @Test func wordsAsAShellSplitsThem() throws {
    #expect(
      try ShellWords.split(#"a 'b  c' "d \" e" f\ g  "#, name: "X") == [
        "a", "b  c", "d \" e", "f g",
      ])
    #expect(try ShellWords.split("", name: "X").isEmpty)
    #expect(try ShellWords.split("''", name: "X") == [""])
    #expect(try ShellWords.split(#""$HOME" *"#, name: "X") == ["$HOME", "*"], "nothing expanded")
    #expect(throws: (any Error).self) { try ShellWords.split("a\\", name: "X") }
  }
}
