import Foundation
import MasonryCommands
import TerminalScreen
import TerminalText
import TestSupport
import Testing
import Widgets

/// Golden frames of `masonry render`, each row between bars so trailing spaces show.
@Suite struct RenderCommandTests {
  static func frame(_ arguments: [String], environment: [String: String] = [:]) -> (
    Int32, String, String
  ) {
    var output = CapturedOutput()
    let code = MasonryCommand.main(
      ["render"] + arguments, environment: environment, output: &output)
    return (code, output.standardOutput, output.standardError)
  }

  /// The frame of `arguments`, between bars. Placeholders stand for pictures unless the
  /// arguments ask for `--images`: frames about layout do not depend on decoders.
  static func framed(_ arguments: [String]) -> String {
    let arguments =
      arguments.contains { $0.hasPrefix("--images") }
      ? arguments : arguments + ["--images", "none"]
    let (code, text, error) = frame(arguments)
    // Temporary sources appear by their file name, so that golden files do not change.
    let shown = arguments.map {
      $0.hasPrefix("/tmp/") ? String($0.split(separator: "/").last!) : $0
    }
    var result = "== masonry render \(shown.joined(separator: " ")) (exit \(code))\n"
    result += error
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
      result += "|\(line)|\n"
    }
    return result
  }

  private func expectGolden(_ name: String, _ runs: [[String]]) {
    let text = runs.map(Self.framed).joined()
    let mismatch = Snapshot.mismatch(text, named: name)
    #expect(mismatch == nil, "\(mismatch ?? "")")
  }

  @Test(arguments: ["masonry", "grid", "tiles", "zigzag", "tags"])
  func sampleAtThreeSizes(layout: String) {
    expectGolden(
      "render-\(layout)",
      ["120x40", "80x24", "40x20"].map { ["--size", $0, "--layout", layout] })
  }

  /// Real thumbnails of the sample's pictures: in 256 colours (the palette's 16–255 only)
  /// and in symbols alone (plain text, or NO_COLOR).
  @Test func picturesAsThumbnails() {
    expectGolden(
      "render-pictures",
      [
        ["--size", "80x24", "--images", "symbols"],
        ["--size", "80x24", "--images", "symbols", "--select", "5", "--detail"],
      ])
    let (code, ansi, _) = Self.frame(["--size", "80x24", "--color=256"])
    #expect(code == 0)
    let mismatch = Snapshot.mismatch(ansi, named: "render-pictures-256")
    #expect(mismatch == nil, "\(mismatch ?? "")")
    // Only palette colours 16–255 (never the theme's 0–15) and no 24-bit colour.
    let numbers = ansi.matches(of: /[34]8;5;(\d+)/).map { Int($0.1)! }
    #expect(!numbers.isEmpty && numbers.allSatisfy { (16...255).contains($0) })
    #expect(!ansi.contains("38;2;") && !ansi.contains("48;2;"))
    let (_, truecolor, _) = Self.frame(["--size", "80x24", "--color"])
    #expect(truecolor.contains("48;2;"), "24-bit by default with --color")
  }

  /// A picture that cannot be shown keeps its card and says why inside its image box.
  @Test func unreadablePicturesSayWhy() {
    let folder = TemporaryFiles.makeDirectory()
    TemporaryFiles.write([0xFF, 0xD8, 0xFF, 0xE0, 0x00], to: folder + "/cut.jpg")
    TemporaryFiles.write(Array("hello".utf8), to: folder + "/notes.jpg")
    let source = TemporaryFiles.write(
      Array(
        """
        [{"caption": "Missing", "image": {"path": "gone.png", "width": 400, "height": 200}},
         {"caption": "Cut short", "image": {"path": "cut.jpg", "width": 400, "height": 200}},
         {"caption": "Not a picture", "image": {"path": "notes.jpg", "width": 400, "height": 200}},
         {"caption": "Unknown size", "image": "gone-too.webp"}]
        """.utf8), to: folder + "/cards.json")
    let (code, text, _) = Self.frame(["--size", "100x16", source, "--images", "symbols"])
    #expect(code == 0)
    for reason in ["not found", "corrupt JPEG", "not a picture"] {
      #expect(text.contains(reason), "\(reason)")
    }
  }

  /// A folder of each format a real folder holds, good and hostile (cut in half, and
  /// garbage after its first 64 bytes): `render` shows the good file's picture and each
  /// bad file's reason in its box, never a crash or an empty box.
  @Test(arguments: ["heic", "avif", "jxl", "tif", "bmp", "svg", "pdf", "mp4", "webm"])
  func everyFormatGoodAndHostileRendersItsPictureOrItsReason(format: String) throws {
    let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("PicturesTests/Fixtures")
    let whole = try Array(
      Data(contentsOf: fixtures.appendingPathComponent("gradient." + format)))
    let folder = TemporaryFiles.makeDirectory()
    TemporaryFiles.write(whole, to: folder + "/a-good." + format)
    TemporaryFiles.write(Array(whole.prefix(whole.count / 2)), to: folder + "/b-cut." + format)
    var generator = SeededGenerator(seed: UInt64(whole.count))
    let garbage =
      Array(whole.prefix(64))
      + (0..<4_000).map { _ in
        UInt8.random(in: 0...255, using: &generator)
      }
    TemporaryFiles.write(garbage, to: folder + "/c-garbage." + format)
    let (code, text, error) = Self.frame([
      folder, "--size", "120x30", "--images", "symbols", "--color", "none",
    ])
    #expect(code == 0 && error.isEmpty, "\(error)")
    let lines = text.split(separator: "\n")
    // Cards in name order, three columns: the good one's box holds its picture's symbols.
    let goodColumn = lines.dropFirst(2).prefix(8).map { $0.prefix(32) }.joined()
    #expect(
      goodColumn.unicodeScalars.filter { (0x2580...0x259F).contains($0.value) }.count > 20,
      "\(format): the good file's picture\n\(text)")
    let name = PictureFormatName.of(format)
    // The two bad cards sit side by side: their reasons may share a row.
    let reasons = ["corrupt", "not a picture", name + ":", "truncated"].reduce(0) {
      count, reason in count + text.components(separatedBy: reason).count - 1
    }
    #expect(reasons >= 2, "\(format): a reason for each bad file\n\(text)")
  }

  @Test func cardsCutAtTheTopAndBottom() {
    expectGolden(
      "render-cut", [["--size", "70x20", "--scroll", "9"], ["--size", "70x20", "--scroll", "31"]])
  }

  @Test func japaneseAndEmojiNextToBorders() {
    let source = TemporaryFiles.write(
      """
      [{"caption": "日本語の見出しがちょうど枠に届く長さ", "comment": "全角文字と半角 mixed テキスト、句読点。", "image": {"width": 4, "height": 1}},
       {"caption": "🐼🐧🇯🇵 emoji 👍🏽 at the edge 🏳️‍🌈", "comment": "Wide ｆｕｌｌｗｉｄｔｈ letters and e\\u0301 combining."},
       {"caption": "\\u001b[31mhostile\\u001b[0m \\u202eevil", "comment": "bell\\u0007 tab\\there"}]
      """, named: "edge.json")
    expectGolden(
      "render-wide-text",
      [
        ["--size", "37x20", source], ["--size", "38x20", source],
        ["--size", "23x24", source, "--columns", "1"],
      ]
      .map { $0 })
  }

  @Test func detailHelpAndFilter() {
    expectGolden(
      "render-views",
      [
        ["--size", "60x24", "--select", "3", "--detail"],
        ["--size", "80x24", "--help-overlay"],
        ["--size", "80x24", "--tag", "ocean"],
        ["--size", "10x5"],
        ["--size", "60x8", "--tag", "no-such-tag"],
      ])
  }

  @Test func everyRowIsExactlyTheWidth() {
    for size in [(1, 1), (15, 5), (16, 6), (33, 9), (120, 40), (300, 100)] {
      let (code, text, _) = Self.frame(["--size", "\(size.0)x\(size.1)"])
      #expect(code == 0)
      let rows = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
      #expect(rows.count == size.1)
      for row in rows { #expect(DisplayWidth.of(row) == size.0, "\(size): \(row)") }
    }
  }

  /// `--color` alone is 24-bit, and an explicit depth overrides NO_COLOR (a flag is the
  /// user's own word, as no-color.org asks); `auto` follows COLORTERM and TERM, and NO_COLOR
  /// wins over it.
  @Test func colorAsAskedAndNoColorWinsOverAuto() {
    let (_, colored, _) = Self.frame(["--size", "40x10", "--color"])
    #expect(colored.contains("\u{1B}[0;38;2;"))
    let (_, forced, _) = Self.frame(["--size", "40x10", "--color"], environment: ["NO_COLOR": "1"])
    #expect(forced.contains("\u{1B}[0;38;2;"))
    for environment in [
      ["NO_COLOR": "1", "COLORTERM": "truecolor", "TERM": "xterm-256color"], ["TERM": "dumb"], [:],
    ] {
      let (_, plain, _) = Self.frame(["--size", "40x10", "--color=auto"], environment: environment)
      #expect(!plain.contains("38;") && !plain.contains("48;"), "\(environment)")
      #expect(plain.contains("\u{1B}[0;1m"), "attributes stay")
    }
    let (_, truecolor, _) = Self.frame(
      ["--size", "40x10", "--color", "auto"], environment: ["COLORTERM": "24bit", "TERM": "xterm"])
    #expect(truecolor.contains("\u{1B}[0;38;2;"))
    let (_, palette, _) = Self.frame(
      ["--size", "40x10", "--color=auto"], environment: ["TERM": "xterm-256color"])
    #expect(palette.contains("38;5;") && !palette.contains("38;2;"))
    let (_, sixteen, _) = Self.frame(["--size", "40x10", "--color", "16"])
    #expect(!sixteen.contains("38;5;") && !sixteen.contains("38;2;") && sixteen.contains("[0;"))
    let (_, noFlag, _) = Self.frame(["--size", "40x10"])
    #expect(!noFlag.contains("\u{1B}"))
    let (code, _, error) = Self.frame(["--size", "40x10", "--color=mauve"])
    #expect(code == 64)
    #expect(
      error.contains(
        "--color takes a depth (auto, 24bit, 256, 16, none), a theme (dark, light, 16) or ROLE:COLOR, not 'mauve'"
      ))
  }

  /// `--color` in fzf's style: a base theme and named colours over it, every colour the
  /// widgets draw named; a theme alone asks for colour but does not override NO_COLOR.
  @Test func themesAndNamedColours() {
    let environment = ["TERM": "xterm-256color"]
    let (_, dark, _) = Self.frame(["--size", "60x14", "--color=256"], environment: environment)
    #expect(dark.contains("38;5;244m"), "the dark theme's borders")
    let (_, named, _) = Self.frame(
      ["--size", "60x14", "--color", "256,border:196,header:#00ff00"], environment: environment)
    #expect(named.contains("38;5;196m") && !named.contains("38;5;244m"), "borders in 196")
    #expect(
      !named.contains("1;38;5;110m") && named.contains("1;38;5;46m"),
      "headers in the colour named (quantised)")
    let (_, light, _) = Self.frame(
      ["--size", "60x14", "--color=256,light"], environment: environment)
    #expect(light.contains("38;5;246m") && !light.contains("38;5;244m"))
    // Given twice, as a config file and a command line do: they add up.
    let (_, twice, _) = Self.frame(
      ["--size", "60x14", "--color", "light", "--color=256,border:1"], environment: environment)
    #expect(twice.contains("38;5;166m") && twice.contains("[0;31m"), "light's selection, border 1")
    let (_, noColor, _) = Self.frame(
      ["--size", "60x14", "--color", "light"],
      environment: ["NO_COLOR": "1", "TERM": "xterm-256color"])
    #expect(!noColor.contains("38;"), "NO_COLOR wins over a theme alone")
    for (spec, message) in [
      ("bordr:1", "no colour is called 'bordr' (did you mean 'border'?)"),
      ("border:#12", "border takes #rrggbb, 0 to 255, an ANSI name or default, not '#12'"),
      ("border:256", "border takes #rrggbb, 0 to 255, an ANSI name or default, not '256'"),
      ("lihgt", "not 'lihgt' (did you mean 'light'?)"),
    ] {
      let (code, _, error) = Self.frame(["--size", "40x10", "--color", spec])
      #expect(code == 64 && error.contains(message), "\(spec): \(error)")
    }
  }

  /// Every colour a widget draws is a role: the themes name each one, and no widget's style
  /// holds a colour of its own.
  @Test func everyColourTheWidgetsDrawHasAName() {
    for base in ColorTheme.bases {
      #expect(Set(base.theme.colors.keys) == Set(ColorRole.allCases), "\(base.name)")
    }
    let styles = [
      Theme.border, Theme.selectedBorder, Theme.markedBorder, Theme.mark, Theme.markedChip,
      Theme.label, Theme.labelTyped, Theme.header, Theme.chip, Theme.tags, Theme.overflow,
      Theme.margin, Theme.match, Theme.pictureProblem, Theme.image(nil),
    ]
    for style in styles {
      for color in [style.foreground, style.background] {
        switch color {
        case .default, .role: break
        case .indexed, .rgb: Issue.record("a widget's colour without a name: \(style)")
        }
      }
    }
  }

  @Test func hostileTextNeverReachesTheOutputRaw() {
    let source = TemporaryFiles.write(
      #"[{"caption": "\u001b]0;pwned\u0007 \u001b[2J \u009b31m", "comment": "\u202e\u0000x"}]"#,
      named: "hostile.json")
    for flags in [[], ["--color"], ["--detail"]] {
      let (code, text, _) = Self.frame(["--size", "60x12", source] + flags)
      #expect(code == 0)
      let escapes = text.unicodeScalars.filter {
        $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value)
      }
      if flags == ["--color"] {
        // Only the SGR sequences the renderer writes: ESC [ digits and semicolons m.
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() where scalar == "\u{1B}" {
          var end = index + 2
          while end < scalars.count, scalars[end] == ";" || ("0"..."9").contains(scalars[end]) {
            end += 1
          }
          #expect(scalars[index + 1] == "[" && end < scalars.count && scalars[end] == "m")
        }
        #expect(escapes.allSatisfy { $0 == "\u{1B}" })
      } else {
        #expect(escapes.isEmpty)
      }
    }
  }

  /// Section and tag names are data too: sanitised like captions, so the header and the
  /// chips keep the widths the terminal gives them (joiners dropped, controls shown).
  @Test func sectionAndTagNamesAreSanitized() {
    let source = TemporaryFiles.write(
      #"[{"caption": "a", "section": "👩\u200d💻\ufe0f team\u001b[2J", "tags": ["x\u200dy", "\u009b2J"]}, {"caption": "b", "section": "other"}]"#,
      named: "names.json")
    let (code, text, _) = Self.frame(["--size", "50x10", source, "--images", "none"])
    #expect(code == 0)
    #expect(!text.unicodeScalars.contains { $0 == "\u{200D}" || $0 == "\u{FE0F}" })
    #expect(
      !text.unicodeScalars.contains {
        $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value)
      })
    let rows = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    for row in rows { #expect(DisplayWidth.of(row) == 50, "\(row)") }
    #expect(rows.contains { $0.hasPrefix("── 👩") && $0.contains("team") })
  }

  @Test func renderUsageErrors() {
    let cases: [([String], String)] = [
      ([], "masonry: --size is required; see 'masonry render --help'\n"),
      (
        ["--size", "80"],
        "masonry: --size needs COLSxROWS, each from 1 to 1000, not '80'; see 'masonry render --help'\n"
      ),
      (
        ["--size", "80x24", "--select", "999"],
        "masonry: --select 999 is past the last card shown (64 cards); see 'masonry render --help'\n"
      ),
    ]
    for (arguments, message) in cases {
      let (code, _, error) = Self.frame(arguments)
      #expect(code == 64)
      #expect(error == message)
    }
  }
}

/// The name a format's reasons give it (`HEIC: cannot decode`), by its file extension.
enum PictureFormatName {
  static func of(_ suffix: String) -> String {
    switch suffix {
    case "heic": return "HEIC"
    case "avif": return "AVIF"
    case "jxl": return "JPEG XL"
    case "tif": return "TIFF"
    case "bmp": return "BMP"
    case "svg": return "SVG"
    case "pdf": return "PDF"
    case "mp4": return "MP4"
    default: return "WebM"
    }
  }
}
