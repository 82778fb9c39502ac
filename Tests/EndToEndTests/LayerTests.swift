import Foundation
import TestSupport
import Testing

/// The layers hold in what is built, not only in Package.swift: the card model links no
/// image library and knows no screen, and the curses backend draws cells without knowing
/// what a picture is.
@Suite struct LayerTests {
  static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")

  static let cardModules = ["Cards", "CardModel", "CardReading", "CardMeasuring", "CardSearch"]

  static let aboveCards = [
    "Cards", "Thumbnails", "CPictures", "CChafa", "TerminalScreen", "TerminalCore", "Widgets",
  ]

  /// The modules each of these may not import (the modules they do import are held to
  /// their own lists, so the rule holds down the graph).
  static let forbidden: [(module: String, imports: [String])] = [
    // The card model's four parts: none above them, and reading, measuring and search
    // apart (a change to line counting rebuilds no parser).
    ("CardModel", aboveCards + ["CardReading", "CardMeasuring", "CardSearch"]),
    ("CardReading", aboveCards + ["CardMeasuring", "CardSearch"]),
    ("CardMeasuring", aboveCards + ["CardReading", "CardSearch"]),
    ("CardSearch", aboveCards + ["CardReading", "CardMeasuring"]),
    ("PictureFiles", ["Thumbnails", "CPictures", "CChafa", "TerminalScreen"]),
    ("CursesBackend", ["Thumbnails", "PictureFiles", "Browser", "Widgets"] + cardModules),
    ("LayoutEngine", ["TerminalText", "TerminalScreen", "TerminalCore"] + cardModules),
  ]

  @Test(arguments: forbidden.map(\.module))
  func aModuleImportsNothingAboveIt(module: String) throws {
    let imports = Self.forbidden.first { $0.module == module }!.imports
    let folder = Self.sources.appendingPathComponent(module)
    let files = try #require(FileManager.default.enumerator(atPath: folder.path))
    var checked = 0
    for case let file as String in files where file.hasSuffix(".swift") {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      for line in text.split(separator: "\n") where line.hasPrefix("import ") {
        let imported = line.split(separator: " ").last.map(String.init) ?? ""
        #expect(!imports.contains(imported), "\(module)/\(file) imports \(imported)")
      }
      checked += 1
    }
    #expect(checked > 0, "no source in \(folder.path)")
  }

  /// A program built on the card model alone (the JSON fuzz target) loads no decoder, no
  /// libchafa and no ncurses.
  @Test func theCardModelLinksNoImageLibrary() throws {
    let binary = URL(fileURLWithPath: TmuxSession.binary).deletingLastPathComponent()
      .appendingPathComponent("FuzzCardJSON").path
    let run = try ProgramRun.run("/usr/bin/ldd", [binary])
    let text = run.output
    #expect(run.status == 0, "\(binary): \(text)")
    #expect(text.contains("libc.so"), "ldd read it")
    for library in ["libjpeg", "libpng", "libwebp", "libgif", "libchafa", "libncurses"] {
      #expect(!text.contains(library), "\(library) is linked: \(text)")
    }
  }
}
