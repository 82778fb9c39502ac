import Foundation
import MasonryCommands
import Testing

/// `masonry thumbnail` printed to a terminal never takes more columns than it has.
@Suite struct ThumbnailCommandTests {
  static let picture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Data/pictures/cat.jpg").path

  static func widths(_ environment: [String: String], _ extra: [String] = []) -> [Int] {
    var output = CapturedOutput()
    let code = MasonryCommand.main(
      ["thumbnail", picture, "--color", "none"] + extra, environment: environment, output: &output)
    #expect(code == 0)
    return output.standardOutput.split(separator: "\n").map { $0.unicodeScalars.count }
  }

  @Test func itFitsTheTerminalsWidth() {
    #expect(Self.widths([:]).max() == 40, "40 columns by default")
    #expect(Self.widths(["MASONRY_TERMINAL_COLUMNS": "25"]).max() == 25)
    #expect(Self.widths(["MASONRY_TERMINAL_COLUMNS": "25"], ["--size", "80x30"]).max() == 25)
    #expect(Self.widths(["MASONRY_TERMINAL_COLUMNS": "120"], ["--size", "60x30"]).max() == 60)
  }
}
