import Browser
import Cards
import Foundation
import MasonryCommands
import TestSupport
import Testing

/// The help, the manual page and the README come from the same tables as the browser.
@Suite struct DocumentationTests {
  private func run(_ arguments: [String]) -> (code: Int32, output: CapturedOutput) {
    var output = CapturedOutput()
    let code = MasonryCommand.main(arguments, output: &output)
    return (code, output)
  }

  @Test func readmeKeyTableIsTheBrowsersKeyTable() {
    let mismatch = Snapshot.mismatch(
      KeyBindings.markdown(contexts: KeyBindings.readmeContexts), between: "<!-- keys: begin -->",
      and: "<!-- keys: end -->", inRepositoryFile: "README.md")
    #expect(mismatch == nil, "\(mismatch ?? "")")
    let every = Snapshot.mismatch(
      KeyBindings.markdown(), between: "<!-- keys: begin -->", and: "<!-- keys: end -->",
      inRepositoryFile: "docs/keys.md")
    #expect(every == nil, "\(every ?? "")")
  }

  @Test func helpListsTheBrowsersOptionsAndEveryKey() {
    let (code, output) = run(["--help"])
    #expect(code == 0)
    let help = output.standardOutput
    for option in ["--layout", "--columns", "--placement", "--wrap", "--version", "--man"] {
      #expect(help.contains(option), "\(option)")
    }
    for binding in KeyBindings.documented.flatMap(\.bindings) {
      #expect(help.contains(binding.summary), "\(binding.summary)")
    }
    #expect(run(["cards.json", "--help"]).output.standardOutput == help)
  }

  @Test(arguments: ["browse", "layout", "render", "sweep", "generate", "thumbnail"])
  func everyCommandHasHelp(command: String) {
    let (code, output) = run([command, "--help"])
    #expect(code == 0)
    #expect(output.standardOutput.hasPrefix("usage: masonry "), "\(command)")
    #expect(output.standardError == "")
    // A paragraph is one text, wrapped by the help: no stray line-continuation marks.
    #expect(!output.standardOutput.contains("\\"), "\(command) help shows a backslash")
    if command == "browse" { #expect(output.standardOutput.contains("scroll one row")) }
  }

  @Test func versionPrintsTheVersion() {
    let (code, output) = run(["--version"])
    #expect(code == 0)
    #expect(output.standardOutput == "masonry \(MasonryCommand.version)\n")
  }

  /// The manual page is valid roff: groff formats it without a single warning, in UTF-8
  /// and in plain ASCII, and it holds every key and option.
  @Test func manualPageFormatsWithoutWarnings() throws {
    let (code, output) = run(["--man"])
    #expect(code == 0)
    let page = output.standardOutput
    #expect(page.hasPrefix(".TH MASONRY 1"))
    #expect(page.unicodeScalars.allSatisfy { $0.isASCII }, "roff source is ASCII")
    let path = TemporaryFiles.write(page, named: "masonry.1")
    for device in ["utf8", "ascii"] {
      let (status, text, errors) = try Self.groff([
        "-man", "-T\(device)", "-P-cbou", "-ww", path,
      ])
      #expect(status == 0)
      #expect(errors == "", "groff -T\(device): \(errors)")
      for binding in KeyBindings.documented.flatMap(\.bindings) {
        #expect(text.contains(binding.summary.prefix(20)))
      }
      #expect(text.contains("EXIT STATUS"))
    }
  }

  private static func groff(_ arguments: [String]) throws -> (Int32, String, String) {
    let run = try ProgramRun.run(
      "/usr/bin/groff", arguments, environment: ["LC_ALL": "C.UTF-8"])
    let text = run.output
    // Formatted text breaks lines and may hyphenate: compare words joined by single spaces.
    let flattened = text.replacingOccurrences(of: "\u{2010}\n", with: "")
      .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    return (run.status, flattened, run.errors)
  }
}

/// What the help says of sources and of `--pick`.
@Suite struct SourceAndPickDocumentationTests {
  static func help(_ arguments: [String]) -> String {
    var output = CapturedOutput()
    _ = MasonryCommand.main(arguments, output: &output)
    return output.standardOutput
  }

  /// Every command that reads SOURCE says it may be pictures or a folder of them, not
  /// only a card file.
  @Test(arguments: ["browse", "layout", "render", "sweep"])
  func sourceHelpNamesPicturesAndFolders(command: String) {
    let text = Self.help([command, "--help"]).replacingOccurrences(of: "\n", with: " ")
    #expect(text.contains("one or more pictures (JPEG, PNG, WebP, GIF"), "\(command)")
    #expect(text.contains("a folder of pictures"), "\(command)")
    #expect(text.contains("file of cards"), "\(command)")
  }

  @Test func pickAndItsExitStatusesAreInTheHelpAndTheManualPage() {
    let help = Self.help(["--help"]).replacingOccurrences(of: "\n", with: " ")
    #expect(help.contains("--pick"))
    #expect(help.contains("exits 0") && help.contains("exits 1") && help.contains("exits 130"))
    #expect(help.contains("1 --pick ended without a card") && help.contains("130 Ctrl-C"))
    let manual = Self.help(["--man"])
    #expect(manual.contains(".B \\-\\-pick") || manual.contains("\\-\\-pick"))
    for status in [".B 0\n", ".B 1\n", ".B 130\n"] { #expect(manual.contains(status), "\(status)") }
  }

  /// Every figure the help states, the README states alike: how often `--follow` looks.
  @Test func theHelpAndTheReadmeAgreeOnFollowing() throws {
    let help = Self.help(["--help"]).replacingOccurrences(of: "\n", with: " ")
    let readme = try #require(TemporaryFiles.repositoryFile("README.md"))
      .replacingOccurrences(of: "\n", with: " ")
    let interval = "every \(ByteSource.followInterval) ms"
    #expect(help.contains("looked at \(interval)"))
    #expect(readme.contains("looks at it \(interval)"))
    #expect(!help.contains("within 100 ms"))
  }

  /// The manual page's ENVIRONMENT names every variable the program passes on to itself,
  /// and its FILES the config file and the caches.
  @Test func theManualNamesEveryVariableAndFile() throws {
    let manual = Self.help(["--man"])
    let main = try #require(TemporaryFiles.repositoryFile("Sources/masonry/main.swift"))
    let list = try #require(main.split(separator: "for name in [").dropFirst().first)
      .prefix { $0 != "]" }
    let names = list.split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }.map(
      \.element)
    #expect(names.count > 15)
    let environment =
      try #require(manual.split(separator: ".SH ENVIRONMENT").last).split(separator: ".SH FILES")
      .first ?? ""
    for name in names where name != "HOME" {
      #expect(environment.contains(name), "\(name) in ENVIRONMENT")
    }
    for file in ["masonry/config", "masonry/thumbnails-1", "masonry/folders-1", "Trash"] {
      #expect(manual.contains(file), "\(file) in FILES")
    }
    for example in ["\\-r\n", "\\-\\-pick=path", "\\-\\-follow\n"] {
      #expect(manual.split(separator: ".SH EXAMPLES").last?.contains(example) == true, "\(example)")
    }
  }
}
