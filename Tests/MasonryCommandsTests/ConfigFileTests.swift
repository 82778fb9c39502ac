import Foundation
import MasonryCommands
import TestSupport
import Testing

/// The config file: options as on the command line, `#` comments; read before
/// `MASONRY_OPTS` and the command line, which win; every mistake named at its
/// `file:line:column` with exit 64 before anything is loaded; `--print-config` says where
/// each option in force came from.
@Suite struct ConfigFileTests {
  /// A config folder holding `text` as `masonry/config`, and the environment naming it.
  package static func environment(_ text: String, more: [String: String] = [:]) -> (
    path: String, environment: [String: String]
  ) {
    let folder = Self.folder()
    let path = TemporaryFiles.write(Array(text.utf8), to: folder + "/masonry/config")
    return (path, ["XDG_CONFIG_HOME": folder].merging(more) { $1 })
  }

  /// A fresh folder holding an empty `masonry` folder.
  static func folder() -> String {
    let folder = TemporaryFiles.makeDirectory()
    try? FileManager.default.createDirectory(
      atPath: folder + "/masonry", withIntermediateDirectories: true)
    return folder
  }

  /// What the browser's command says for `arguments`: its exit status and error line.
  static func run(_ arguments: [String], _ environment: [String: String]) -> (Int32, String, String)
  {
    var output = CapturedOutput()
    let status = BrowseCommand.run(arguments, environment: environment, output: &output) { _ in 0 }
    return (status, output.standardOutput, output.standardError)
  }

  @Test func theFileThenTheVariableThenTheCommandLine() throws {
    let (_, environment) = Self.environment(
      "# mine\n--layout tiles --columns 3  # three\n\n--images none\n")
    var command = try BrowseCommand([], environment: environment)
    #expect(command.options.kind.name == "tiles" && !command.drawsThumbnails)
    #expect(command.options.columns == 3)
    var both = environment
    both["MASONRY_OPTS"] = "--layout grid"
    command = try BrowseCommand([], environment: both)
    #expect(command.options.kind.name == "grid", "MASONRY_OPTS after the file")
    command = try BrowseCommand(["--layout", "zigzag"], environment: both)
    #expect(command.options.kind.name == "zigzag", "the command line last")
    command = try BrowseCommand(["--no-config"], environment: environment)
    #expect(command.options.kind.name == "masonry" && command.drawsThumbnails)
    let (other, _) = Self.environment("--layout grid\n")
    command = try BrowseCommand(["--config", other], environment: environment)
    #expect(command.options.kind.name == "grid" && command.drawsThumbnails, "only the one named")
    command = try BrowseCommand(
      [], environment: environment.merging(["MASONRY_OPTS": "--config=\(other)"]) { $1 })
    #expect(command.options.kind.name == "grid", "--config in MASONRY_OPTS")
  }

