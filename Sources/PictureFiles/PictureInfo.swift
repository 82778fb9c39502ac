import CPictureHeaders

#if canImport(Glibc)
  import Glibc
#endif

/// What a picture's header says, read without decoding it: a folder of 10,000 pictures is
/// laid out from these at once.
package struct PictureInfo: Hashable, Sendable {
  package var format: PictureFormat
  /// The size as shown, with the EXIF orientation applied (a portrait photo stored on its
  /// side is taller than wide here).
  package var width: Int
  package var height: Int
  /// EXIF DateTimeOriginal, `YYYY:MM:DD HH:MM:SS`, when the picture has one.
  package var dateTaken: String?
  package var stamp: PictureStamp
  /// A video's duration in milliseconds, when its header says.
  package var duration: Int?
  /// A document's page count, when its header says.
  package var pages: Int?
  /// An animation's frame count (GIF, WebP, APNG of more than one frame).
  package var frames: Int?
  /// The camera's EXIF: make, lens, exposure, position.
  package var camera = CameraFacts()

  package init(
    format: PictureFormat, width: Int, height: Int, dateTaken: String? = nil,
    stamp: PictureStamp, duration: Int? = nil, pages: Int? = nil, frames: Int? = nil
  ) {
    self.format = format
    self.width = width
    self.height = height
    self.dateTaken = dateTaken
    self.stamp = stamp
    self.duration = duration
    self.pages = pages
    self.frames = frames
  }

  /// What a card says of it beyond its size: `0:42` for a video, `12 pages` for a
  /// document, `24 frames` for an animation.
  package var extent: String? {
    if let frames, frames > 1 { return "\(frames) frames" }
    if let duration, duration > 0 {
      let seconds = (duration + 500) / 1000
      let clock =
        seconds >= 3600
        ? "\(seconds / 3600):" + Self.twoDigits(seconds / 60 % 60) + ":"
          + Self.twoDigits(seconds % 60)
        : "\(seconds / 60):" + Self.twoDigits(seconds % 60)
      return clock
    }
    if let pages, pages > 0 { return pages == 1 ? "1 page" : "\(pages) pages" }
    return nil
  }

  private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

  /// The header of the picture at `source`.
  ///
  /// - Throws: `PictureFailure`: not found, not an image, corrupt header, over the limits.
  /// - Complexity: a few small reads (JPEG: its markers up to the frame header).
  package static func read(_ source: PictureSource) throws(PictureFailure) -> PictureInfo {
    switch source {
    case .file(let path):
      return try read(file: PictureFile(path: path))
    case .embedded(let name):
      guard let bytes = EmbeddedPictures.bytes(named: name) else { throw .notFound }
      return try read(bytes: bytes, stamp: PictureStamp(modified: 0, bytes: bytes.count))
    }
  }

  /// The header of the picture `file` holds (one read of its start, more only where the
  /// header goes on beyond it).
  package static func read(file: borrowing PictureFile) throws(PictureFailure) -> PictureInfo {
    var info = masonry_picture_info()
    let result = masonry_picture_probe(file.descriptor, &info)
    return try make(info, result: result, stamp: file.stamp)
  }

  /// The header of the picture in `bytes`.
  package static func read(bytes: [UInt8], stamp: PictureStamp) throws(PictureFailure)
    -> PictureInfo
  {
    var info = masonry_picture_info()
    let result = bytes.withUnsafeBufferPointer { buffer in
      masonry_picture_probe_bytes(buffer.baseAddress, buffer.count, &info)
    }
    return try make(info, result: result, stamp: stamp)
  }

  private static func make(_ info: masonry_picture_info, result: Int32, stamp: PictureStamp)
    throws(PictureFailure) -> PictureInfo
  {
    let format = PictureFormat(code: info.format)
    switch result {
    case Int32(MASONRY_PICTURE_OK): break
    case Int32(MASONRY_PICTURE_NOT_AN_IMAGE): throw .notAPicture
    default: throw .corrupt(format)
    }
    guard let format else { throw .notAPicture }
    let width = Int(info.width)
    let height = Int(info.height)
    if Int64(width) * Int64(height) > PictureLimits.maximumPixels {
      throw .tooLarge(width: width, height: height)
    }
    let turned = info.orientation >= 5
    var date: String?
    withUnsafeBytes(of: info.date) { raw in
      let bytes = raw.prefix { $0 != 0 }
      if bytes.count == 19 { date = String(decoding: bytes, as: UTF8.self) }
    }
    var picture = PictureInfo(
      format: format, width: turned ? height : width, height: turned ? width : height,
      dateTaken: date, stamp: stamp, duration: info.duration_ms > 0 ? Int(info.duration_ms) : nil,
      pages: info.pages > 0 ? Int(info.pages) : nil,
      frames: info.frames > 1 ? Int(info.frames) : nil)
    picture.camera = CameraFacts(info)
    return picture
  }
}
