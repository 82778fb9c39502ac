import CPictures
import PictureFiles

/// A picture decoded small (at most `PictureLimits.decodedSide` on its longer side), with
/// its EXIF orientation applied: RGBA, 8 bits a channel, not premultiplied.
package struct DecodedPicture: Sendable {
  package let width: Int
  package let height: Int
  package let pixels: [UInt8]
  /// The file ended before the picture did: the rows that decoded are its top, the rest
  /// is transparent.
  package let isTruncated: Bool

  package init(width: Int, height: Int, pixels: [UInt8], isTruncated: Bool = false) {
    self.width = width
    self.height = height
    self.pixels = pixels
    self.isTruncated = isTruncated
  }

  /// The bytes it takes.
  package var cost: Int { pixels.count }

  /// Decodes the picture at `source`.
  ///
  /// - Throws: `PictureFailure`, from the header (before any pixel is decoded) or the decoder.
  /// - Complexity: JPEG decodes at 1/2, 1/4 or 1/8 from the DCT; WebP scales while it
  ///   decodes; PNG and GIF are averaged row by row, so memory is about the result.
  ///
  /// A file of no format here whose name a desktop thumbnailer takes (an icon, a
  /// Photoshop file) gets that thumbnailer's picture, kept in `shared` for the next time.
  package static func decode(
    _ source: PictureSource, maxSide: Int = PictureLimits.decodedSide,
    shared: FreedesktopThumbnails? = nil, thumbnailers: Thumbnailers = .shared
  )
    throws(PictureFailure) -> DecodedPicture
  {
    let bytes: [UInt8]
    switch source {
    case .file(let path):
      let file = try PictureFile(path: path)
      let format = PictureFormat.sniff(try file.read(count: PictureFormat.sniffBytes))
      // The formats of big, young libraries go to the decoder helper, by path: a video is
      // never read whole here.
      if let format, format.decodesInHelper {
        return try DecoderHelpers.shared.decode(path: path, format: format, maxSide: maxSide)
      }
      if format == nil, file.stamp.bytes > 0,
        let found = thumbnailers.thumbnailer(forName: FileName.lastComponent(path))
      {
        return try ThumbnailerRun.picture(
          path: path, thumbnailer: found.thumbnailer, maxSide: maxSide, shared: shared)
      }
      bytes = try file.readAll()
    case .embedded(let name):
      guard let embedded = EmbeddedPictures.bytes(named: name) else { throw .notFound }
      bytes = embedded
    }
    return try decode(bytes: bytes, maxSide: maxSide)
  }

  /// Decodes the picture file held in `bytes`.
  ///
  /// - Parameters:
  ///   - accurate: favour accuracy over speed (the exact DCT, every progressive scan): for
  ///     reference pictures in measurements, never for thumbnails.
  package static func decode(
    bytes: [UInt8], maxSide: Int = PictureLimits.decodedSide, accurate: Bool = false
  ) throws(PictureFailure) -> DecodedPicture {
    guard bytes.count <= PictureLimits.maximumFileBytes else {
      throw .fileTooBig(bytes: bytes.count)
    }
    let format = PictureFormat.sniff(Array(bytes.prefix(PictureFormat.sniffBytes)))
    var decoded = masonry_pixels()
    let result = bytes.withUnsafeBufferPointer { buffer in
      masonry_picture_decode(
        buffer.baseAddress, buffer.count, Int32(maxSide), PictureLimits.maximumPixels,
        accurate ? 1 : 0, &decoded)
    }
    defer { masonry_pixels_free(&decoded) }
    switch result {
    case Int32(MASONRY_PICTURE_OK), Int32(MASONRY_PICTURE_TRUNCATED): break
    case Int32(MASONRY_PICTURE_NOT_AN_IMAGE):
      // A format of the decoder helper's, given as bytes: this process does not decode it.
      if let format, format.decodesInHelper { throw .unsupported(format) }
      throw .notAPicture
    case Int32(MASONRY_PICTURE_TOO_LARGE):
      do {
        _ = try PictureInfo.read(bytes: bytes, stamp: PictureStamp(modified: 0, bytes: 0))
      } catch .tooLarge(let width, let height) {
        throw .tooLarge(width: width, height: height)
      } catch {}
      throw .tooLarge(width: 0, height: 0)
    case Int32(MASONRY_PICTURE_UNSUPPORTED): throw .unsupported(format)
    case Int32(MASONRY_PICTURE_LIMIT): throw .overLimit(format)
    default: throw .corrupt(format)
    }
    let width = Int(decoded.width)
    let height = Int(decoded.height)
    let pixels = Array(UnsafeBufferPointer(start: decoded.pixels, count: width * height * 4))
    return DecodedPicture(
      width: width, height: height, pixels: pixels,
      isTruncated: result == Int32(MASONRY_PICTURE_TRUNCATED))
  }
}
