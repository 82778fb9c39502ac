import Foundation
import LayoutEngine
import PictureFiles
import TerminalCore
import TerminalText
import TestSupport
import Testing
import Thumbnails

/// Animated GIF, WebP and APNG (scripts/make-format-fixtures.sh): each frame composed as
/// its format says (offsets, transparency, disposal, blending), the delays and play count
/// the file gives, damage keeping the frames before it, and a frame that claims a giant
/// size refused before anything is decoded.
@Suite struct AnimationDecodingTests {
  static func bytes(_ name: String) -> [UInt8] { PictureFixtures.bytes(name) }

  /// Every frame of `name` at its own size, with its delay.
  static func frames(_ name: String) throws -> (
    frames: [(DecodedPicture, Int)], reader: AnimationReader
  ) {
    let reader = try #require(AnimationReader(bytes: bytes(name), maxSide: 1024))
    var frames: [(DecodedPicture, Int)] = []
    while let frame = reader.next() { frames.append(frame) }
    return (frames, reader)
  }

  static func pixel(_ picture: DecodedPicture, _ x: Int, _ y: Int) -> [UInt8] {
    let at = (y * picture.width + x) * 4
    return Array(picture.pixels[at..<(at + 4)])
  }

  @Test func gifFramesAreComposedWithTheirDisposal() throws {
    let (frames, reader) = try Self.frames("counter.gif")
    #expect(frames.count == 3)
    #expect(frames.map(\.1) == [100, 200, 50])
    // NETSCAPE2.0 says 2 (ImageMagick's `-loop 3`): repeats after the first play, as
    // browsers count them.
    #expect(reader.plays == 3)
    #expect(!reader.isDamaged)
    let (first, second, third) = (frames[0].0, frames[1].0, frames[2].0)
    #expect(first.width == 32 && first.height == 24)
    #expect(Self.pixel(first, 10, 8) == [255, 0, 0, 255])
    // The yellow frame at +8+6 over the red one.
    #expect(Self.pixel(second, 10, 8) == [255, 255, 0, 255])
    #expect(Self.pixel(second, 1, 1) == [255, 0, 0, 255])
    #expect(Self.pixel(second, 24, 18) == [255, 0, 0, 255])
    #expect(Self.pixel(third, 10, 8) == [0, 0, 255, 255])
  }

  @Test func webpFramesComeFromLibwebp() throws {
    let (frames, reader) = try Self.frames("counter.webp")
    #expect(frames.map(\.1) == [100, 100, 100])
    #expect(reader.plays == 0)
    #expect(
      frames.map { Self.pixel($0.0, 5, 5) } == [
        [255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255],
      ])
  }

  @Test func apngFramesAreBlendedAndDisposed() throws {
    let (frames, reader) = try Self.frames("counter-apng.png")
    #expect(frames.map(\.1) == [100, 250, 20])
    #expect(reader.plays == 2)
    let (first, second, third) = (frames[0].0, frames[1].0, frames[2].0)
    #expect(Self.pixel(first, 10, 8) == [255, 0, 0, 255])
    // Half-alpha yellow over red: (255, 128, 0), opaque.
    let blended = Self.pixel(second, 10, 8)
    #expect(blended[0] == 255 && abs(Int(blended[1]) - 128) <= 1 && blended[2] == 0)
    #expect(blended[3] == 255)
    #expect(Self.pixel(second, 1, 1) == [255, 0, 0, 255])
    // Frame 1's rectangle cleared to transparent (dispose 1), then a blue 4x4 at 0,0.
    #expect(Self.pixel(third, 10, 8) == [0, 0, 0, 0])
    #expect(Self.pixel(third, 1, 1) == [0, 0, 255, 255])
    #expect(Self.pixel(third, 30, 20) == [255, 0, 0, 255])
  }

  @Test func framesAreMadeSmallWhole() throws {
    let reader = try #require(AnimationReader(bytes: Self.bytes("counter.gif"), maxSide: 16))
    let (frame, _) = try #require(reader.next())
    #expect(frame.width == 16 && frame.height == 12)
  }

  @Test func aCutAnimationKeepsTheFramesBeforeTheCut() throws {
    let (frames, reader) = try Self.frames("counter-cut.gif")
    #expect(frames.count == 2)
    #expect(reader.isDamaged)
  }

  /// A second frame of 60000×60000 in a 265-byte file: not read as an animation (the
  /// walk over the blocks refuses it before any decoding); the first frame still shows.
  @Test func aGiantFrameIsRefusedBeforeDecoding() throws {
    #expect(AnimationReader(bytes: Self.bytes("counter-huge-frame.gif"), maxSide: 64) == nil)
    let still = try DecodedPicture.decode(bytes: Self.bytes("counter-huge-frame.gif"), maxSide: 64)
    #expect(still.width == 32)
  }

  @Test func stillsAreNoAnimations() {
    for name in ["interlaced.gif", "palette.png", "lossy.webp", "gradient.jpg"] {
      #expect(AnimationReader(bytes: Self.bytes(name), maxSide: 64) == nil, "\(name)")
    }
  }

  /// The headers count the frames without decoding: the card says `3 frames`.
  @Test(arguments: ["counter.gif", "counter.webp", "counter-apng.png"])
  func headersCountFrames(name: String) throws {
    let info = try PictureInfo.read(.file(PictureFixtures.path(name)))
    #expect(info.frames == 3)
    #expect(info.extent == "3 frames")
    #expect(info.width == 32 && info.height == 24)
  }

  @Test func stillHeadersCountNone() throws {
    for name in ["interlaced.gif", "palette.png", "lossy.webp"] {
      #expect(try PictureInfo.read(.file(PictureFixtures.path(name))).frames == nil, "\(name)")
    }
  }

  /// The still decoder shows an animated WebP's first frame (it used to refuse it).
  @Test func anAnimatedWebPStillIsItsFirstFrame() throws {
    let still = try DecodedPicture.decode(bytes: Self.bytes("counter.webp"), maxSide: 64)
    #expect(Self.pixel(still, 5, 5) == [255, 0, 0, 255])
  }

  /// A thumbnail of an animation in symbols holds every frame's cells; in kitty, every
  /// frame encoded, the first as the image itself.
  @Test func thumbnailsHoldEveryFrame() throws {
    let source = PictureSource.file(PictureFixtures.path("counter.gif"))
    let symbols = try ThumbnailRequest(
      source: source, columns: 8, rows: 3, mode: .truecolor, animates: true
    ).make().get()
    let animation = try #require(symbols.animation)
    #expect(animation.timing.delays == [100, 200, 50])
    #expect(animation.frameCells.count == 2)
    #expect(symbols.showing(frame: 2).cells != symbols.cells)
    let still = try ThumbnailRequest(source: source, columns: 8, rows: 3, mode: .truecolor)
      .make().get()
    #expect(still.animation == nil)
    let kitty = try ThumbnailRequest(
      source: source, columns: 8, rows: 3, mode: .truecolor,
      cellShape: CellShape(width: 8, height: 16), pixels: .kitty, animates: true
    ).make().get()
    let image = try #require(kitty.pixels)
    #expect(image.animation?.frames.count == 2)
    #expect(image.animation?.isOpaque == true)
  }
}
