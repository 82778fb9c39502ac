import CPictureHeaders

/// The picture formats masonry reads, recognised by their first bytes, never by a name.
/// What each is (a photo, a drawing, a document, a video) and where it is decoded (in
/// this process, or in the decoder helper) are switches the compiler checks.
package enum PictureFormat: String, CaseIterable, Hashable, Sendable {
  case jpeg, png, webp, gif, bmp, tiff, heic, avif, jxl, svg, pdf, mp4, mov, mkv, webm, avi

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
    case .heic: return Int32(MASONRY_PICTURE_HEIC)
    case .avif: return Int32(MASONRY_PICTURE_AVIF)
    case .jxl: return Int32(MASONRY_PICTURE_JXL)
    case .svg: return Int32(MASONRY_PICTURE_SVG)
    case .pdf: return Int32(MASONRY_PICTURE_PDF)
    case .mp4: return Int32(MASONRY_PICTURE_MP4)
    case .mov: return Int32(MASONRY_PICTURE_MOV)
    case .mkv: return Int32(MASONRY_PICTURE_MKV)
    case .webm: return Int32(MASONRY_PICTURE_WEBM)
    case .avi: return Int32(MASONRY_PICTURE_AVI)
    }
  }

  /// What a file of the format is.
  package enum Kind: Hashable, Sendable {
    case picture, drawing, document, video
  }

  package var kind: Kind {
    switch self {
    case .jpeg, .png, .webp, .gif, .bmp, .tiff, .heic, .avif, .jxl: return .picture
    case .svg: return .drawing
    case .pdf: return .document
    case .mp4, .mov, .mkv, .webm, .avi: return .video
    }
  }

  /// Whether it is decoded by the decoder helper, a process of its own (libheif, libjxl,
  /// librsvg, poppler, FFmpeg: big, young libraries whose crash or hang on a hostile file
  /// must cost that process alone), rather than in this one.
  package var decodesInHelper: Bool {
    switch self {
    case .jpeg, .png, .webp, .gif, .bmp, .tiff: return false
    case .heic, .avif, .jxl, .svg, .pdf, .mp4, .mov, .mkv, .webm, .avi: return true
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
    case .heic: return "HEIC"
    case .avif: return "AVIF"
    case .jxl: return "JPEG XL"
    case .svg: return "SVG"
    case .pdf: return "PDF"
    case .mp4: return "MP4"
    case .mov: return "MOV"
    case .mkv: return "MKV"
    case .webm: return "WebM"
    case .avi: return "AVI"
    }
  }
}
