import Foundation
import MasonryCommands
import PictureFiles
import TestSupport
import Testing
import Thumbnails

/// Every message that quotes data, a path or an argument reaches standard error with its
/// controls shown as escapes and its quotes cut: no byte below 0x20 but the final newline,
/// no DEL, no C1 control, no bidirectional control, whatever the file holds.
@Suite struct HostileMessagesTests {
  /// Escape sequences that would act on a terminal: clear, retitle, set the clipboard,
  /// a C1 CSI, a right-to-left override, a line separator.
  static let hostile =
    "\u{1B}[2J\u{1B}]0;pwned\u{07}\u{1B}]52;c;cHduZWQ=\u{07}\u{9B}31m\u{202E}\u{2028}"

  static func json(_ text: String) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
      escaped +=
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
        ? String(format: "\\u%04x", scalar.value) : String(scalar)
    }
    return escaped
  }

  /// (file name, content) pairs, one for each message that quotes data.
  static var files: [(name: String, content: [UInt8])] {
    let longColor = String(repeating: "\u{1B}[31m", count: 200_000)
    return [
      (
        "color.json",
        Array(#"[{"caption":"a","image":{"width":1,"height":1,"color":"\#(json(hostile))"}}]"#.utf8)
      ),
      (
        "long.json",
        Array(
          #"[{"caption":"a","image":{"width":1,"height":1,"color":"\#(json(longColor))"}}]"#.utf8)
      ),
      ("escape.json", Array(#"[{"caption":"\"#.utf8) + [0x9B] + Array(#""}]"#.utf8)),
      ("escape2.json", Array(#"[{"caption":"\"#.utf8) + [0xC2, 0x9B] + Array(#""}]"#.utf8)),
      ("element.plist", Array("<plist><\(hostile)></plist>".utf8)),
      ("closing.plist", Array("<plist><array><string>a</\(hostile)></array></plist>".utf8)),
      (
        "integer.plist",
        Array(
          "<plist><dict><key>photos</key><array><dict><key>caption</key><string>x</string><key>id</key><integer>&#x1b;[2J&#x9b;</integer></dict></array></dict></plist>"
            .utf8)
      ),
      ("entity.plist", Array("<plist><string>&\(hostile);</string></plist>".utf8)),
      ("\(hostile).json", Array("[{\"caption\": 5}]".utf8)),
      ("bad\u{1B}]0;x\u{07}.jsonl", Array("{\"caption\": \"a\"}\n{".utf8)),
    ]
  }

  static func check(_ stderr: String, _ note: String) {
    let bytes = Array(stderr.utf8)
    #expect(!bytes.isEmpty, "\(note): a message")
    #expect(bytes.last == 0x0A, "\(note): one line")
    for (index, byte) in bytes.enumerated() where index < bytes.count - 1 {
      #expect(byte >= 0x20 && byte != 0x7F, "\(note): byte \(byte) at \(index)")
    }
    for scalar in stderr.unicodeScalars where scalar != "\n" {
      let value = scalar.value
      #expect(
        !(0x80...0x9F).contains(value) && !(0x2028...0x202E).contains(value)
          && !(0x2066...0x2069).contains(value),
        "\(note): U+\(String(value, radix: 16))")
    }
    #expect(bytes.count < 800, "\(note): the quote is cut (\(bytes.count) bytes)")
  }

  @Test func dataPathsAndArgumentsNeverReachStandardErrorRaw() {
    let folder = TemporaryFiles.makeDirectory()
    for file in Self.files {
      let path = folder + "/" + file.name
      _ = TemporaryFiles.write(file.content, to: path)
      for command in [["layout", path, "--width", "80"], ["render", path, "--size", "80x10"]] {
        var output = CapturedOutput()
        let code = MasonryCommand.main(command, output: &output)
        #expect(code == 65, "\(file.name): \(output.standardError)")
        Self.check(output.standardError, file.name)
        #expect(output.standardOutput.isEmpty)
      }
    }
    // A missing file named with escapes; arguments with escapes.
    for arguments in [
      ["layout", folder + "/missing\(Self.hostile).json", "--width", "80"],
      ["layout", "--width", "80", "--\(Self.hostile)"],
      ["render", "--size", "\(Self.hostile)"],
      ["\(Self.hostile)"],
      ["thumbnail", folder + "/no\(Self.hostile).png"],
    ] {
      var output = CapturedOutput()
      _ = MasonryCommand.main(arguments, output: &output)
      Self.check(output.standardError, arguments.joined(separator: " "))
    }
  }
}

/// A failed write ends a command with one line and 74; a closed pipe ends it quietly.
@Suite struct WriteFailureTests {
  @Test(arguments: [
    ["layout", "--width", "80"], ["render", "--size", "80x10"], ["generate", "--count", "50000"],
    ["--version"],
  ])
  func aFullDiskIs74(arguments: [String]) {
    var output = CapturedOutput(failing: ENOSPC)
    #expect(MasonryCommand.main(arguments, output: &output) == 74)
    #expect(output.standardError == "masonry: cannot write the output: no space left on device\n")
    var pipe = CapturedOutput(failing: EPIPE)
    #expect(MasonryCommand.main(arguments, output: &pipe) == MasonryCommand.closedPipe)
    #expect(pipe.standardError.isEmpty)
  }

  /// The real program: into /dev/full, into a closed descriptor, into `head -1`.
  @Test func theProgramSaysSoOrEndsQuietly() throws {
    let binary = ProgramRun.masonry
    func run(_ script: String) -> (status: String, error: String) {
      let run = try? ProgramRun.shell(script)
      return (
        (run?.output ?? "").trimmingCharacters(in: .whitespacesAndNewlines), run?.errors ?? ""
      )
    }
    let full = run("'\(binary)' layout --width 80 > /dev/full; echo $?")
    #expect(full.status == "74")
    #expect(full.error == "masonry: cannot write the output: no space left on device\n")
    let closed = run("'\(binary)' generate --count 10 >&-; echo $?")
    #expect(closed.status == "74")
    // `| head -1`: ended by SIGPIPE, nothing said, even when the shell ignores SIGPIPE.
    let piped = run("'\(binary)' generate --count 200000 | head -1 > /dev/null; echo done")
    #expect(piped.status == "done")
    #expect(piped.error.isEmpty)
    let ignoring = run(
      "trap '' PIPE; '\(binary)' generate --count 200000 | head -1 > /dev/null; echo done")
    #expect(ignoring.status == "done")
    #expect(ignoring.error.isEmpty)
  }
}

/// Arguments are bytes: a file whose name is not UTF-8 opens, and its name is shown with
/// the byte escaped.
@Suite struct FileNameBytesTests {
  @Test func aNameThatIsNotUTF8OpensAndShowsEscaped() throws {
    let binary = ProgramRun.masonry
    let folder = TemporaryFiles.makeDirectory()
    // Made with the shell's printf, so the name's bytes reach the file system as they are.
    func run(_ script: String) -> (output: String, error: String) {
      let run = try? ProgramRun.shell(script)
      return (run?.output ?? "", run?.errors ?? "")
    }
    let made = run(
      "printf '[{\"caption\":\"a\"}]' > \"\(folder)/$(printf 'bad\\377.json')\"; '\(binary)' layout \"\(folder)/$(printf 'bad\\377.json')\" --width 40; echo status=$?"
    )
    #expect(made.output.contains("\"items\":1"))
    #expect(made.output.contains("status=0"))
    let missing = run("'\(binary)' layout \"\(folder)/$(printf 'gone\\377.json')\" --width 40")
    #expect(missing.error == "masonry: \(folder)/gone\\xff.json: no such file or directory\n")
  }

  @Test func namesRoundTripThroughStrings() {
    var random = SeededGenerator(seed: 3)
    for _ in 0..<2_000 {
      let bytes = (0..<Int.random(in: 0...20, using: &random)).map { _ in
        UInt8.random(in: 1...255, using: &random)
      }
      #expect(FileName.bytes(FileName.string(fromBytes: bytes)) == bytes)
    }
    #expect(FileName.string(fromBytes: Array("日本.json".utf8)) == "日本.json")
  }
}
