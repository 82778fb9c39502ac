import Foundation
import PictureFiles
import TestSupport
import Testing
import Thumbnails

/// The viewer in real terminals under Xvfb: Enter on a photo of 1804×1200 (the sample's
/// cat, enlarged by ImageMagick to a lossless PNG), then `=` (actual pixels): the screen
/// shows the middle of the picture one picture pixel to one screen pixel, as a crop of the
/// source — not the whole picture fitted — and `n` the next picture, whole.
@Suite(.serialized, .terminal) struct ViewerTerminalTests {
  /// The source's pixel for (`x`, `y`) of a box `width` × `height` pixels that shows the
  /// source's region at `left`, `top`, `regionWidth` × `regionHeight`, fitted and centred.
  static func expected(
    _ source: DecodedPicture, region: (left: Int, top: Int, width: Int, height: Int),
    box: (width: Int, height: Int), _ x: Int, _ y: Int
  ) -> (Int, Int, Int)? {
    let scale = min(
      Double(box.width) / Double(region.width), Double(box.height) / Double(region.height))
    let drawnWidth = max(1, Int(Double(region.width) * scale + 0.5))
    let drawnHeight = max(1, Int(Double(region.height) * scale + 0.5))
    let px = x - (box.width - drawnWidth) / 2
    let py = y - (box.height - drawnHeight) / 2
    guard px >= 0, py >= 0, px < drawnWidth, py < drawnHeight else { return nil }
    let sx = region.left + min(region.width - 1, px * region.width / drawnWidth)
    let sy = region.top + min(region.height - 1, py * region.height / drawnHeight)
    let index = (sy * source.width + sx) * 4
    return (Int(source.pixels[index]), Int(source.pixels[index + 1]), Int(source.pixels[index + 2]))
  }

  /// The mean difference a channel between the shot's box at `origin` and `expected`,
  /// every second pixel.
  static func difference(
    _ shot: EmulatorSession.Shot, origin: (Int, Int),
    box: (x: Int, y: Int, width: Int, height: Int),
    _ expected: (Int, Int) -> (Int, Int, Int)?
  ) -> Double {
    var total = 0.0
    var count = 0.0
    for y in stride(from: 0, to: box.height, by: 2) {
      for x in stride(from: 0, to: box.width, by: 2) {
        let sx = origin.0 + box.x + x
        let sy = origin.1 + box.y + y
        guard sx < shot.width, sy < shot.height, let want = expected(x, y) else { continue }
        let got = shot.pixel(sx, sy)
        total += Double(abs(got.0 - want.0) + abs(got.1 - want.1) + abs(got.2 - want.2))
        count += 3
      }
    }
    return count > 0 ? total / count : .infinity
  }

  @Test(arguments: [EmulatorSession.Emulator.kitty, .xterm])
  func actualPixelsIsACropOfTheSource(emulator: EmulatorSession.Emulator) throws {
    let missing = EmulatorSession.missingTools
    try #require(missing.isEmpty, "scripts/setup.sh installs \(missing.joined(separator: ", "))")
    let folder = TemporaryFiles.makeDirectory()
    let big = folder + "/a-big.png"
    let made = try ProgramRun.run(
      "/usr/bin/convert", [Repository.path + "/Data/pictures/cat.jpg", "-resize", "400%", big])
    try #require(made.status == 0, "\(made.errors)")
    try FileManager.default.copyItem(
      atPath: Repository.path + "/Data/pictures/owl.png", toPath: folder + "/b-owl.png")
    let source = try DecodedPicture.decode(
      bytes: Array(try Data(contentsOf: URL(fileURLWithPath: big))), maxSide: 4096, accurate: true)
    #expect(source.width == 1804 && source.height == 1200)
    let session = try EmulatorSession(emulator, arguments: [folder], in: Repository.path)
    _ = try session.window()
    session.waitForQuietLog(quiet: 1.5)
    try session.key("Return")
    session.waitForQuietLog()
    try session.key("equal")
    session.waitForQuietLog()
    let (frame, logged) = session.loggedFrame()
    let placed = try #require(logged.first, "\(emulator): nothing logged (frame \(frame))")
    let cells = try #require(placed.box)
    let cell = try #require(placed.cell)
    #expect(placed.path?.hasSuffix("a-big.png") == true)
    let shot = try session.screenshot()
    if let keep = ProcessInfo.processInfo.environment["MASONRY_KEEP_SHOTS"] {
      session.keepLast(as: "\(keep)/\(emulator)-viewer-actual")
    }
    let box = (
      x: cells[0] * cell[0], y: cells[1] * cell[1], width: cells[2] * cell[0],
      height: cells[3] * cell[1]
    )
    // The viewer's region at 100%, centred: as PictureView rounds it.
    let unit = 10_000
    func span(_ shown: Int, _ whole: Int) -> (start: Int, length: Int) {
      let fraction = min(1, Double(shown) / Double(whole))
      let start = Int((max(0, 0.5 - fraction / 2) * Double(unit)).rounded())
      let length = Int((fraction * Double(unit)).rounded())
      let startPixel = min(whole - 1, start * whole / unit)
      return (startPixel, max(1, min(whole - startPixel, (length * whole + unit - 1) / unit)))
    }
    let across = span(box.width, source.width)
    let down = span(box.height, source.height)
    let crop = (left: across.start, top: down.start, width: across.length, height: down.length)
    let whole = (left: 0, top: 0, width: source.width, height: source.height)
    var best = (origin: (0, 0), difference: Double.infinity)
    for y in 0...8 {
      for x in 0...8 {
        let difference = Self.difference(shot, origin: (x, y), box: box) {
          Self.expected(source, region: crop, box: (box.width, box.height), $0, $1)
        }
        if difference < best.difference { best = ((x, y), difference) }
      }
    }
    let fitted = Self.difference(shot, origin: best.origin, box: box) {
      Self.expected(source, region: whole, box: (box.width, box.height), $0, $1)
    }
    #expect(
      best.difference < (emulator == .kitty ? 6 : 14),
      "\(emulator): the screen differs from the crop by \(best.difference) a channel")
    #expect(
      fitted > best.difference * 2,
      "\(emulator): the whole picture fitted matches as well (\(fitted)): not zoomed")
    // n: the next picture (made ahead), whole.
    try session.key("n")
    session.waitForQuietLog()
    #expect(session.loggedFrame().pictures.first?.path?.hasSuffix("b-owl.png") == true)
  }
}
