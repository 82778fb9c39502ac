import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// An animated GIF in real terminals under Xvfb: in kitty the frames are sent once and
/// kitty plays them, so a series of screenshots shows the colours changing while masonry
/// draws no frame at all (`MASONRY_TRACE` logs every frame it draws: none, so not a byte
/// is written); in xterm (sixel) the selected card plays by masonry sending each frame.
@Suite(.serialized, .terminal) struct AnimationTerminalTests {
  /// A folder holding one GIF: red, green and blue, 400 ms each, forever.
  static func folder() throws -> String {
    let folder = TemporaryFiles.makeDirectory()
    var arguments = ["convert", "-loop", "0", "-delay", "40"]
    for colour in ["red", "lime", "blue"] { arguments += ["-size", "320x240", "xc:\(colour)"] }
    arguments.append(folder + "/colours.gif")
    #expect(EmulatorSession.run(arguments) == 0, "ImageMagick's convert")
    return folder
  }

  /// Which of red, green and blue covers most of `shot` (nil: none clearly).
  static func colour(of shot: EmulatorSession.Shot) -> String? {
    var counts = ["red": 0, "green": 0, "blue": 0]
    for y in stride(from: 0, to: shot.height, by: 4) {
      for x in stride(from: 0, to: shot.width, by: 4) {
        let (red, green, blue) = shot.pixel(x, y)
        if red > 200 && green < 60 && blue < 60 { counts["red"]! += 1 }
        if green > 200 && red < 60 && blue < 60 { counts["green"]! += 1 }
        if blue > 200 && red < 60 && green < 60 { counts["blue"]! += 1 }
      }
    }
    guard let best = counts.max(by: { $0.value < $1.value }), best.value > 200 else { return nil }
    return best.key
  }

  static func draws(in trace: String) -> Int {
    ((try? String(contentsOfFile: trace, encoding: .utf8)) ?? "").split(separator: "\n")
      .filter { $0.hasSuffix(" draw") }.count
  }

  @Test(arguments: [EmulatorSession.Emulator.kitty, .xterm])
  func anAnimationPlays(emulator: EmulatorSession.Emulator) throws {
    let missing = EmulatorSession.missingTools
    try #require(missing.isEmpty, "scripts/setup.sh installs \(missing.joined(separator: ", "))")
    let folder = try Self.folder()
    let trace = folder + ".trace"
    let session = try EmulatorSession(
      emulator, arguments: [folder], in: Repository.path,
      environment: ["MASONRY_TRACE": trace])
    _ = try session.window()
    session.waitForQuietLog(quiet: 1.5)
    let drawsBefore = Self.draws(in: trace)
    var seen: [String] = []
    for _ in 0..<10 {
      if let colour = Self.colour(of: try session.snapshot()) { seen.append(colour) }
      usleep(150_000)
    }
    let drawsDuring = Self.draws(in: trace) - drawsBefore
    #expect(Set(seen).count >= 2, "\(emulator): the colours seen \(seen)")
    switch emulator {
    case .kitty:
      #expect(drawsDuring == 0, "kitty plays it: masonry drew \(drawsDuring) frames")
    case .xterm, .mlterm:
      #expect(drawsDuring >= 2, "each frame is sent: \(drawsDuring) frames drawn")
    }
  }
}
