import Foundation
import MasonryCommands
import TestSupport
import Testing

/// `masonry --completions bash|zsh|fish`: made from the help's tables; each shell parses
/// its script and, sourced, completes commands, each command's options and the browser's.
@Suite struct CompletionsTests {
  static func script(_ shell: String) -> String {
    var output = CapturedOutput()
    #expect(MasonryCommand.main(["--completions", shell], output: &output) == 0)
    return output.standardOutput
  }

  /// Runs `bash -c program` and returns its standard output.
  static func bash(_ program: String) throws -> String {
    let run = try ProgramRun.run("/bin/bash", ["--norc", "--noprofile", "-c", program])
    #expect(run.status == 0, "\(run.errors)")
    return run.output
  }

  /// Writes the script for `shell` to a temporary file and returns its path.
  static func scriptFile(_ shell: String) -> String {
    TemporaryFiles.write(script(shell), named: "masonry.\(shell)")
  }

  @Test func bashParsesAndCompletes() throws {
    let path = Self.scriptFile("bash")
    _ = try Self.bash("bash -n \(path)")
    func complete(_ words: [String]) throws -> [String] {
      let quoted = words.map { "'\($0)'" }.joined(separator: " ")
      let output = try Self.bash(
        "source \(path); COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _masonry; "
          + "printf '%s\\n' \"${COMPREPLY[@]}\"")
      return output.split(separator: "\n").map(String.init)
    }
    #expect(try complete(["masonry", "--pi"]) == ["--pick"])
    #expect(try complete(["masonry", "--fol"]) == ["--follow"])
    #expect(try complete(["masonry", "lay"]).contains("layout"))
    #expect(try complete(["masonry", "layout", "--wid"]) == ["--width"])
    #expect(try complete(["masonry", "thumbnail", "--s"]) == ["--size"])
    // File names whole: not split at spaces, a `*` not expanded.
    let folder = TemporaryFiles.makeDirectory()
    for name in ["holiday photos.json", "a*b.jpg", "other.jpg"] {
      _ = FileManager.default.createFile(atPath: folder + "/" + name, contents: Data())
    }
    #expect(try complete(["masonry", folder + "/hol"]) == [folder + "/holiday photos.json"])
    #expect(try complete(["masonry", "--layout", "grid", folder + "/a*"]) == [folder + "/a*b.jpg"])
    // Option values: the values the option lists, for the command it belongs to.
    #expect(
      try complete(["masonry", "--layout", ""]) == ["masonry", "grid", "tiles", "zigzag", "tags"])
    #expect(try complete(["masonry", "--layout", "t"]) == ["tiles", "tags"])
    #expect(try complete(["masonry", "render", "--images", ""]) == ["symbols", "none"])
    #expect(try complete(["masonry", "--images", "k"]) == ["kitty", "kitty-unicode"])
    #expect(try complete(["masonry", "--completions", "z"]) == ["zsh"])
    // --color=: bash splits the word at the = (as COMP_WORDBREAKS has it), or not.
    #expect(
      try complete(["masonry", "--color", "=", ""])
        == ["auto", "24bit", "256", "16", "none", "dark", "light"])
    #expect(try complete(["masonry", "--color", "=", "2"]) == ["24bit", "256"])
    #expect(try complete(["masonry", "--pick=p"]) == ["--pick=path"])
    // --pick and --color alone are flags: the next word is a file.
    #expect(
      try complete(["masonry", "--pick", folder + "/hol"]) == [folder + "/holiday photos.json"])
    #expect(try complete(["masonry", "--config", folder + "/oth"]) == [folder + "/other.jpg"])
  }

  /// zsh parses the script, and its function, run with the completion system's `compadd`
  /// and `_files` stood in for (they exist only inside a completion widget), offers what
  /// bash offers.
  @Test func zshParsesAndCompletes() throws {
    let path = Self.scriptFile("zsh")
    let zsh = "/usr/bin/zsh"
    guard FileManager.default.isExecutableFile(atPath: zsh) else {
      Issue.record("zsh is missing (scripts/setup.sh installs it)")
      return
    }
    #expect(try ProgramRun.run(zsh, ["-n", path]).status == 0)
    func complete(_ words: [String]) throws -> [String] {
      let quoted = words.map { "'\($0)'" }.joined(separator: " ")
      let program = """
        compadd() { [[ $1 == -- ]] && shift; local w; \
        for w in "$@"; do [[ $w == ${PREFIX}* ]] && print -r -- $w; done; return 0; }
        _files() { print -r -- '<files>'; }
        compset() { [[ $1 == -P ]] && PREFIX=${PREFIX#*=}; return 0; }
        words=(\(quoted)); CURRENT=\(words.count); PREFIX='\(words.last ?? "")'
        source \(path)
        """
      let run = try ProgramRun.run(zsh, ["-f", "-c", program])
      #expect(run.status == 0, "\(run.errors)")
      return run.output.split(separator: "\n").map(String.init)
    }
    #expect(try complete(["masonry", "--pi"]) == ["--pick"])
    #expect(try complete(["masonry", "--fol"]) == ["--follow"])
    #expect(try complete(["masonry", "lay"]) == ["layout", "<files>"])
    #expect(try complete(["masonry", "layout", "--wid"]) == ["--width"])
    #expect(try complete(["masonry", "thumbnail", "--s"]) == ["--size"])
    #expect(try complete(["masonry", "render", "x"]) == ["<files>"])
    #expect(try complete(["masonry", "--layout", "t"]) == ["tiles", "tags"])
    #expect(try complete(["masonry", "render", "--images", ""]) == ["symbols", "none"])
    #expect(try complete(["masonry", "--color=2"]) == ["24bit", "256"], "after compset's -P")
    #expect(try complete(["masonry", "--pick", "x"]) == ["<files>"])
  }

  /// fish parses the script and completes from it (`complete -C` prints what a Tab would
  /// offer, with each option's description after a tab).
  @Test func fishParsesAndCompletes() throws {
    let path = Self.scriptFile("fish")
    let fish = "/usr/bin/fish"
    guard FileManager.default.isExecutableFile(atPath: fish) else {
      Issue.record("fish is missing (scripts/setup.sh installs it)")
      return
    }
    #expect(try ProgramRun.run(fish, ["--no-config", "-n", path]).status == 0)
    func complete(_ line: String) throws -> [String] {
      let run = try ProgramRun.run(
        fish, ["--no-config", "-c", "source \(path); complete -C '\(line)'"],
        environment: ["HOME": TemporaryFiles.makeDirectory()])
      #expect(run.status == 0, "\(run.errors)")
      return run.output.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
    }
    #expect(try Set(complete("masonry --pi")) == ["--pick", "--pick="], "--pick=card|path")
    #expect(try complete("masonry --fol") == ["--follow"])
    #expect(try complete("masonry lay").contains("layout"))
    #expect(try complete("masonry layout --wid") == ["--width"])
    #expect(try complete("masonry thumbnail --s") == ["--size"])
    #expect(try !complete("masonry thumbnail --").contains("--pick"))
    #expect(try Set(complete("masonry --layout t")) == ["tiles", "tags"])
    #expect(try Set(complete("masonry render --images ")) == ["symbols", "none"])
    #expect(try Set(complete("masonry --color=2")) == ["--color=24bit", "--color=256"])
  }

  @Test func everyShellHasEveryCommand() {
    for shell in ["bash", "zsh", "fish"] {
      let text = Self.script(shell)
      for command in ["layout", "render", "sweep", "thumbnail", "generate"] {
        #expect(text.contains(command), "\(shell): \(command)")
      }
      #expect(text.contains(shell == "fish" ? "-l pick" : "--pick"))
    }
    var output = CapturedOutput()
    #expect(MasonryCommand.main(["--completions", "tcsh"], output: &output) == 64)
  }
}
