import Foundation
import PictureFiles
import TestSupport
import Testing
import Thumbnails

#if canImport(Glibc)
  import Glibc
#endif

/// The formats the decoder helper reads (HEIC, AVIF, JPEG XL, SVG, PDF, five video
/// containers), on files made with Debian's own encoders (scripts/make-format-fixtures.sh):
/// each header gives the size as shown without decoding, each picture decodes upright,
/// damaged files give their reason, and a helper that crashes or hangs costs that picture
/// alone.
@Suite struct HelperFormatTests {
  static let files: [(String, PictureFormat)] = [
    ("gradient.heic", .heic), ("gradient.avif", .avif), ("rotated.avif", .avif),
    ("gradient.jxl", .jxl), ("gradient.svg", .svg), ("gradient.pdf", .pdf),
    ("rotated.pdf", .pdf), ("gradient.mp4", .mp4), ("gradient.mov", .mov),
    ("gradient.mkv", .mkv), ("gradient.webm", .webm), ("gradient.avi", .avi),
    ("dark-start.mp4", .mp4),
  ]

  static func path(_ name: String) -> String { PictureFixtures.path(name) }

  @Test(arguments: files)
  func eachDecodesUprightAtItsSize(name: String, format: PictureFormat) throws {
    let info = try PictureInfo.read(.file(Self.path(name)))
    #expect(info.format == format, "\(name)")
    #expect(info.width == 64 && info.height == 48, "\(name): \(info.width)×\(info.height)")
    let picture = try DecodedPicture.decode(.file(Self.path(name)), maxSide: 256)
    // A drawing or a page is drawn at the box's size; a picture never made bigger.
    let drawn = format.kind == .drawing || format.kind == .document
    let (width, height) = drawn ? (256, 192) : (64, 48)
    #expect(picture.width == width && picture.height == height, "\(name): \(picture.width)")
    // The red square at the top left, whatever way the file stores the picture; never a
    // black poster frame.
    let at = (height / 12 * width + width / 16) * 4
    let corner = Array(picture.pixels[at..<at + 4])
    #expect(corner[0] > 170 && corner[1] < 100 && corner[2] < 110, "\(name): \(corner)")
    #expect(corner[3] == 255, "\(name)")
  }

  @Test func videosSayTheirLengthAndDocumentsTheirPages() throws {
    let video = try PictureInfo.read(.file(Self.path("gradient.mp4")))
    #expect((1_900...2_100).contains(video.duration ?? 0), "\(video.duration ?? 0) ms")
    #expect(video.extent == "0:02")
    let document = try PictureInfo.read(.file(Self.path("gradient.pdf")))
    #expect(document.pages == 3 && document.extent == "3 pages")
    #expect(try PictureInfo.read(.file(Self.path("gradient.heic"))).extent == nil)
  }

  /// Cut short, or with garbage in place of its data: a reason that names the format,
  /// never a crash of this process and never a picture passed for whole.
  @Test(arguments: files.map(\.0))
  func damagedFilesGiveTheirReason(name: String) throws {
    let whole = PictureFixtures.bytes(name)
    let format = try #require(Self.files.first { $0.0 == name }?.1)
    var generator = SeededGenerator(seed: UInt64(whole.count))
    let damaged: [[UInt8]] = [
      Array(whole.prefix(whole.count / 2)), Array(whole.prefix(whole.count * 9 / 10)),
      whole.enumerated().map { index, byte in
        index > 64 && index % 7 == 0 ? UInt8.random(in: 0...255, using: &generator) : byte
      },
    ]
    for (index, bytes) in damaged.enumerated() {
      let path = TemporaryFiles.write(bytes, named: "damaged-\(index)-" + name)
      do {
        let picture = try DecodedPicture.decode(.file(path))
        // Some damage leaves a decodable picture (a video's later frames, a PDF's
        // unused bytes): then it is one of its size.
        #expect(picture.width <= 64 && picture.height <= 64)
      } catch {
        let said = error.description
        #expect(
          said.contains(format.name) || said == "not a picture" || said.hasPrefix("corrupt"),
          "\(name) damaged \(index): \(said)")
      }
    }
  }

  /// The isolation itself: a helper made to crash on one file, or to hang on another,
  /// ends; that picture says why, and the next picture decodes with a fresh helper.
  @Test func aCrashOrAHangCostsOnePictureAlone() throws {
    let folder = TemporaryFiles.makeDirectory()
    for name in ["crash-me.heic", "hang-me.heic", "fine.heic"] {
      try FileManager.default.copyItem(
        atPath: Self.path("gradient.heic"), toPath: folder + "/" + name)
    }
    setenv("MASONRY_DECODER_FAULT", "crash:crash-me.heic;hang:hang-me.heic", 1)
    let helpers = DecoderHelpers(program: DecoderHelpers.installedProgram(), deadline: 1_500)
    #expect(helpers.program != nil, "masonry-decoder is built beside the tests")
    #expect(throws: PictureFailure.decoderCrashed(.heic)) {
      try helpers.decode(path: folder + "/crash-me.heic", format: .heic, maxSide: 64)
    }
    #expect(throws: PictureFailure.decoderTookTooLong(.heic)) {
      try helpers.decode(path: folder + "/hang-me.heic", format: .heic, maxSide: 64)
    }
    let fine = try helpers.decode(path: folder + "/fine.heic", format: .heic, maxSide: 64)
    #expect(fine.width == 64 && fine.height == 48)
    #expect(PictureFailure.decoderCrashed(.heic).description == "HEIC: decoder crashed")
    #expect(PictureFailure.decoderTookTooLong(.mp4).description == "MP4: took too long")
  }

  /// The helper maps a family's libraries only when asked for it (FFmpeg's hundred and
  /// thirty are never loaded for an SVG); a helper copied without them says which is
  /// missing, on that card alone.
  @Test func aFamilyIsLoadedFromBesideTheHelperAlone() throws {
    let program = try #require(DecoderHelpers.installedProgram())
    let folder = TemporaryFiles.makeDirectory()
    try FileManager.default.copyItem(atPath: program, toPath: folder + "/masonry-decoder")
    let library = (program as NSString).deletingLastPathComponent + "/libmasonry-decode-svg.so"
    try FileManager.default.copyItem(atPath: library, toPath: folder + "/libmasonry-decode-svg.so")
    let helpers = DecoderHelpers(program: folder + "/masonry-decoder")
    let drawing = try helpers.decode(path: Self.path("gradient.svg"), format: .svg, maxSide: 64)
    #expect(drawing.width == 64)
    #expect(
      throws: PictureFailure.cannotDecode(
        .pdf, "pdf decoder is not installed beside masonry-decoder")
    ) {
      try helpers.decode(path: Self.path("gradient.pdf"), format: .pdf, maxSide: 64)
    }
  }

  @Test func withoutTheHelperEachPictureSaysSo() {
    let helpers = DecoderHelpers(program: nil)
    #expect(throws: PictureFailure.noDecoder(.pdf)) {
      try helpers.decode(path: Self.path("gradient.pdf"), format: .pdf, maxSide: 64)
    }
  }
}