  @Test func whereTheFileIsLookedFor() {
    #expect(
      ConfigFile.standardPath(environment: ["XDG_CONFIG_HOME": "/c", "HOME": "/h"])
        == "/c/masonry/config")
    #expect(
      ConfigFile.standardPath(environment: ["XDG_CONFIG_HOME": "rel", "HOME": "/h"])
        == "/h/.config/masonry/config", "a relative XDG_CONFIG_HOME is ignored")
    #expect(ConfigFile.standardPath(environment: ["HOME": ""]) == nil)
  }

  @Test(arguments: [
    ("--colums 3\n", 1, 1, "unknown option '--colums' (did you mean '--columns'?)"),
    (
      "--layout grid\n  --layot grid\n", 2, 3, "unknown option '--layot' (did you mean '--layout'?)"
    ),
    (
      "--layout foo\n", 1, 10,
      "--layout must be one of masonry, grid, tiles, zigzag, tags, not 'foo'"
    ),
    ("# x\n--caption\n--layout grid\n", 2, 1, "--caption needs a value on its line"),
    ("--caption 'a b\n", 1, 11, "a ' is not closed"),
    (
      "--layout grid photos/\n", 1, 15,
      "options only, not 'photos/' (a SOURCE goes on the command line)"
    ),
    ("--print0\n", 1, 1, "--print0 goes with --pick"),
    ("--config other\n", 1, 1, "--config is not for the config file"),
    ("--print-config\n", 1, 1, "--print-config is not for the config file"),
    ("--help\n", 1, 1, "--help goes on the command line alone"),
    ("--follow=yes\n", 1, 1, "--follow takes no value"),
    ("--columns 99999\n", 1, 11, "--columns needs a whole number from 1 to 100, not '99999'"),
    ("--caption é\u{1B}[31m\n", 1, 12, "a control character (U+001B) in a config file"),
    (
      "--images none\r\n--animate maybe\r\n", 2, 11,
      "--animate must be one of all, selected, off, not 'maybe'"
    ),
  ])
  func aMistakeIsNamedWhereItIs(text: String, line: Int, column: Int, message: String) {
    let (path, environment) = Self.environment(text)
    let (status, output, error) = Self.run([], environment)
    #expect(status == 64 && output.isEmpty)
    #expect(error == "masonry: \(path):\(line):\(column): \(message)\n")
  }

  @Test func aBadValueIsAnErrorEvenWhereALaterOneReplacesIt() {
    let (path, environment) = Self.environment("--layout foo\n")
    let (status, _, error) = Self.run(["--layout", "grid"], environment)
    #expect(status == 64 && error.hasPrefix("masonry: \(path):1:10: --layout must be one of"))
    // A value that needs a companion is fine where the companion comes later.
    let (_, picking) = Self.environment("--print0\n")
    #expect(Self.run(["--pick"], picking).0 == 0)
    // The command line's own mistakes are the command line's.
    let (_, plain) = Self.environment("--layout grid\n")
    let (_, _, commandLine) = Self.run(["--layout", "nope"], plain)
    #expect(
      commandLine.hasPrefix("masonry: --layout must be one of")
        && commandLine.hasSuffix("see 'masonry --help'\n"))
  }

  @Test func bytesThatAreNotUTF8AreNamedByTheirColumn() {
    let folder = Self.folder()
    let path = TemporaryFiles.write(
      Array("--layout grid\n--caption 'é".utf8) + [0xFF, 0x27, 0x0A], to: folder + "/masonry/config"
    )
    let (status, _, error) = Self.run([], ["XDG_CONFIG_HOME": folder])
    #expect(status == 64 && error == "masonry: \(path):2:13: this line is not UTF-8\n")
  }

  /// A byte order mark at the start (an editor on another system wrote it) is no part of
  /// the first option; anywhere else it is a character like any other.
  @Test func aByteOrderMarkAtTheStartIsSkipped() throws {
    let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    let words = try ConfigFile.words(of: bom + Array("--layout grid\n".utf8), path: "c")
    #expect(words.map(\.text) == ["--layout", "grid"])
    #expect(words.first?.origin == .config(path: "c", line: 1, column: 1))
    let later = try ConfigFile.words(
      of: Array("--layout ".utf8) + bom + Array("grid".utf8), path: "c")
    #expect(later.map(\.text) == ["--layout", "\u{FEFF}grid"])
  }

  @Test func aFileNamedButMissingIs66AndAMissingStandardOneIsNothing() {
    let (status, _, error) = Self.run(["--config", "/no/such/config"], [:])
    #expect(status == 66)
    #expect(
      error == "masonry: /no/such/config: cannot read the config file: No such file or directory\n")
    #expect(Self.run([], ["XDG_CONFIG_HOME": TemporaryFiles.makeDirectory()]).0 == 0)
    let folder = TemporaryFiles.makeDirectory()
    #expect(Self.run(["--config", folder], [:]).0 == 66, "a folder")
    let big = Self.environment(String(repeating: "--flat\n", count: 160_000))
    let (bigStatus, _, bigError) = Self.run([], big.environment)
    #expect(
      bigStatus == 64 && bigError == "masonry: \(big.path): a config file holds at most 1 MB\n")
  }

  @Test func printConfigSaysWhereEachOptionCameFrom() {
    let (path, environment) = Self.environment("--layout tiles\n--caption 'my title' --flat\n")
    var both = environment
    both["MASONRY_OPTS"] = "--columns 4"
    let (status, output, error) = Self.run(
      ["--print-config", "--color=16", "--layout", "grid"], both)
    #expect(status == 0 && error.isEmpty)
    #expect(
      output == """
        # masonry's options in force; the command line wins over MASONRY_OPTS, which wins over the config file
        # config file: \(path)
        --caption 'my title'  # \(path):2
        --flat                # \(path):2
        --columns 4           # MASONRY_OPTS
        --color 16            # the command line
        --layout grid         # the command line

        """)
    let none = Self.run(["--print-config", "--no-config"], environment).1
    #expect(none.contains("# config file: none (--no-config)\n# no options"))
  }

  /// What `--print-config` prints is a config file that gives the same options.
  @Test func printConfigReadsBackAsTheSame() throws {
    var random = SeededGenerator(seed: 50)
    let values = ["plain", "two words", "it's", #"a "quoted" one"#, "$(rm -rf ~)", "é ü", "-x", ""]
    for _ in 0..<200 {
      let caption = values.randomElement(using: &random)!
      let tag = values.randomElement(using: &random)!
      let columns = Int.random(in: 1...64, using: &random)
      let arguments = [
        "--caption", caption, "--tags", tag, "--columns", "\(columns)", "--print-config",
      ]
      let printed = Self.run(arguments, [:]).1
      let (_, environment) = Self.environment(printed)
      let again = Self.run(["--print-config"], environment).1
      let options = { (text: String) in
        text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map {
          $0.prefix { $0 != "#" }.trimmingSuffix()
        }
      }
      #expect(options(again) == options(printed), "\(arguments)")
    }
  }

  /// Any bytes at all: the words with their places, or one located error; never a crash.
  @Test func anyBytesGiveWordsOrOneLocatedError() {
    var random = SeededGenerator(seed: 7)
    let pieces: [[UInt8]] = [
      Array("--layout".utf8), Array(" grid".utf8), [0x0A], [0x27], [0x22], [0x5C], [0x23],
      [0xFF], [0xC3, 0xA9], [0x1B], [0x09], [0x0D], Array("--caption".utf8), Array(" x".utf8),
    ]
    for _ in 0..<3000 {
      var bytes: [UInt8] = []
      for _ in 0..<Int.random(in: 0...12, using: &random) {
        bytes += pieces.randomElement(using: &random)!
      }
      let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).count
      do {
        let words = try ConfigFile.words(of: bytes, path: "c")
        for word in words {
          guard case .config(_, let line, let column) = word.origin else {
            Issue.record("a word of the file placed elsewhere")
            continue
          }
          #expect(line >= 1 && line <= lines && column >= 1)
        }
      } catch {
        let parts = error.location?.split(separator: ":") ?? []
        #expect(parts.count == 3 && parts[0] == "c", "\(error)")
        if parts.count == 3, let line = Int(parts[1]), let column = Int(parts[2]) {
          #expect(line >= 1 && line <= lines && column >= 1)
        }
        #expect(!error.message.unicodeScalars.contains { $0.value < 0x20 })
      }
    }
  }

  @Test func aMistypedOptionOnTheCommandLineSuggestsTheNearest() {
    #expect(
      Self.run(["--colums", "3"], [:]).2
        == "masonry: unknown option '--colums' (did you mean '--columns'?); see 'masonry --help'\n")
    #expect(
      Self.run(["--lyaout", "grid"], [:]).2.contains("did you mean '--layout'?"), "two swapped")
    #expect(!Self.run(["--zzz"], [:]).2.contains("did you mean"), "nothing near")
  }
}

extension Substring {
  fileprivate func trimmingSuffix() -> Substring {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}
