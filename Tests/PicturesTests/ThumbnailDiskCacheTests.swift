import Foundation
import LayoutEngine
import PictureFiles
import TerminalCore
import TerminalScreen
import TerminalText
import TestSupport
import Testing

@testable import Thumbnails

/// The thumbnails kept on disk: what comes back is what went in, for symbols and every
/// pixel protocol; a damaged, cut or foreign file is never taken (and is removed); files
/// are written whole or not at all, and stay within the budget; the file managers' fresh
/// thumbnails stand in for decoding.
@Suite struct ThumbnailDiskCacheTests {
  static let picture = PictureFixtures.path("gradient.jpg")

  static func requests() -> [ThumbnailRequest] {
    let source = PictureSource.file(picture)
    return [
      ThumbnailRequest(source: source, columns: 20, rows: 8, mode: .truecolor),
      ThumbnailRequest(source: source, columns: 12, rows: 5, mode: .palette240, symbols: .sextants),
      ThumbnailRequest(
        source: source, columns: 20, rows: 8, mode: .truecolor,
        cellShape: CellShape(width: 9, height: 18), pixels: .kitty),
      ThumbnailRequest(
        source: source, columns: 20, rows: 8, mode: .truecolor,
        cellShape: CellShape(width: 9, height: 18), pixels: .sixel, sixelColors: 64),
      ThumbnailRequest(
        source: source, columns: 20, rows: 8, mode: .truecolor,
        cellShape: CellShape(width: 10, height: 20), pixels: .iterm),
    ]
  }

  static func cache(
    directory: String, budget: Int = ThumbnailDiskCache.defaultBudget,
    shared: FreedesktopThumbnails? = nil
  ) throws -> ThumbnailDiskCache {
    try #require(ThumbnailDiskCache(directory: directory, budget: budget, shared: shared))
  }

  static func stamp() throws -> PictureStamp { try PictureFile(path: picture).stamp }

  static func files(_ directory: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
  }

