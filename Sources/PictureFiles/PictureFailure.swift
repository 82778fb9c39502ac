/// Why a picture cannot be shown, in the few words that fit inside its card.
package enum PictureFailure: Error, Hashable, Sendable, CustomStringConvertible {
  case notFound
  case unreadable(String)
  case notAPicture
  /// A file of no bytes.
  case emptyFile
  /// A FIFO, a device, a socket, a folder: nothing a picture can be read from.
  case notRegularFile
  /// A symbolic link that leads back to itself.
  case linkLoop
  /// Over the pixel limit, refused from the header before decoding.
  case tooLarge(width: Int, height: Int)
  /// Over the file size limit.
  case fileTooBig(bytes: Int)
  case corrupt(PictureFormat?)
  case unsupported(PictureFormat?)
  /// A decoder's own bound (memory, progressive scans) stopped it.
  case overLimit(PictureFormat?)
  /// The decoder said why it could not (`encrypted PDF`, `video without a video stream`).
  case cannotDecode(PictureFormat?, String)
  /// The decoder helper died on the file (its signal), or passed its deadline and was
  /// ended: the browser, the other pictures and the terminal go on.
  case decoderCrashed(PictureFormat?)
  case decoderTookTooLong(PictureFormat?)
  /// No decoder helper could be started (`masonry-decoder` missing beside masonry).
  case noDecoder(PictureFormat?)

  package var description: String {
    switch self {
    case .notFound: return "not found"
    case .unreadable(let reason): return reason
    case .notAPicture: return "not a picture"
    case .emptyFile: return "empty file"
    case .notRegularFile: return "not a regular file"
    case .linkLoop: return "link loop"
    case .tooLarge(let width, let height): return "too large: \(width)×\(height)"
    case .fileTooBig(let bytes): return "too large: \(ByteCount.text(bytes))"
    case .corrupt(let format): return "corrupt " + (format?.name ?? "picture")
    case .unsupported(let format): return "unsupported " + (format?.name ?? "picture")
    case .overLimit(let format): return (format?.name ?? "picture") + " over the limits"
    case .cannotDecode(let format, let reason):
      return (format?.name ?? "picture") + ": cannot decode: " + reason
    case .decoderCrashed(let format): return (format?.name ?? "picture") + ": decoder crashed"
    case .decoderTookTooLong(let format): return (format?.name ?? "picture") + ": took too long"
    case .noDecoder(let format):
      return (format?.name ?? "picture") + ": no decoder (masonry-decoder is missing)"
    }
  }
}

/// Byte counts as people read them: 812 B, 1.2 KB, 3.4 MB.
package enum ByteCount {
  package static func text(_ bytes: Int) -> String {
    if bytes < 1000 { return "\(bytes) B" }
    let units = ["KB", "MB", "GB", "TB"]
    var value = Double(bytes) / 1000
    var unit = 0
    while value >= 999.95 && unit < units.count - 1 {
      value /= 1000
      unit += 1
    }
    let tenths = Int((value * 10).rounded())
    return value < 100
      ? "\(tenths / 10).\(tenths % 10) \(units[unit])" : "\(tenths / 10) \(units[unit])"
  }
}
