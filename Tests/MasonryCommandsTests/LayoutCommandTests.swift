import Foundation
import MasonryCommands
import TestSupport
import Testing

@Suite struct LayoutCommandTests {
  private func run(_ arguments: [String]) -> (code: Int32, output: CapturedOutput) {
    var output = CapturedOutput()
    let code = MasonryCommand.main(arguments, output: &output)
    return (code, output)
  }

  /// The layout of the bundled sample in every layout at two widths, as golden JSON lines.
  @Test(arguments: ["masonry", "grid", "tiles", "zigzag", "tags"])
  func goldenLayouts(layout: String) {
    var text = ""
    for width in [40, 120] {
      let (code, output) = run(["layout", "--width", "\(width)", "--layout", layout])
      #expect(code == 0)
      #expect(output.standardError == "")
      text += "== --width \(width) --layout \(layout)\n" + output.standardOutput
    }
    let mismatch = Snapshot.mismatch(text, named: "layout-\(layout)")
    #expect(mismatch == nil, "\(mismatch ?? "")")
  }

  /// Layouts that set item heights report the rows actually drawn: they always add up to
  /// the item's height at most (border included).
  @Test(arguments: ["zigzag", "tiles", "grid", "masonry"])
  func reportedRowsFitTheItem(layout: String) throws {
    for width in [30, 40, 80, 120] {
      let (code, output) = run(["layout", "--width", "\(width)", "--layout", layout])
      #expect(code == 0)
      for line in output.standardOutput.split(separator: "\n").dropLast() {
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Int]
        let rows = object["imageRows"]! + object["captionRows"]! + object["commentRows"]! + 2
        #expect(rows <= object["height"]!, "\(layout) at \(width): \(line)")
        if layout == "masonry" { #expect(rows == object["height"]!) }
      }
    }
  }

  @Test func everyLineIsJSONWithTheDocumentedKeys() throws {
    let (code, output) = run([
      "layout", "--width=90", "--placement", "rtl", "--gutter", "2", "--wrap", "char",
    ])
    #expect(code == 0)
    let lines = output.standardOutput.split(separator: "\n")
    let keys: Set = [
      "index", "section", "x", "y", "width", "height", "column", "imageRows", "captionRows",
      "commentRows",
    ]
    for line in lines.dropLast() {
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
      #expect(Set(object.keys) == keys)
    }
    let summary = try JSONSerialization.jsonObject(with: Data(lines.last!.utf8)) as! [String: Any]
    #expect(Set(summary.keys) == ["contentWidth", "contentHeight", "columns", "items"])
    #expect(summary["items"] as? Int == lines.count - 1)
  }

  @Test(arguments: [
    (["layout"], "masonry: --width is required; see 'masonry layout --help'\n"),
    (
      ["layout", "--width", "0"],
      "masonry: --width needs a whole number from 1 to 10000, not '0'; see 'masonry layout --help'\n"
    ),
    (
      ["layout", "--width", "80", "--layout", "spiral"],
      "masonry: --layout must be one of masonry, grid, tiles, zigzag, tags, not 'spiral'; see 'masonry layout --help'\n"
    ),
    (["layout", "--width"], "masonry: --width needs a value; see 'masonry layout --help'\n"),
    (
      ["layout", "--width", "80", "--colour"],
      "masonry: unknown option '--colour'; see 'masonry layout --help'\n"
    ),
    (
      ["layout", "--width", "80", "--sort", "colour"],
      "masonry: --sort must be one of name, date, size, not 'colour'; see 'masonry layout --help'\n"
    ),
    (
      ["layout", "--width", "80", "--\u{1B}[2J"],
      "masonry: unknown option '--\\x1b[2J'; see 'masonry layout --help'\n"
    ),
    (["frobnicate"], "masonry: unknown command 'frobnicate'; see 'masonry --help'\n"),
  ])
  func usageErrorsAreOneLineAndExit64(arguments: [String], message: String) {
    let (code, output) = run(arguments)
    #expect(code == 64)
    #expect(output.standardError == message)
    #expect(output.standardOutput == "")
  }

  @Test func helpDocumentsEveryOption() {
    let (code, output) = run(["layout", "--help"])
    #expect(code == 0)
    for option in [
      "--width", "--layout", "--columns", "--min-column-width", "--placement", "--gutter", "--wrap",
    ] {
      #expect(output.standardOutput.contains(option))
    }
  }

  /// `--sections`: grouped (the default) gathers every card of a name into one section,
  /// runs keeps each run of consecutive cards, none (and `--flat`) one section; items are
  /// printed section by section, each with its place in the file.
  @Test func sectionsAreGroupedRunsOrNone() throws {
    let file = TemporaryFiles.write(
      """
      {"caption": "one", "section": "a"}
      {"caption": "two", "section": "b"}
      {"caption": "three", "section": "a"}
      {"caption": "four"}
      """, named: "s.jsonl")
    func placed(_ options: [String]) throws -> [[Int]] {
      let (code, output) = run(["layout", file, "--width", "40"] + options)
      #expect(code == 0, "\(options): \(output.standardError)")
      return try output.standardOutput.split(separator: "\n").dropLast().map {
        let object = try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
        return [object["index"] as! Int, object["section"] as! Int]
      }
    }
    let grouped = [[0, 0], [2, 0], [1, 1], [3, 2]]
    #expect(try placed([]) == grouped)
    #expect(try placed(["--sections", "grouped"]) == grouped)
    #expect(try placed(["--sections=runs"]) == [[0, 0], [1, 1], [2, 2], [3, 3]])
    #expect(try placed(["--sections", "none"]) == [[0, 0], [1, 0], [2, 0], [3, 0]])
    #expect(try placed(["--flat"]) == [[0, 0], [1, 0], [2, 0], [3, 0]])
    var result = run(["layout", file, "--width", "40", "--sections", "pages"])
    #expect(result.code == 64)
    #expect(result.output.standardError.contains("--sections must be one of grouped, runs, none"))
    result = run(["layout", file, "--width", "40", "--flat", "--sections", "runs"])
    #expect(result.code == 64)
    #expect(result.output.standardError.contains("--flat and --sections runs disagree"))
    #expect(run(["layout", file, "--width", "40", "--flat", "--sections", "none"]).code == 0)
  }

  @Test func badDataAndMissingInputExit65And66() {
    let bad = TemporaryFiles.write("[{\"caption\": 1}]", named: "bad.json")
    var result = run(["layout", bad, "--width", "80"])
    #expect(result.code == 65)
    #expect(
      result.output.standardError
        == "masonry: \(bad):1:14: 'caption' must be a string, not a number\n")
    result = run(["layout", "/no/such/file.json", "--width", "80"])
    #expect(result.code == 66)
  }

  /// The real executable, from another working directory: the sample is compiled in.
  @Test func executableRunsFromAnyDirectory() throws {
    let root = #filePath.components(separatedBy: "/Tests/")[0]
    let binary = "\(root)/.build/debug/masonry"
    guard FileManager.default.isExecutableFile(atPath: binary) else {
      Issue.record("build the executable first (make test does): \(binary)")
      return
    }
    let run = try ProgramRun.run(binary, ["layout", "--width", "60"], directory: "/")
    #expect(run.status == 0)
    #expect(run.output.hasSuffix("\"items\":64}\n"))
  }
}
