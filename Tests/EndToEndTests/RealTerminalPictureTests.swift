import Foundation
import PictureFiles
import TestSupport
import Testing
import Thumbnails

/// Pixel pictures in real terminals under Xvfb: xterm (sixel), kitty (graphics) and mlterm
/// (sixel, and iTerm2 images), each beside a second one of its kind running
/// `--images none`. After the
/// start, one row, a page, a page back, a layout switch, a search that hides cards, a resize and
/// opening a card, every picture the program logged (`MASONRY_PICTURE_LOG`) is on screen
/// where it says (its region and the source picture, both shrunk to 16×16, differ by less
/// than 12 a channel on average), and everything outside the pictures is the frame
/// without pictures (at most 0.2 % of pixels differ by more than 48 in a channel: nothing
/// is left behind).
@Suite(.serialized, .terminal) struct RealTerminalPictureTests {

  /// What a step does to both terminals.
  enum Step: String, CaseIterable {
    case start, oneRow, onePage, pageBack, grid, search, resize, open
  }

  static func act(_ step: Step, on session: EmulatorSession) throws {
    switch step {
    case .start: break
    case .oneRow: try session.key("j")
    case .onePage: try session.key("Next")
    // Back up: sixel pictures scrolled down by the terminal.
    case .pageBack: try session.key("Prior")
    case .grid: try session.key("2")
    case .search: try session.key("slash", "o", "w", "Return")
    case .resize: try session.resize(width: 720, height: 600)
    // The owl, a still (kitty plays the clownfish's frames itself).
    case .open: try session.key("l", "Return")
    }
  }

  /// The terminals, the options, and the protocol they must end with: what detection
  /// gives (xterm and mlterm sixel, kitty its graphics, read from shared memory), kitty's
  /// pictures as base64 (`--link slow`: as over a link), and mlterm's iTerm2 images.
  static let cases: [(EmulatorSession.Emulator, [String], String)] = [
    (.xterm, [], "sixel"), (.kitty, [], "kitty"), (.kitty, ["--link", "slow"], "kitty"),
    (.mlterm, [], "sixel"), (.mlterm, ["--images", "iterm"], "iterm"),
  ]

