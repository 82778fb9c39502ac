import CPictures
import PictureFiles

/// An animated GIF, WebP or APNG read a frame at a time, each frame composed as its
/// format says and made at most `maxSide` pixels on its longer side: what a thumbnail's
/// frames are made from without holding the file's frames all at once.
package final class AnimationReader {
  /// The file's bytes, which the C reader points into for its life.
  private let bytes: UnsafeMutableBufferPointer<UInt8>
  private let reader: OpaquePointer
  /// How many times the whole animation plays; 0: forever.
  package let plays: Int
  /// Whether the file was damaged after the frames read (they stand).
  package private(set) var isDamaged = false

  /// The animation in `bytes`; `nil` when it is not one (a single frame), or cannot be
  /// read as one: the still decoder then says why.
  package init?(bytes source: [UInt8], maxSide: Int) {
    let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: Swift.max(1, source.count))
    _ = bytes.initialize(from: source)
    guard
      let reader = masonry_animation_open(
        bytes.baseAddress, source.count, Int32(maxSide), PictureLimits.maximumPixels)
    else {
      bytes.deallocate()
      return nil
    }
    self.bytes = bytes
    self.reader = reader
    plays = Int(masonry_animation_plays(reader))
  }

  deinit {
    masonry_animation_close(reader)
    bytes.deallocate()
  }

  /// The next frame and how long it shows (milliseconds); `nil` after the last.
  package func next() -> (picture: DecodedPicture, delay: Int)? {
    var frame = masonry_pixels()
    var delay: Int32 = 0
    let got = masonry_animation_next(reader, &frame, &delay)
    defer { masonry_pixels_free(&frame) }
    guard got == 1, frame.pixels != nil else {
      if got < 0 { isDamaged = true }
      return nil
    }
    let width = Int(frame.width)
    let height = Int(frame.height)
    let pixels = Array(UnsafeBufferPointer(start: frame.pixels, count: width * height * 4))
    return (DecodedPicture(width: width, height: height, pixels: pixels), Int(delay))
  }
}
