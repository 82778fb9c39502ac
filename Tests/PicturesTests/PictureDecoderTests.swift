import Foundation
import PictureFiles
import TerminalScreen
import TestSupport
import Testing
import Thumbnails

/// Each decoder on valid, truncated, corrupt, zero-byte and bomb files.
@Suite struct PictureDecoderTests {
  static let valid = [
    ("gradient.jpg", PictureFormat.jpeg), ("progressive.jpg", .jpeg), ("cmyk.jpg", .jpeg),
    ("rotated.jpg", .jpeg), ("alpha.png", .png), ("interlaced.png", .png), ("gray.png", .png),
    ("palette.png", .png), ("lossy.webp", .webp), ("lossless.webp", .webp),
    ("interlaced.gif", .gif), ("gradient.bmp", .bmp), ("gradient-rle8.bmp", .bmp),
    ("gradient-4bit.bmp", .bmp), ("gradient-565.bmp", .bmp), ("alpha.bmp", .bmp),
    ("gradient.tif", .tiff), ("gradient-lzw.tif", .tiff), ("gradient-jpeg.tif", .tiff),
    ("gradient-tiled.tif", .tiff), ("rotated.tif", .tiff),
  ]

  @Test(arguments: valid)
  func validPicturesDecodeUprightAtTheirSize(name: String, format: PictureFormat) throws {
    let info = try PictureInfo.read(.file(PictureFixtures.path(name)))
    #expect(info.format == format)
    #expect(info.width == 64 && info.height == 48, "\(name) shows 64×48")
    let picture = try DecodedPicture.decode(.file(PictureFixtures.path(name)))
    #expect(picture.width == 64 && picture.height == 48)
    // The red square is at the top left, whatever way the file stores the picture.
    let corner = Array(picture.pixels[(4 * 64 + 4) * 4..<(4 * 64 + 4) * 4 + 4])
    if name == "gray.png" {
      // Red in grey is darker than the gradient's grey next to it.
      #expect(corner[0] == corner[1] && corner[1] == corner[2])
    } else {
      #expect(corner[0] > 180 && corner[1] < 90 && corner[2] < 110, "\(name): \(corner)")
    }
    #expect(corner[3] == 255)
  }

  @Test func exifGivesTheOrientationAndTheDateTaken() throws {
    let info = try PictureInfo.read(.file(PictureFixtures.path("rotated.jpg")))
    #expect(info.dateTaken == "2021:07:04 10:30:00")
    #expect(try PictureInfo.read(.file(PictureFixtures.path("gradient.jpg"))).dateTaken == nil)
  }

  @Test func transparentPixelsStayTransparent() throws {
    let picture = try DecodedPicture.decode(.file(PictureFixtures.path("alpha.png")))
    #expect(picture.pixels[(10 * 64 + 60) * 4 + 3] == 0, "the right half is transparent")
    let gif = try DecodedPicture.decode(.file(PictureFixtures.path("interlaced.gif")))
    #expect(gif.pixels.count == 64 * 48 * 4)
  }

