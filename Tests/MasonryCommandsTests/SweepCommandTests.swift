import Browser
import CardLayouts
import Cards
import LayoutEngine
import TerminalCore
import TerminalTesting
import TestSupport
import Testing
import Widgets

@testable import MasonryCommands

#if canImport(Glibc)
  import Glibc
#endif

/// `masonry sweep` against `masonry layout` and `masonry render --viewport`, and the
/// browser's viewport against `render --viewport`.
@Suite struct SweepCommandTests {
  static func run(_ arguments: [String]) -> (code: Int32, output: String, error: String) {
    var output = CapturedOutput()
    let code = MasonryCommand.main(arguments, output: &output)
    return (code, output.standardOutput, output.standardError)
  }

  /// The numbers of one line of JSON printed by masonry (flat: numbers, arrays of numbers,
  /// arrays of strings), by key.
  static func fields(_ line: Substring) -> [String: String] {
    var result: [String: String] = [:]
    var rest = line.dropFirst().dropLast()
    while let colon = rest.firstIndex(of: ":") {
      let key = String(rest[..<colon].filter { $0 != "\"" })
      var valueEnd = rest.index(after: colon)
      var depth = 0
      while valueEnd < rest.endIndex {
        let character = rest[valueEnd]
        if character == "[" { depth += 1 }
        if character == "]" { depth -= 1 }
        if character == "," && depth == 0 { break }
        valueEnd = rest.index(after: valueEnd)
      }
      result[key] = String(rest[rest.index(after: colon)..<valueEnd])
      rest = valueEnd < rest.endIndex ? rest[rest.index(after: valueEnd)...] : ""
    }
    return result
  }

  /// What `masonry layout --width W` says about one width: the column count, each column's
  /// width (from the cards in it), each card's height, the content height.
  struct LayoutReport: Equatable {
    var columns: Int
    var columnWidths: [Int: Int]
    var heights: [Int]
    var contentHeight: Int
  }

  static func layoutReport(_ arguments: [String], width: Int) -> LayoutReport {
    let (code, output, error) = run(["layout"] + arguments + ["--width", "\(width)"])
    #expect(code == 0, "\(error)")
    var report = LayoutReport(columns: 0, columnWidths: [:], heights: [], contentHeight: 0)
    for line in output.split(separator: "\n") {
      let values = fields(line)
      if let columns = values["columns"] {
        report.columns = Int(columns)!
        report.contentHeight = Int(values["contentHeight"]!)!
      } else {
        report.heights.append(Int(values["height"]!)!)
        if let column = Int(values["column"]!) {
          report.columnWidths[column] = Int(values["width"]!)!
        }
      }
    }
    return report
  }

  @Test(.slow, arguments: ["masonry", "grid", "tiles", "zigzag", "tags"])
  func breakpointsAreTheWidthsWhereLayoutReportsAChange(layout: String) {
    let options = ["--layout", layout, "--height", "30"]
    let (code, output, error) = Self.run(["sweep"] + options + ["--widths", "16..130"])
    #expect(code == 0, "\(error)")
    let lines = output.split(separator: "\n")
    let breakpoints = lines.dropLast().map { Self.fields($0) }
    #expect(lines.last == "{\"widths\":115,\"breakpoints\":\(breakpoints.count),\"checked\":115}")

    // Width by width, from `masonry layout`: where columns, a column's width (of the
    // columns that hold a card) or a card's height change.
    var expected: [Int] = []
    var reports: [Int: LayoutReport] = [:]
    var previous: LayoutReport?
    for width in 16...130 {
      let report = Self.layoutReport(options, width: width)
      reports[width] = report
      if let previous {
        let widthsChanged = report.columnWidths.contains {
          previous.columnWidths[$0.key] != $0.value
        }
        if report.columns != previous.columns || widthsChanged || report.heights != previous.heights
        {
          expected.append(width)
        }
      } else {
        expected.append(width)
      }
      previous = report
    }
    // A column's width can change while no card is in it: sweep sees it, layout cannot.
    let found = breakpoints.map { Int($0["width"]!)! }
    #expect(Set(expected).isSubset(of: Set(found)), "\(layout): \(expected) ⊄ \(found)")
    for line in breakpoints {
      let width = Int(line["width"]!)!
      let report = reports[width]!
      #expect(Int(line["columns"]!)! == report.columns, "\(layout) at \(width)")
      #expect(Int(line["contentHeight"]!)! == report.contentHeight, "\(layout) at \(width)")
      let widths = line["columnWidths"]!.dropFirst().dropLast().split(separator: ",").map {
        Int($0)!
      }
      for (column, columnWidth) in report.columnWidths {
        #expect(widths[column] == columnWidth, "\(layout) at \(width), column \(column)")
      }
      if !expected.contains(width) {
        #expect(line["changed"] == "[\"columnWidths\"]", "\(layout) at \(width): \(line)")
      }
    }
  }