  @Test func whatComesBackIsWhatWentIn() throws {
    let directory = TemporaryFiles.makeDirectory() + "/cache/masonry"
    let stamp = try Self.stamp()
    for request in Self.requests() {
      let made = try request.make(
        caches: ThumbnailCaches(disk: try Self.cache(directory: directory))
      ).get()
      // A new process: nothing in memory, the disk alone.
      let kept = try #require(
        try Self.cache(directory: directory).thumbnail(for: request, stamp: stamp),
        "\(request.pixels?.rawValue ?? "symbols")")
      #expect(kept.columns == made.columns && kept.rows == made.rows && kept.cells == made.cells)
      #expect(kept.pictureOrigin == made.pictureOrigin && kept.note == made.note)
      #expect(kept.pixels?.encoded == made.pixels?.encoded)
      #expect(kept.pixels?.width == made.pixels?.width && kept.pixels?.rows == made.pixels?.rows)
      if let image = made.pixels, image.rows > 1 {
        #expect(
          kept.pixels?.encoded(cellRows: 1..<2) == image.encoded(cellRows: 1..<2), "crops too")
      }
    }
    #expect(Self.files(directory).count == Self.requests().count)
    #expect(!Self.files(directory).contains { $0.hasPrefix(".") }, "no temporary file left")
    var status = stat()
    #expect(stat(directory, &status) == 0 && status.st_mode & 0o777 == 0o700)
    // Another version of the picture is another key: nothing found.
    var newer = stamp
    newer.modified += 1
    #expect(
      try Self.cache(directory: directory).thumbnail(for: Self.requests()[0], stamp: newer)
        == nil)
  }

  /// A sixel that goes a cell row at a time (a slow link) comes with each row's pieces
  /// made ahead, by the worker, made or read from disk, as the layer would make them.
  @Test func rowsGoingOneAtATimeAreMadeAhead() throws {
    let directory = TemporaryFiles.makeDirectory() + "/masonry"
    let stamp = try Self.stamp()
    for height in [20, 18] {
      let request = ThumbnailRequest(
        source: .file(Self.picture), columns: 20, rows: 8, mode: .truecolor,
        cellShape: CellShape(width: 9, height: height), pixels: .sixel, sixelColors: 64,
        byCellRow: true)
      let made = try #require(
        try request.make(caches: ThumbnailCaches(disk: try Self.cache(directory: directory)))
          .get().pixels)
      let kept = try #require(
        try Self.cache(directory: directory).thumbnail(for: request, stamp: stamp)?.pixels)
      let reread = try #require(
        try request.make(caches: ThumbnailCaches(disk: try Self.cache(directory: directory)))
          .get().pixels)
      #expect(made.rows > 1 && kept.rows == made.rows && kept.cellRowPieces.isEmpty)
      for image in [made, reread] {
        #expect(image.cellRowPieces.count == image.rows)
        for row in 0..<image.cellRowPieces.count {
          #expect(image.cellRowPieces[row] == kept.pieces(cellRow: row), "\(row)")
        }
      }
    }
  }

  /// Seeded damage to every kind of file: cut anywhere, bytes flipped, another key's
  /// file in its place, nonsense. Each is either refused (and removed when it is still
  /// masonry's file) or, where the damage missed everything checked, equal to what was
  /// stored; none crashes.
  @Test func damagedFilesAreNeverTaken() throws {
    let directory = TemporaryFiles.makeDirectory() + "/masonry"
    let cache = try Self.cache(directory: directory)
    let stamp = try Self.stamp()
    var generator = SeededGenerator(seed: 52)
    for request in Self.requests() {
      let made = try request.make(caches: ThumbnailCaches(disk: cache)).get()
      let key = try #require(ThumbnailDiskCache.key(for: request, stamp: stamp))
      let path = cache.path(for: key)
      let sound = try #require(FileManager.default.contents(atPath: path))
      for round in 0..<400 {
        var bytes = [UInt8](sound)
        switch round % 4 {
        case 0: bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &generator)))
        case 1:
          for _ in 0..<Int.random(in: 1...4, using: &generator) {
            bytes[Int.random(in: 0..<bytes.count, using: &generator)] ^= UInt8.random(
              in: 1...255, using: &generator)
          }
        case 2:
          bytes = (0..<Int.random(in: 0...4096, using: &generator)).map { _ in
            UInt8.random(in: 0...255, using: &generator)
          }
        default:
          // Sound, but made under another key.
          let other = ThumbnailRequest(
            source: .file(PictureFixtures.path("gray.png")), columns: 20, rows: 8,
            mode: .truecolor)
          bytes = ThumbnailFile.encode(made, key: ThumbnailDiskCache.key(for: other, stamp: stamp)!)
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        if let kept = cache.thumbnail(for: request, stamp: stamp) {
          #expect(bytes == [UInt8](sound), "only the sound file is taken")
          #expect(kept.cells == made.cells)
        } else {
          // Refused: removed when it is masonry's (its magic), left alone when it is not.
          let ours = bytes.starts(with: ThumbnailFile.magic)
          #expect(FileManager.default.fileExists(atPath: path) == !ours)
        }
      }
      try Data(sound).write(to: URL(fileURLWithPath: path))
      // A made thumbnail is written again over a removed one.
      unlink(path)
      _ = try request.make(caches: ThumbnailCaches(disk: cache)).get()
      #expect(FileManager.default.fileExists(atPath: path))
    }
  }

  /// Past the budget, the files used longest ago go, down to nine tenths of it.
  @Test func theBudgetHolds() throws {
    let directory = TemporaryFiles.makeDirectory() + "/masonry"
    let cache = try Self.cache(directory: directory, budget: 40_000)
    let stamp = try Self.stamp()
    for columns in 10..<60 {
      let request = ThumbnailRequest(
        source: .file(Self.picture), columns: columns, rows: 6, mode: .truecolor)
      _ = try request.make(caches: ThumbnailCaches(disk: cache)).get()
    }
    let total = Self.files(directory).reduce(0) { sum, name in
      sum
        + ((try? FileManager.default.attributesOfItem(atPath: directory + "/" + name)[.size] as? Int)
          ?? 0)
    }
    #expect(total <= 40_000 && total > 0)
    let last = ThumbnailRequest(source: .file(Self.picture), columns: 59, rows: 6, mode: .truecolor)
    #expect(cache.thumbnail(for: last, stamp: stamp) != nil, "the newest stays")
  }

  @Test func md5AndURIsAsFileManagersMakeThem() {
    #expect(MD5.hex([]) == "d41d8cd98f00b204e9800998ecf8427e")
    #expect(
      MD5.hex(Array("The quick brown fox jumps over the lazy dog".utf8))
        == "9e107d9d372bb6826bd81d3542a419d6")
    // The specification's own example.
    #expect(
      MD5.hex(Array("file:///home/jens/photos/me.png".utf8)) == "c6ee772d9e49320e97ec29a7eb5b1697")
    #expect(MD5.hex([UInt8](repeating: 0x61, count: 1000))?.count == 32)
    #expect(
      FreedesktopThumbnails.uri("/home/jens/photos/me.png") == "file:///home/jens/photos/me.png")
    #expect(FreedesktopThumbnails.uri("/a b/ü#1.jpg") == "file:///a%20b/%C3%BC%231.jpg")
    let latin1 = FileName.string(fromBytes: Array("/caf".utf8) + [0xE9])
    #expect(FreedesktopThumbnails.uri(latin1) == "file:///caf%E9")
  }

  /// A file manager's fresh thumbnail is read instead of the picture: here a red one, so
  /// the thumbnail is red; a stale one (another modification time) is not.
  @Test func aFreshSharedThumbnailStandsInForThePicture() throws {
    let home = TemporaryFiles.makeDirectory()
    let picture = home + "/photo.jpg"
    try FileManager.default.copyItem(atPath: Self.picture, toPath: picture)
    let stamp = try PictureFile(path: picture).stamp
    let uri = FreedesktopThumbnails.uri(picture)
    let folder = home + "/thumbnails/large"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let thumbnailPath = folder + "/" + (MD5.hex(Array(uri.utf8)) ?? "") + ".png"
    let shared = FreedesktopThumbnails(directory: home + "/thumbnails")
    let request = ThumbnailRequest(source: .file(picture), columns: 16, rows: 6, mode: .truecolor)
    func made() throws -> Thumbnail {
      try request.make(
        caches: ThumbnailCaches(
          disk: try Self.cache(directory: TemporaryFiles.makeDirectory(), shared: shared))
      ).get()
    }
    func isRed(_ thumbnail: Thumbnail) -> Bool {
      // A solid colour is spaces on it (the foreground unused).
      thumbnail.cells.allSatisfy {
        [.default, .rgb(red: 255, green: 0, blue: 0)].contains($0.background)
      }
    }
    for (seconds, usesIt) in [(stamp.modified / 1_000_000_000, true), (12345, false)] {
      try Data(
        Self.redPNG(width: 64, height: 48, text: ["Thumb::URI": uri, "Thumb::MTime": "\(seconds)"])
      )
      .write(to: URL(fileURLWithPath: thumbnailPath))
      #expect(isRed(try made()) == usesIt, "MTime \(seconds)")
    }
    // Another URI in the file: not this picture's.
    try Data(
      Self.redPNG(
        width: 64, height: 48,
        text: [
          "Thumb::URI": "file:///other.jpg", "Thumb::MTime": "\(stamp.modified / 1_000_000_000)",
        ])
    )
    .write(to: URL(fileURLWithPath: thumbnailPath))
    #expect(!isRed(try made()))
  }

  /// A PNG of one red colour with `text` chunks, stored (not compressed) deflate.
  static func redPNG(width: Int, height: Int, text: [String: String]) -> [UInt8] {
    func be32(_ value: UInt32) -> [UInt8] {
      [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
    }
    func crc(_ bytes: [UInt8]) -> UInt32 {
      var value: UInt32 = 0xFFFF_FFFF
      for byte in bytes {
        value ^= UInt32(byte)
        for _ in 0..<8 { value = value & 1 != 0 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
      }
      return ~value
    }
    func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
      let body = Array(type.utf8) + data
      return be32(UInt32(data.count)) + body + be32(crc(body))
    }
    var raw: [UInt8] = []
    for _ in 0..<height {
      raw += [0] + Array([[UInt8]](repeating: [255, 0, 0], count: width).joined())
    }
    var zlib: [UInt8] = [0x78, 0x01]
    var offset = 0
    while offset < raw.count {
      let block = Array(raw[offset..<Swift.min(raw.count, offset + 65_535)])
      offset += block.count
      let length = UInt16(block.count)
      zlib += [
        offset >= raw.count ? 1 : 0, UInt8(length & 0xFF), UInt8(length >> 8),
        UInt8(~length & 0xFF), UInt8(~length >> 8),
      ]
      zlib += block
    }
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in raw {
      a = (a + UInt32(byte)) % 65_521
      b = (b + a) % 65_521
    }
    zlib += be32(b << 16 | a)
    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    png += chunk("IHDR", be32(UInt32(width)) + be32(UInt32(height)) + [8, 2, 0, 0, 0])
    for (key, value) in text.sorted(by: { $0.key < $1.key }) {
      png += chunk("tEXt", Array(key.utf8) + [0] + Array(value.utf8))
    }
    png += chunk("IDAT", zlib) + chunk("IEND", [])
    return png
  }
}