  /// A file cut short shows the part that decoded and says so (`isTruncated`); one cut
  /// before any row decodes, or a format that cannot be read in part, is corrupt. Nothing
  /// cut short passes for whole.
  @Test(arguments: valid.map(\.0))
  func truncatedFilesShowWhatDecodedOrAreCorrupt(name: String) {
    let whole = PictureFixtures.bytes(name)
    for keep in [whole.count / 2, whole.count - 9] {
      do {
        let picture = try DecodedPicture.decode(bytes: Array(whole.prefix(keep)))
        #expect(picture.isTruncated, "\(name) cut to \(keep) bytes decoded as whole")
        #expect(
          [".jpg", ".png", ".bmp", ".tif"].contains { name.hasSuffix($0) },
          "\(name): only JPEG, PNG, BMP and TIFF show part of a picture")
      } catch {
        #expect(
          error.description.hasPrefix("corrupt"), "\(name) cut to \(keep): \(error.description)")
      }
    }
  }

  /// A baseline JPEG and a PNG cut in half: their top rows are the picture's, their bottom
  /// rows transparent.
  @Test(arguments: ["cmyk.jpg", "gray.png", "palette.png"])
  func theTopOfAHalfFileDecodes(name: String) throws {
    let whole = try DecodedPicture.decode(bytes: PictureFixtures.bytes(name))
    let half = try DecodedPicture.decode(
      bytes: Array(PictureFixtures.bytes(name).prefix(PictureFixtures.bytes(name).count / 2)))
    #expect(half.isTruncated && !whole.isTruncated)
    #expect(half.width == whole.width && half.height == whole.height)
    #expect(half.pixels[3] == 255, "the first row came")
    #expect(Array(half.pixels[0..<4]) == Array(whole.pixels[0..<4]), "as it is in the whole file")
    #expect(half.pixels[half.pixels.count - 1] == 0, "the last row did not")
  }

  /// A progressive JPEG cut short shows the whole picture from the scans it received (as
  /// Pillow, chafa and timg do), not one row: every row is opaque, and it says truncated
  /// (a large one made small from its first DC scan alone needs nothing that was cut).
  @Test(arguments: ["progressive.jpg", "progressive-large.jpg"])
  func aCutProgressiveJPEGShowsTheWholePicture(name: String) throws {
    let whole = PictureFixtures.bytes(name)
    let cut = try DecodedPicture.decode(bytes: Array(whole.prefix(whole.count * 6 / 10)))
    #expect(cut.isTruncated == (name == "progressive.jpg"))
    #expect(cut.pixels[cut.pixels.count - 1] == 255, "the last row came too")
    let corner = Array(cut.pixels[(2 * cut.width + 2) * 4..<(2 * cut.width + 2) * 4 + 3])
    #expect(corner[0] > 150 && corner[1] < 120, "\(name): the red corner, \(corner)")
  }

  @Test func emptyAndForeignFilesAreNotImages() {
    #expect(throws: PictureFailure.notAPicture) { try DecodedPicture.decode(bytes: []) }
    #expect(throws: PictureFailure.notAPicture) {
      try DecodedPicture.decode(bytes: Array("{\"caption\": \"not a picture\"}".utf8))
    }
    let empty = TemporaryFiles.write([], named: "empty.jpg")
    #expect(throws: PictureFailure.notAPicture) { try PictureInfo.read(.file(empty)) }
  }

  @Test func aDamagedHeaderIsCorrupt() {
    var png = PictureFixtures.bytes("alpha.png")
    png[14] ^= 0xFF  // inside IHDR: its CRC no longer matches
    #expect(throws: PictureFailure.corrupt(.png)) { try DecodedPicture.decode(bytes: png) }
    var jpeg = PictureFixtures.bytes("gradient.jpg")
    jpeg[3] = 0x00  // FF 00 where a marker must be
    #expect(throws: PictureFailure.corrupt(.jpeg)) { try DecodedPicture.decode(bytes: jpeg) }
  }

  /// A large progressive JPEG is made from its first DC scan alone (one bit of the DC
  /// value still held back): the same picture as decoding every scan, within what that bit
  /// is worth. Stopping a scan too early (before the chroma's DC) would tint it.
  @Test func aLargeProgressiveJPEGFromItsFirstDCScanMatchesTheFullDecode() throws {
    let bytes = PictureFixtures.bytes("progressive-large.jpg")
    let quick = try DecodedPicture.decode(bytes: bytes)
    let full = try DecodedPicture.decode(bytes: bytes, accurate: true)
    #expect(quick.width == 400 && quick.height == 300, "decoded at 1/8")
    #expect(quick.width == full.width && quick.height == full.height)
    var largest = 0
    var total = 0
    for (a, b) in zip(quick.pixels, full.pixels) {
      let difference = abs(Int(a) - Int(b))
      largest = max(largest, difference)
      total += difference
    }
    let mean = Double(total) / Double(quick.pixels.count)
    #expect(mean < 1.5, "mean difference \(mean)")
    #expect(largest <= 12, "largest difference \(largest)")
    // The red square is still red in the top left.
    let corner = Array(quick.pixels[(20 * 400 + 20) * 4..<(20 * 400 + 20) * 4 + 3])
    #expect(corner[0] > 200 && corner[1] < 60 && corner[2] < 60, "\(corner)")
  }

  /// Pictures that claim more pixels than the limit are refused from their header, at
  /// once, before a byte of pixels is decoded.
  @Test func bombsAreRefusedFromTheirHeader() throws {
    let started = ContinuousClock.now
    #expect(throws: PictureFailure.tooLarge(width: 20000, height: 20000)) {
      try DecodedPicture.decode(bytes: PictureBombs.png(width: 20000, height: 20000))
    }
    #expect(throws: PictureFailure.tooLarge(width: 22500, height: 33300)) {
      try DecodedPicture.decode(bytes: PictureBombs.progressiveJPEG(width: 22500, height: 33300))
    }
    #expect(throws: PictureFailure.tooLarge(width: 65535, height: 65535)) {
      try DecodedPicture.decode(bytes: PictureBombs.gif(width: 65535, height: 65535))
    }
    #expect(throws: PictureFailure.tooLarge(width: 16384, height: 16384)) {
      try DecodedPicture.decode(bytes: PictureBombs.webp(width: 16384, height: 16384))
    }
    let path = TemporaryFiles.write(
      PictureBombs.png(width: 20000, height: 20000), named: "bomb.png")
    #expect(throws: PictureFailure.tooLarge(width: 20000, height: 20000)) {
      try PictureInfo.read(.file(path))
    }
    #expect(ContinuousClock.now - started < .milliseconds(500))
  }

  @Test func filesThatAreNotPicturesFilesGiveReasons() throws {
    #expect(throws: PictureFailure.notFound) { try PictureInfo.read(.file("/no/such/picture.jpg")) }
    #expect(throws: PictureFailure.notRegularFile) {
      try PictureInfo.read(.file(TemporaryFiles.makeDirectory()))
    }
    // A FIFO would block a reader forever: it is refused without reading.
    let fifo = TemporaryFiles.path(named: "fifo")
    unlink(fifo)
    #expect(mkfifo(fifo, 0o600) == 0)
    defer { unlink(fifo) }
    #expect(throws: PictureFailure.notRegularFile) { try PictureInfo.read(.file(fifo)) }
    // Over the file size limit: refused from the size, not read.
    let big = TemporaryFiles.write([], named: "big.jpg")
    #expect(truncate(big, off_t(PictureLimits.maximumFileBytes + 1)) == 0)
    #expect(throws: PictureFailure.fileTooBig(bytes: PictureLimits.maximumFileBytes + 1)) {
      try DecodedPicture.decode(.file(big))
    }
  }

  /// Thousands of seeded byte mutations of every fixture: each decode ends with a picture
  /// within the size bound or a reason, never a crash.
  @Test func mutatedFilesNeverCrashTheDecoders() {
    var random = SeededGenerator(seed: 99)
    var decoded = 0
    for (name, _) in Self.valid {
      let original = PictureFixtures.bytes(name)
      for _ in 0..<300 {
        var bytes = original
        for _ in 0..<Int.random(in: 1...8, using: &random) {
          let at = Int.random(in: 0..<bytes.count, using: &random)
          bytes[at] = UInt8.random(in: 0...255, using: &random)
        }
        if Bool.random(using: &random) {
          bytes.removeLast(Int.random(in: 0...bytes.count / 3, using: &random))
        }
        if let picture = try? DecodedPicture.decode(bytes: bytes) {
          decoded += 1
          #expect(picture.width <= PictureLimits.decodedSide)
          #expect(picture.pixels.count == picture.width * picture.height * 4)
        }
      }
    }
    #expect(decoded > 0)
  }
}
