import PictureFiles
import Thumbnails

/// Pictures: any bytes give a header, a thumbnail or a reason — through the header
/// readers (their frame counts among them), the in-process decoders (libjpeg-turbo,
/// libpng, libwebp, giflib, BMP, libtiff), the animation readers (GIF, WebP, APNG: every
/// frame composed) and chafa — never a crash, an overflow or a hang.
enum Target {
  static func test(_ bytes: UnsafeBufferPointer<UInt8>) {
    let input = Array(bytes)
    _ = try? PictureInfo.read(bytes: input, stamp: PictureStamp(modified: 0, bytes: input.count))
    if let animation = AnimationReader(bytes: input, maxSide: 32) {
      while animation.next() != nil {}
    }
    guard let picture = try? DecodedPicture.decode(bytes: input, maxSide: 64) else { return }
    _ = ThumbnailRenderer.render(picture, columns: 6, rows: 3, mode: .palette240)
  }
}
