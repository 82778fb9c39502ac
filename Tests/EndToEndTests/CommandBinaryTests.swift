import Foundation
import TestSupport
import Testing

/// Every command through the built binary, as a script would call it: the arguments,
/// the output, the exit status (the in-process tests cover their details).
@Suite struct CommandBinaryTests {
  static let pictures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
      "Data/pictures"
    ).path

  /// Runs the binary with `arguments` and no terminal; returns the exit status, standard
  /// output and standard error.
  static func run(
    _ arguments: [String], environment: [String: String] = [:], seconds: Int = 60
  ) throws -> (status: Int32, output: String, error: String) {
    // Killed after `seconds`: a program that hangs fails the test (status 137).
    var variables: [String: String?] = [
      "NO_COLOR": nil, "COLORTERM": nil, "MASONRY_OPTS": nil, "XDG_CONFIG_HOME": "/nonexistent",
    ]
    for (key, value) in environment { variables[key] = value }
    let run = try ProgramRun.run(
      "/usr/bin/timeout", ["-s", "KILL", "\(seconds)", TmuxSession.binary] + arguments,
      environment: variables)
    return (run.status, run.output, run.errors)
  }

  /// The visible width of a line of SGR-coloured text.
  static func visibleWidth(_ line: Substring) -> Int {
    line.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
      .count
  }

  @Test func thumbnailPrintsEachPictureInItsShapeAndSaysWhyOneCannotBe() throws {
    let cat = Self.pictures + "/cat.jpg"
    let frog = Self.pictures + "/frog.png"
    let (status, output, error) = try Self.run([
      "thumbnail", cat, "/no/such.png", frog, "--size", "24x10", "--color", "256",
    ])
    #expect(status == 66, "a missing file: 66, the others still printed")
    #expect(error == "masonry: /no/such.png: not found\n")
    let lines = output.split(separator: "\n")
    #expect(lines.count >= 2 && lines.count <= 20, "two pictures of at most 10 rows")
    for line in lines {
      #expect(Self.visibleWidth(line) <= 24)
      let lastStyle = line.components(separatedBy: "\u{1B}[").last?.prefix { $0 != "m" }
      #expect(lastStyle == "0", "no colour runs on past a row: \(line.debugDescription)")
    }
    #expect(output.contains("\u{1B}[0;38;5;") || output.contains(";48;5;"), "256 colours")
    #expect(!output.contains("38;2;"), "no 24-bit colour with --color 256")
    let plain = try Self.run(["thumbnail", cat, "--size", "24x10", "--color=none"])
    #expect(plain.status == 0)
    #expect(!plain.output.contains("\u{1B}"), "symbols alone")
    #expect(plain.output.split(separator: "\n").allSatisfy { $0.count <= 24 })
  }

  @Test func layoutPrintsOneLinePerCardAndASummary() throws {
    let (status, output, error) = try Self.run(["layout", "--width", "60"])
    #expect(status == 0 && error == "")
    let lines = output.split(separator: "\n")
    #expect(lines.count == 65, "64 cards and the summary")
    #expect(lines.last?.contains("\"items\":64") == true)
  }

  @Test func renderPrintsExactlyTheFrame() throws {
    let (status, output, _) = try Self.run(["render", "--size", "50x12", "--images", "none"])
    #expect(status == 0)
    let rows = output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(rows.count == 12)
    #expect(output.contains("64"))
  }

  /// With no SOURCE, a pipe or a file on standard input is read as fzf reads its input,
  /// never the bundled sample while data waits; /dev/null (or a terminal) leaves the sample.
  @Test func withNoSourceStandardInputIsReadWhenItHoldsData() throws {
    let masonry = TmuxSession.binary
    let render = "'\(masonry)' render --size 60x8 --images none"
    let piped = try ProgramRun.shell("'\(masonry)' generate --count 5 | \(render)")
    #expect(piped.status == 0 && piped.output.contains(" stdin │"), "\(piped.output)")
    #expect(piped.output.contains(" of 5 │"), "\(piped.output)")
    let feed = TemporaryFiles.write("{\"caption\": \"Only card\"}\n", named: "one.jsonl")
    let file = try ProgramRun.shell("\(render) < '\(feed)'")
    #expect(file.status == 0 && file.output.contains("Only card"), "\(file.output)")
    let none = try ProgramRun.shell("\(render) < /dev/null")
    #expect(none.status == 0 && none.output.contains(" of 64 │"), "\(none.output)")
    // A named SOURCE wins over the pipe.
    let named = try ProgramRun.shell("echo junk | \(render) '\(feed)'")
    #expect(named.status == 0 && named.output.contains("Only card"), "\(named.errors)")
  }

  /// A list of paths from `find` (`--files -`) and from `find -print0` (`--files0 -`), piped
  /// in: a card for each picture, grouped by folder, a name holding a line feed kept whole
  /// by --files0, and the mistakes a user can make each a one-line error with its code.
  @Test func listsOfPathsFromFindArePictureCards() throws {
    let folder = TemporaryFiles.makeDirectory()
    try FileManager.default.createDirectory(
      atPath: "\(folder)/Trips/Kyoto", withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: "\(Self.pictures)/cat.jpg", toPath: "\(folder)/Trips/Kyoto/temple.jpg")
    try FileManager.default.copyItem(
      atPath: "\(Self.pictures)/frog.png", toPath: "\(folder)/Trips/two\nlines.png")
    let masonry = TmuxSession.binary
    let render = "'\(masonry)' render --size 60x20 --images none"
    let lines = try ProgramRun.shell(
      "cd '\(folder)' && find . -name '*.jpg' | \(render) --files -")
    #expect(lines.status == 0, "\(lines.errors)")
    #expect(lines.output.contains("── Trips/Kyoto · 1"), "\(lines.output)")
    #expect(lines.output.contains("temple.jpg") && lines.output.contains("standard input"))
    let nuls = try ProgramRun.shell(
      "cd '\(folder)' && find . -type f -print0 | \(render) --files0 - --flat")
    #expect(nuls.status == 0, "\(nuls.errors)")
    #expect(nuls.output.contains("1–2 of 2") || nuls.output.contains("of 2"), "\(nuls.output)")
    #expect(nuls.output.contains("two"))
    // Piped without --files: a first line naming a file that is there makes it a list,
    // and the status bar says so; NUL-ended names are found the same way.
    let sniffed = try ProgramRun.shell("cd '\(folder)' && find . -name '*.jpg' | \(render)")
    #expect(sniffed.status == 0, "\(sniffed.errors)")
    #expect(sniffed.output.contains("read as a list of 1 path"), "\(sniffed.output)")
    #expect(sniffed.output.contains("── Trips/Kyoto · 1"), "\(sniffed.output)")
    let sniffedNUL = try ProgramRun.shell(
      "cd '\(folder)' && find . -type f -print0 | \(render) -")
    #expect(sniffedNUL.output.contains("read as a list of 2 paths"), "\(sniffedNUL.output)")
    // A stream that cannot be cards is a list even when its first file is gone since; when
    // nothing it names is there, one error says both what it is not.
    let gone = try ProgramRun.shell(
      "cd '\(folder)' && (echo ./gone.jpg; find . -name '*.jpg') | '\(masonry)' render --size 100x20"
    )
    #expect(gone.status == 0, "\(gone.errors)")
    #expect(gone.output.contains("1 listed path not found, left out"), "\(gone.output)")
    // A blank line first changes nothing; a picture piped in by mistake is no list: the
    // card reader names its first byte.
    let blank = try ProgramRun.shell(
      "cd '\(folder)' && (echo; find . -name '*.jpg') | \(render)")
    #expect(blank.output.contains("read as a list of 1 path"), "\(blank.output) \(blank.errors)")
    let picture = try ProgramRun.shell("cat '\(Self.pictures)/cat.jpg' | \(render)")
    #expect(
      picture.status == 65 && picture.errors.contains("-:1:1: expected a value, found byte 0xFF"))
    // Relative paths of a list named by --files are the working directory's, as if named
    // one by one (not the list's folder's).
    let listed = TemporaryFiles.write("Trips/Kyoto/temple.jpg\n", named: "relative-list")
    let relative = try ProgramRun.shell(
      "cd '\(folder)' && '\(masonry)' render --size 60x20 --files '\(listed)'")
    #expect(relative.status == 0 && relative.output.contains("451×300"), "\(relative.output)")
    let text = try ProgramRun.shell("echo 'hello world' | \(render)")
    #expect(text.status == 65, "\(text.output)")
    #expect(
      text.errors == "masonry: -:1:1: neither cards (JSON, JSON Lines, a property list) nor a "
        + "list of paths to pictures that are there\n", "\(text.errors)")
    // Cards stay cards, and a card file named as SOURCE is never read as a list.
    let listFile = TemporaryFiles.write("\(folder)/Trips/Kyoto/temple.jpg\n", named: "l.jsonl")
    let named = try ProgramRun.shell("\(render) '\(listFile)'")
    #expect(named.status == 65, "\(named.output)")
    // Mistakes: both options, a list and a SOURCE, a list with a NUL, a missing list.
    let both = try ProgramRun.shell("\(render) --files a --files0 b")
    #expect(both.status == 64 && both.errors.contains("two ways to give one list"))
    let mixed = try ProgramRun.shell("\(render) --files a '\(folder)'")
    #expect(mixed.status == 64 && mixed.errors.contains("give no SOURCE as well"))
    let nul = try ProgramRun.shell("printf 'a.jpg\\0b.jpg' | \(render) --files -")
    #expect(nul.status == 65 && nul.errors.contains("-:1:6: a NUL byte"), "\(nul.errors)")
    let missing = try ProgramRun.shell("\(render) --files '\(folder)/no-list'")
    #expect(missing.status == 66 && missing.errors.split(separator: "\n").count == 1)
  }

  /// A folder of an icon, a TGA and a netpbm picture (gdk-pixbuf's thumbnailer takes
  /// them, as the desktop's MIME database names them) and a text note: three cards drawn
  /// by the thumbnailer, their types in their comments, the note left out and counted.
  @Test func filesADesktopThumbnailerKnowsAreCardsWithItsPictures() throws {
    let folder = TemporaryFiles.makeDirectory()
    for name in ["favicon.ico", "cat.tga", "fox.ppm"] {
      #expect(
        try ProgramRun.run(
          "/usr/bin/convert", [Self.pictures + "/cat.jpg", "-resize", "96x64", folder + "/" + name]
        ).status == 0)
    }
    try "notes".write(toFile: folder + "/notes.txt", atomically: true, encoding: .utf8)
    let (status, output, error) = try Self.run(
      ["render", folder, "--size", "100x30", "--color", "none"],
      environment: ["XDG_CACHE_HOME": folder + "/.cache", "XDG_DATA_HOME": folder + "/.data"])
    #expect(status == 0, "\(error)")
    for (name, type) in [
      ("favicon.ico", "image/vnd.microsoft.icon"), ("cat.tga", "image/x-tga"),
      ("fox.ppm", "image/x-portable-pixmap"),
    ] {
      #expect(output.contains(name) && output.contains(type), "\(name)")
    }
    #expect(!output.contains("not a picture") && !output.contains("no thumbnail"))
    #expect(!output.contains("notes.txt"))
    // Each picture drawn in symbols: the three boxes hold block symbols.
    #expect(output.filter { "▀▄▌▐▖▗▘▝▞▚▙▛▜▟".contains($0) }.count > 100)
  }

  @Test func sweepReportsBreakpointsAndChecksEveryWidth() throws {
    let (status, output, _) = try Self.run(["sweep", "--widths", "30..90"])
    #expect(status == 0)
    #expect(output.split(separator: "\n").last?.contains("\"checked\":61") == true)
  }

  @Test func generatePrintsTheSameCardsForTheSameSeed() throws {
    let first = try Self.run(["generate", "--count", "5", "--seed", "3"])
    let second = try Self.run(["generate", "--count", "5", "--seed", "3"])
    #expect(first.status == 0 && first.output == second.output)
    #expect(first.output.split(separator: "\n").count == 5)
  }

  @Test func browseWithoutATerminalSaysSoAndExits69() throws {
    let (status, _, error) = try Self.run(["--images", "none"])
    #expect(status == 69)
    #expect(error.hasPrefix("masonry: "))
  }

  /// The config file is read before the terminal is looked at: its mistake is 64 and its
  /// place even where no terminal could be used (69 otherwise); `--print-config` needs none.
  @Test func theConfigFileComesBeforeTheTerminal() throws {
    let folder = TemporaryFiles.makeDirectory()
    try FileManager.default.createDirectory(
      atPath: folder + "/masonry", withIntermediateDirectories: true)
    let path = TemporaryFiles.write(
      Array("--layout tiles\n--colums 3\n".utf8), to: folder + "/masonry/config")
    let bad = try Self.run(["--images", "none"], environment: ["XDG_CONFIG_HOME": folder])
    #expect(bad.status == 64)
    #expect(
      bad.error == "masonry: \(path):2:1: unknown option '--colums' (did you mean '--columns'?)\n")
    TemporaryFiles.write(Array("--layout tiles # mine\n".utf8), to: path)
    let printed = try Self.run(["--print-config"], environment: ["XDG_CONFIG_HOME": folder])
    #expect(printed.status == 0 && printed.output.contains("--layout tiles  # \(path):1\n"))
  }

  @Test func everyCommandHasHelpAndABadOptionIs64() throws {
    for command in ["layout", "render", "sweep", "thumbnail", "generate", "browse"] {
      let help = try Self.run([command, "--help"])
      #expect(help.status == 0 && help.output.hasPrefix("usage: masonry"), "\(command)")
      let bad = try Self.run([command, "--no-such-option"])
      #expect(bad.status == 64, "\(command)")
      #expect(bad.error.contains("unknown option '--no-such-option'"), "\(command): \(bad.error)")
    }
  }

  /// `mkfifo f; printf '[…]' > f & masonry render f`: the writer is already waiting when
  /// the program starts. The source is opened once (nothing opens it to see whether it is
  /// a picture, which took the writer's bytes and lost them), in render and in the
  /// browser's reading alike.
  @Test func aFIFOWhoseWriterWaitsIsReadWhole() throws {
    let folder = TemporaryFiles.makeDirectory()
    for attempt in 0..<6 {
      let fifo = folder + "/feed-\(attempt)"
      #expect(mkfifo(fifo, 0o600) == 0)
      let writer = Process()
      writer.executableURL = URL(fileURLWithPath: "/bin/sh")
      writer.arguments = ["-c", "printf '[{\"caption\":\"one\"},{\"caption\":\"two\"}]' > \(fifo)"]
      try writer.run()
      usleep(100_000)
      let (status, output, error) = try Self.run(
        ["render", fifo, "--size", "40x8", "--images", "none"], seconds: 10)
      // A writer still waiting (the program never read) is let go.
      close(open(fifo, O_RDONLY | O_NONBLOCK))
      writer.waitUntilExit()
      #expect(status == 0, "\(error)")
      #expect(output.contains("1–2 of 2"), "attempt \(attempt): \(output)")
    }
  }
}