  @Test(arguments: cases)
  func picturesAreWhereTheFrameSaysAndNothingIsLeftBehind(
    emulator: EmulatorSession.Emulator, options: [String], expected: String
  ) throws {
    let missing = EmulatorSession.missingTools
    try #require(missing.isEmpty, "scripts/setup.sh installs \(missing.joined(separator: ", "))")
    let withPictures = try EmulatorSession(
      emulator, arguments: options + ["Data/pictures"], in: Repository.path)
    let without = try EmulatorSession(
      emulator, arguments: ["--images", "none", "Data/pictures"], in: Repository.path)
    _ = try withPictures.window()
    _ = try without.window()
    // A key sent while a terminal starts can be lost: wait for the first frames.
    withPictures.waitForQuietLog(quiet: 1.5)
    for step in Step.allCases {
      try Self.act(step, on: withPictures)
      try Self.act(step, on: without)
      withPictures.waitForQuietLog()
      let (frame, logged) = withPictures.loggedFrame()
      try #require(!logged.isEmpty, "\(emulator) \(step): no picture logged (frame \(frame))")
      // What the probe chose in this real terminal.
      #expect(
        logged.allSatisfy { $0.protocol == expected }, "\(emulator): \(logged[0].protocol ?? "")")
      // kitty on this machine reads the pictures from shared memory, unless told the link
      // is slow.
      if expected == "kitty" {
        let transfer = options.contains("slow") ? "base64" : "shared memory"
        #expect(logged.allSatisfy { $0.transfer == transfer }, "\(logged[0].transfer ?? "")")
      }
      let shot = try withPictures.screenshot()
      let plain = try without.screenshot()
      // MASONRY_KEEP_SHOTS=DIR keeps each step's screenshots and log, to look at.
      if let keep = ProcessInfo.processInfo.environment["MASONRY_KEEP_SHOTS"] {
        let name = "\(keep)/\(emulator)\(options.isEmpty ? "" : "-" + options.joined())-\(step)"
        withPictures.keepLast(as: name)
        without.keepLast(as: name + "-none")
      }
      try #require(
        shot.width == plain.width && shot.height == plain.height,
        "\(emulator) \(step): the two windows differ in size")
      let boxes = try logged.map { try Self.Placed($0) }
      let background = Self.commonest(shot, outside: boxes)
      // The text area's origin in the window: where the largest picture matches best.
      let largest = boxes.max {
        $0.visible.width * $0.visible.height < $1.visible.width * $1.visible.height
      }!
      let origin = Self.origin(of: largest, in: shot, plain: plain, background: background)
      for box in boxes {
        let difference = box.difference(in: shot, origin: origin, background: background)
        #expect(
          difference < 12,
          "\(emulator) \(step): \(box.path) differs by \(difference) at \(box.visible)")
      }
      let outside = Self.outsideDifference(shot, plain, boxes: boxes, origin: origin)
      #expect(
        outside <= 0.002,
        "\(emulator) \(step): \(outside * 100)% of the pixels outside the pictures differ (origin \(origin))"
      )
    }
  }

  /// Every format a folder holds (the decoder tests' fixtures: HEIC, AVIF turned by its
  /// own rotation, JPEG XL, TIFF stored on its side, BMP with alpha, SVG, PDF pages, two
  /// videos' posters) in each real terminal: each picture where the frame says, as its
  /// source decodes, and nothing left outside the pictures.
  @Test(arguments: [EmulatorSession.Emulator.xterm, .kitty, .mlterm])
  func everyFormatIsWhereTheFrameSays(emulator: EmulatorSession.Emulator) throws {
    let missing = EmulatorSession.missingTools
    try #require(missing.isEmpty, "scripts/setup.sh installs \(missing.joined(separator: ", "))")
    let folder = TemporaryFiles.makeDirectory()
    let fixtures = Repository.path + "/Tests/PicturesTests/Fixtures/"
    for name in [
      "gradient.heic", "rotated.avif", "gradient.jxl", "rotated.tif", "gradient-lzw.tif",
      "alpha.bmp", "gradient.svg", "rotated.pdf", "gradient.mp4", "gradient.webm",
      "gradient.avif", "gradient.bmp",
    ] {
      try FileManager.default.copyItem(atPath: fixtures + name, toPath: folder + "/" + name)
    }
    let withPictures = try EmulatorSession(emulator, arguments: [folder], in: Repository.path)
    let without = try EmulatorSession(
      emulator, arguments: ["--images", "none", folder], in: Repository.path)
    _ = try withPictures.window()
    _ = try without.window()
    withPictures.waitForQuietLog(quiet: 2)
    let (frame, logged) = withPictures.loggedFrame()
    try #require(logged.count >= 6, "\(emulator): \(logged.count) pictures logged (frame \(frame))")
    let shot = try withPictures.screenshot()
    let plain = try without.screenshot()
    if let keep = ProcessInfo.processInfo.environment["MASONRY_KEEP_SHOTS"] {
      withPictures.keepLast(as: "\(keep)/\(emulator)-formats")
    }
    let boxes = try logged.map { try Self.Placed($0) }
    let background = Self.commonest(shot, outside: boxes)
    let largest = boxes.max {
      $0.visible.width * $0.visible.height < $1.visible.width * $1.visible.height
    }!
    let origin = Self.origin(of: largest, in: shot, plain: plain, background: background)
    for box in boxes {
      let difference = box.difference(in: shot, origin: origin, background: background)
      #expect(difference < 12, "\(emulator): \(box.path) differs by \(difference)")
    }
    let outside = Self.outsideDifference(shot, plain, boxes: boxes, origin: origin)
    #expect(outside <= 0.002, "\(emulator): \(outside * 100)% outside the pictures differ")
  }

  /// A logged picture with its source decoded.
  struct Placed {
    var path: String
    var box: (x: Int, y: Int, width: Int, height: Int)
    var visible: (x: Int, y: Int, width: Int, height: Int)
    var cell: (width: Int, height: Int)
    var source: DecodedPicture

    init(_ logged: EmulatorSession.LoggedPicture) throws {
      guard let path = logged.path, let box = logged.box, let visible = logged.visible,
        let cell = logged.cell, box.count == 4, visible.count == 4, cell.count == 2
      else { throw EmulatorSession.SessionError("a log line without its fields") }
      self.path = path
      self.box = (box[0], box[1], box[2], box[3])
      self.visible = (visible[0], visible[1], visible[2], visible[3])
      self.cell = (cell[0], cell[1])
      let file = path.hasPrefix("/") ? path : Repository.path + "/" + path
      let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: file)))
      if let format = PictureFormat.sniff(Array(bytes.prefix(PictureFormat.sniffBytes))),
        format.decodesInHelper
      {
        // HEIC, AVIF, JPEG XL, SVG, PDF, video: the decoder helper's, as masonry's are.
        source = try DecodedPicture.decode(.file(file), maxSide: 4096)
      } else {
        source = try DecodedPicture.decode(bytes: bytes, maxSide: 4096, accurate: true)
      }
    }

    /// The visible part in window pixels, from the text area's `origin`.
    func region(origin: (x: Int, y: Int)) -> (x: Int, y: Int, width: Int, height: Int) {
      (
        origin.x + visible.x * cell.width, origin.y + visible.y * cell.height,
        visible.width * cell.width, visible.height * cell.height
      )
    }

    /// The colour the source picture gives pixel (`x`, `y`) of the visible part: fitted
    /// into the box (centred), its transparent parts over `background`.
    func expected(
      _ x: Int, _ y: Int, background: (Int, Int, Int)
    ) -> (Double, Double, Double) {
      let width = box.width * cell.width
      let height = box.height * cell.height
      let scale = min(Double(width) / Double(source.width), Double(height) / Double(source.height))
      let drawnWidth = max(1, Int(Double(source.width) * scale + 0.5))
      let drawnHeight = max(1, Int(Double(source.height) * scale + 0.5))
      let px = (visible.x - box.x) * cell.width + x - (width - drawnWidth) / 2
      let py = (visible.y - box.y) * cell.height + y - (height - drawnHeight) / 2
      let color = (Double(background.0), Double(background.1), Double(background.2))
      guard px >= 0, py >= 0, px < drawnWidth, py < drawnHeight else { return color }
      let sx = min(source.width - 1, px * source.width / drawnWidth)
      let sy = min(source.height - 1, py * source.height / drawnHeight)
      let index = (sy * source.width + sx) * 4
      let alpha = Double(source.pixels[index + 3]) / 255
      return (
        Double(source.pixels[index]) * alpha + color.0 * (1 - alpha),
        Double(source.pixels[index + 1]) * alpha + color.1 * (1 - alpha),
        Double(source.pixels[index + 2]) * alpha + color.2 * (1 - alpha)
      )
    }

    /// The mean difference per channel between the screenshot's region and the source
    /// picture as `expected` gives it, both shrunk to 16×16.
    func difference(
      in shot: EmulatorSession.Shot, origin: (x: Int, y: Int), background: (Int, Int, Int)
    ) -> Double {
      let area = region(origin: origin)
      var expected = [Double](repeating: 0, count: 16 * 16 * 3)
      var actual = [Double](repeating: 0, count: 16 * 16 * 3)
      var counts = [Double](repeating: 0, count: 16 * 16)
      for y in 0..<area.height {
        for x in 0..<area.width {
          let bin = (y * 16 / area.height) * 16 + x * 16 / area.width
          counts[bin] += 1
          let shotX = area.x + x
          let shotY = area.y + y
          if shotX < shot.width, shotY < shot.height {
            let (r, g, b) = shot.pixel(shotX, shotY)
            actual[bin * 3] += Double(r)
            actual[bin * 3 + 1] += Double(g)
            actual[bin * 3 + 2] += Double(b)
          }
          let color = self.expected(x, y, background: background)
          expected[bin * 3] += color.0
          expected[bin * 3 + 1] += color.1
          expected[bin * 3 + 2] += color.2
        }
      }
      var total = 0.0
      var channels = 0.0
      for bin in 0..<256 where counts[bin] > 0 {
        for channel in 0..<3 {
          total += abs(expected[bin * 3 + channel] - actual[bin * 3 + channel]) / counts[bin]
          channels += 1
        }
      }
      return channels > 0 ? total / channels : .infinity
    }

    /// The mean difference per channel pixel by pixel (every second one): sharp enough to
    /// tell a one-pixel shift.
    func sharpDifference(
      in shot: EmulatorSession.Shot, origin: (x: Int, y: Int), background: (Int, Int, Int)
    ) -> Double {
      let area = region(origin: origin)
      var total = 0.0
      var count = 0.0
      for y in stride(from: 0, to: area.height, by: 2) where area.y + y < shot.height {
        for x in stride(from: 0, to: area.width, by: 2) where area.x + x < shot.width {
          let (r, g, b) = shot.pixel(area.x + x, area.y + y)
          let color = expected(x, y, background: background)
          total += abs(Double(r) - color.0) + abs(Double(g) - color.1) + abs(Double(b) - color.2)
          count += 3
        }
      }
      return count > 0 ? total / count : .infinity
    }
  }

  /// The text area's origin: the offset within 6 pixels of the window's corner (the
  /// terminals' borders differ) at which the ring of 6 pixels around a picture matches
  /// the frame without pictures best (text and borders are pixel for pixel the same
  /// there, a picture one pixel off is not), then at which the picture matches its source.
  static func origin(
    of placed: Placed, in shot: EmulatorSession.Shot, plain: EmulatorSession.Shot,
    background: (Int, Int, Int)
  ) -> (x: Int, y: Int) {
    var best = (x: 0, y: 0)
    var bestScore = (Int.max, Double.infinity)
    for y in 0...6 {
      for x in 0...6 {
        let area = placed.region(origin: (x, y))
        var mismatched = 0
        // Within both shots: a screenshot smaller than the area (a foreign X server, a
        // window not yet its size) compares what there is rather than trapping.
        let (width, height) = (min(shot.width, plain.width), min(shot.height, plain.height))
        let (top, left) = (max(0, area.y - 6), max(0, area.x - 6))
        let rows = top..<max(top, min(height, area.y + area.height + 6))
        let columns = left..<max(left, min(width, area.x + area.width + 6))
        for py in rows {
          for px in columns
          where py < area.y || py >= area.y + area.height || px < area.x
            || px >= area.x + area.width
          {
            let a = shot.pixel(px, py)
            let b = plain.pixel(px, py)
            if abs(a.0 - b.0) > 48 || abs(a.1 - b.1) > 48 || abs(a.2 - b.2) > 48 {
              mismatched += 1
            }
          }
        }
        let score = (
          mismatched, placed.sharpDifference(in: shot, origin: (x, y), background: background)
        )
        if score < bestScore {
          bestScore = score
          best = (x, y)
        }
      }
    }
    return best
  }

  /// The share of pixels outside every picture that differ by more than 48 in a channel.
  static func outsideDifference(
    _ shot: EmulatorSession.Shot, _ plain: EmulatorSession.Shot, boxes: [Placed],
    origin: (x: Int, y: Int)
  ) -> Double {
    var inside = [Bool](repeating: false, count: shot.width * shot.height)
    for box in boxes {
      let area = box.region(origin: origin)
      for y in max(0, area.y)..<min(shot.height, area.y + area.height) {
        for x in max(0, area.x)..<min(shot.width, area.x + area.width) {
          inside[y * shot.width + x] = true
        }
      }
    }
    var differing = 0
    var outside = 0
    for y in 0..<shot.height {
      for x in 0..<shot.width where !inside[y * shot.width + x] {
        outside += 1
        let a = shot.pixel(x, y)
        let b = plain.pixel(x, y)
        if abs(a.0 - b.0) > 48 || abs(a.1 - b.1) > 48 || abs(a.2 - b.2) > 48 { differing += 1 }
      }
    }
    return outside > 0 ? Double(differing) / Double(outside) : 0
  }

  /// The colour most pixels outside the pictures have (with room for the border): the
  /// terminal's background, which a picture's transparent parts show.
  static func commonest(_ shot: EmulatorSession.Shot, outside boxes: [Placed]) -> (Int, Int, Int) {
    let areas = boxes.map { $0.region(origin: (0, 0)) }
    var counts: [Int: Int] = [:]
    for y in stride(from: 0, to: shot.height, by: 3) {
      for x in stride(from: 0, to: shot.width, by: 3)
      where !areas.contains(where: {
        x >= $0.x - 1 && x < $0.x + $0.width + 7 && y >= $0.y - 1 && y < $0.y + $0.height + 7
      }) {
        let (r, g, b) = shot.pixel(x, y)
        counts[r << 16 | g << 8 | b, default: 0] += 1
      }
    }
    let key = counts.max { $0.value < $1.value }?.key ?? 0
    return (key >> 16 & 255, key >> 8 & 255, key & 255)
  }
}
