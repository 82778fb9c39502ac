import Foundation
import MasonryCommands
import Testing

/// `masonry --completions bash|zsh|fish`: made from the help's tables; bash parses the
/// script and, sourced, completes commands, each command's options and the browser's.
@Suite struct CompletionsTests {
  static func script(_ shell: String) -> String {
    var output = CapturedOutput()
    #expect(MasonryCommand.main(["--completions", shell], output: &output) == 0)
    return output.standardOutput
  }

  /// Runs `bash -c program` and returns its standard output.
  static func bash(_ program: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["--norc", "--noprofile", "-c", program]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    return String(decoding: data, as: UTF8.self)
  }

  @Test func bashParsesAndCompletes() throws {
    let path = NSTemporaryDirectory() + "masonry-completion-\(getpid()).bash"
    try Self.script("bash").write(toFile: path, atomically: true, encoding: .utf8)
    defer { unlink(path) }
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