  @Test func tilesSweepGolden() {
    let (code, output, error) = Self.run(["sweep", "--layout", "tiles", "--widths", "20..140"])
    #expect(code == 0 && error.isEmpty)
    let mismatch = Snapshot.mismatch(
      "== masonry sweep --layout tiles --widths 20..140\n" + output, named: "sweep-tiles")
    #expect(mismatch == nil, "\(mismatch ?? "")")
  }

  @Test func framesAreWhatRenderWithAViewportPrints() throws {
    let folder = TemporaryFiles.makeDirectory() + "/frames"
    let (code, output, error) = Self.run([
      "sweep", "--layout", "grid", "--widths", "50..90", "--height", "20", "--frames", folder,
      "--images", "none",
    ])
    #expect(code == 0, "\(error)")
    let widths = output.split(separator: "\n").dropLast().map { Int(Self.fields($0)["width"]!)! }
    #expect(widths.count > 1)
    for width in 50...90 {
      let path = folder + "/" + SweepCommand.frameName(width: width)
      let file = TextFile.read(path)
      guard widths.contains(width) else {
        #expect(file == nil, "no frame at \(width): not a breakpoint")
        continue
      }
      let rendered = Self.run([
        "render", "--layout", "grid", "--size", "90x20", "--viewport", "\(width)", "--images",
        "none",
      ])
      #expect(file == rendered.output, "frame at \(width)")
    }
  }

  @Test func theBrowsersViewportIsWhatRenderWithAViewportPrints() {
    let sample = BundledSample.collection()
    for presses in [1, 17, 40, 64, 90] {
      var app = BrowserApp(collection: sample, options: LayoutOptions()) { sample }
      var terminal = InMemoryTerminal(
        size: Size(width: 110, height: 32),
        script: Array(repeating: .event(.key(.character("<"))), count: presses))
      app.run(on: &terminal)
      let width = Swift.max(16, 110 - presses)
      let rendered = Self.run([
        "render", "--size", "110x32", "--viewport", "\(width)", "--images", "none",
      ])
      #expect(rendered.code == 0)
      #expect(terminal.frames.last!.plainText() == rendered.output, "viewport \(width)")
    }
  }

  @Test func aBrokenLayoutIsNamedByItsFirstViolation() {
    // Two items on top of each other: the checker names the width's first problem.
    var layout = OverlappingLayout()
    let context = LayoutContext(
      containerSize: Size(width: 40, height: 10), sections: [SectionSpec(itemCount: 2)],
      measure: .sizes { _, _ in Size(width: 10, height: 3) })
    layout.prepare(context)
    let problem = SweepCommand.violation(of: layout, context: context)
    #expect(problem?.contains("overlap") == true, "\(problem ?? "none")")
  }

  @Test func badWidthsAreUsageErrors() {
    for widths in ["10..5", "0..10", "5", "a..b", "1..10001", "\u{1B}[2J"] {
      let (code, output, error) = Self.run(["sweep", "--widths", widths])
      #expect(code == 64 && output.isEmpty, "\(widths)")
      #expect(error.hasPrefix("masonry: --widths needs A..B"), "\(error)")
      #expect(!error.contains("\u{1B}"))
    }
    #expect(Self.run(["sweep"]).code == 64)
    let (failed, _, error) = Self.run(["sweep", "--widths", "20..30", "--frames", "/dev/null/x"])
    #expect(failed == 74, "\(error)")
  }
}

