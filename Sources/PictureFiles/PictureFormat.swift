import CPictureHeaders

/// The picture formats masonry reads, recognised by their first bytes, never by a name.
package enum PictureFormat: String, CaseIterable, Hashable, Sendable {
  case jpeg, png, webp, gif

  init?(code: Int32) {
    switch code {
    case Int32(MASONRY_PICTURE_JPEG): self = .jpeg
    case Int32(MASONRY_PICTURE_PNG): self = .png
    case Int32(MASONRY_PICTURE_WEBP): self = .webp
    case Int32(MASONRY_PICTURE_GIF): self = .gif
    default: return nil
    }
  }

  /// The C headers' number of the format (what `init(code:)` reads).
  var code: Int32 {
    switch self {
    case .jpeg: return Int32(MASONRY_PICTURE_JPEG)
    case .png: return Int32(MASONRY_PICTURE_PNG)
    case .webp: return Int32(MASONRY_PICTURE_WEBP)
    case .gif: return Int32(MASONRY_PICTURE_GIF)
    }
  }

  /// The format `bytes` (a file's first bytes) start with.
  package static func sniff(_ bytes: [UInt8]) -> PictureFormat? {
    PictureFormat(code: masonry_picture_sniff(bytes, bytes.count))
  }

  /// How people write it: JPEG, PNG, WebP, GIF.
  package var name: String {
    switch self {
    case .jpeg: return "JPEG"
    case .png: return "PNG"
    case .webp: return "WebP"
    case .gif: return "GIF"
    }
  }
}
