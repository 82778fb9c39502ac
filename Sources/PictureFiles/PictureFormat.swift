import CPictureHeaders

/// The picture formats masonry reads, recognised by their first bytes, never by a name.
package enum PictureFormat: String, CaseIterable, Hashable, Sendable {
  case jpeg, png, webp, gif, bmp, tiff

  init?(code: Int32) {
    guard let format = Self.allCases.first(where: { $0.code == code }) else { return nil }
    self = format
  }

  /// The C headers' number of the format (what `init(code:)` reads).
  var code: Int32 {
    switch self {
    case .jpeg: return Int32(MASONRY_PICTURE_JPEG)
    case .png: return Int32(MASONRY_PICTURE_PNG)
    case .webp: return Int32(MASONRY_PICTURE_WEBP)
    case .gif: return Int32(MASONRY_PICTURE_GIF)
    case .bmp: return Int32(MASONRY_PICTURE_BMP)
    case .tiff: return Int32(MASONRY_PICTURE_TIFF)
    }
  }

  /// How many of a file's first bytes `sniff` reads.
  package static let sniffBytes = Int(MASONRY_PICTURE_SNIFF_BYTES)

  /// The format `bytes` (a file's first `sniffBytes` bytes) start with.
  package static func sniff(_ bytes: [UInt8]) -> PictureFormat? {
    PictureFormat(code: masonry_picture_sniff(bytes, bytes.count))
  }

  /// Every format by name, for help and messages: "JPEG, PNG, WebP, GIF, BMP or TIFF"
  /// (`joiner` before the last).
  package static func names(joiner: String = "or") -> String {
    let names = allCases.map(\.name)
    return names.dropLast().joined(separator: ", ") + " \(joiner) " + names.last!
  }

  /// How people write it: JPEG, PNG, WebP, GIF, BMP, TIFF.
  package var name: String {
    switch self {
    case .jpeg: return "JPEG"
    case .png: return "PNG"
    case .webp: return "WebP"
    case .gif: return "GIF"
    case .bmp: return "BMP"
    case .tiff: return "TIFF"
    }
  }
}