/// A layout that puts every item at the same place: what the invariant checker must catch.
private struct OverlappingLayout: CollectionLayout {
  var context: LayoutContext?
  var scrollAxis: Axis { .vertical }
  mutating func prepare(_ context: LayoutContext, through extent: Int) { self.context = context }
  mutating func prepareMore(through extent: Int) {}
  var preparedExtent: Int { .max }
  mutating func appendItems(_ count: Int) {}
  mutating func appendSections(_ sections: [SectionSpec]) {}
  var contentSize: Size { Size(width: context?.containerSize.width ?? 0, height: 3) }
  var columnCount: Int { 1 }
  func columnWidths(atContainerWidth containerWidth: Int) -> [Int] { [containerWidth] }
  var placedItemCount: Int { context?.itemCount ?? 0 }
  func attributes(in rect: Rect) -> [LayoutAttributes] {
    (0..<placedItemCount).compactMap { attributes(forItem: ItemPath(section: 0, item: $0)) }
      .filter { $0.frame.intersects(rect) }
  }
  func attributes(forItem path: ItemPath) -> LayoutAttributes? {
    guard path.section == 0, path.item < placedItemCount else { return nil }
    return LayoutAttributes(
      section: 0, item: path.item, index: path.item, frame: Rect(x: 0, y: 0, width: 10, height: 3),
      column: 0)
  }
  func headerAttributes(forSection section: Int) -> LayoutAttributes? { nil }
  func placementViolations(context: LayoutContext, items: [LayoutAttributes]) -> [String] { [] }
}

/// `masonry render` builds its frame from the events a person would cause, through the
/// browser's own reduce: so its frame is the browser's after the keys that do the same.
@Suite struct RenderIsTheBrowserTests {
  static func browserFrame(_ keys: [Key], size: Size = Size(width: 100, height: 30)) -> String {
    let sample = BundledSample.collection()
    var app = BrowserApp(collection: sample, options: LayoutOptions()) { sample }
    var terminal = InMemoryTerminal(size: size, script: keys.map { .event(.key($0)) })
    app.run(on: &terminal)
    return terminal.frames.last!.plainText()
  }

  static func typing(_ text: String) -> [Key] { text.map { .character($0) } }

  @Test func searchOpenAndHelpAreTheBrowsersFrames() {
    let cases: [([String], [Key])] = [
      (["--search", "パンダ"], [.character("/")] + Self.typing("パンダ") + [.enter]),
      (
        ["--search", "パンダ", "--detail"], [.character("/")] + Self.typing("パンダ") + [.enter, .enter]
      ),
      (["--detail"], [.enter]),
      (["--help-overlay"], [.character("?")]),
      (["--detail", "--help-overlay"], [.enter, .character("?")]),
      (["--viewport", "60", "--detail"], Array(repeating: .character("<"), count: 40) + [.enter]),
    ]
    for (arguments, keys) in cases {
      let rendered = SweepCommandTests.run(
        ["render", "--size", "100x30", "--images", "none"] + arguments)
      #expect(rendered.code == 0)
      #expect(rendered.output == Self.browserFrame(keys), "\(arguments)")
    }
  }

  /// The tag strip's second chip in reading order, chosen with t, → and Enter, is what
  /// `--tag` shows.
  @Test func aTagIsTheBrowsersTagFilter() throws {
    let sample = BundledSample.collection()
    var store = HeadlessBrowser(BrowserState(size: .zero, cards: sample))
    store.send(.started(Size(width: 100, height: 30)))
    let geometry = store.caches.geometry(for: store.state)
    let order = TagStripWidget(tags: store.state.tags.order, layout: geometry.tagStrip)
      .readingOrder
    let tag = store.state.tags.order[order[1]]
    let rendered = SweepCommandTests.run(
      ["render", "--size", "100x30", "--images", "none", "--tag", tag])
    #expect(rendered.code == 0)
    let browser = Self.browserFrame([.character("t"), .right, .enter])
    // The browser's status bar still says what Enter did ("showing #tag"): the cards and
    // the strip above it are the same.
    let renderedRows = rendered.output.split(separator: "\n").dropLast()
    let browserRows = browser.split(separator: "\n").dropLast()
    #expect(Array(renderedRows) == Array(browserRows))
  }
}
