import ChildProcesses
import CursesBackend
import Foundation
import Testing

/// The terminfo entry ncurses gets where masonry scrolls the wall itself (sixel): the
/// system's entry without one capability that scrolls rows, everything else as it was,
/// compiled in a private folder that is gone once removed.
@Suite struct ScrollFreeTerminfoTests {
  /// `infocmp -1 -x` of `entry`, from `folder` when given (`-A`).
  static func capabilities(_ entry: String, in folder: String? = nil) throws -> [String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/infocmp")
    process.arguments = (folder.map { ["-A", $0] } ?? []) + ["-1", "-x", entry]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).split(separator: "\n")
      .filter { $0.first == "\t" }.map { String($0.dropFirst()) }
  }

  static func name(_ capability: String) -> Substring {
    capability.prefix { $0 != "=" && $0 != "#" && $0 != "," }
  }

  @Test(arguments: ["xterm-256color", "mlterm", "xterm-direct"])
  func theEntryLosesItsScrollingAndNothingElse(entry: String) throws {
    let system = try Self.capabilities(entry)
    try #require(!system.isEmpty, "no terminfo entry \(entry) here")
    #expect(system.contains { Self.name($0) == "csr" })
    let made = try #require(ScrollFreeTerminfo(entry: entry))
    let compiled = try Self.capabilities(entry, in: made.folder)
    #expect(compiled == system.filter { !ScrollFreeTerminfo.scrolling.contains(Self.name($0)) })
    #expect(!compiled.contains { ScrollFreeTerminfo.scrolling.contains(Self.name($0)) })
    made.remove()
    #expect(!FileManager.default.fileExists(atPath: made.folder))
  }

  @Test func namesThatAreNoEntryAreNeverPassedOn() {
    for name in ["-A", "--version", "../x", "a/b", "", "x y", "$(id)"] {
      #expect(ProgramArguments.infocmp(entry: name) == nil, "\(name)")
      #expect(ScrollFreeTerminfo(entry: name) == nil)
    }
    #expect(ScrollFreeTerminfo(entry: "no-such-terminal-anywhere") == nil)
    #expect(ProgramArguments.tic(source: "entry.src", into: "/tmp/x") == nil)
  }

  @Test func theFilterKeepsEveryOtherLine() {
    let source =
      "xterm|x,\n\tam,\n\tcols#80,\n\tcsr=\\E[%i%p1%d;%p2%dr,\n\tind=\\n,\n\tindn=\\E[%p1%dS,\n\tcup=\\E[H,\n"
    #expect(
      ScrollFreeTerminfo.withoutScrolling(source) == "xterm|x,\n\tam,\n\tcols#80,\n\tcup=\\E[H,\n")
  }
}
