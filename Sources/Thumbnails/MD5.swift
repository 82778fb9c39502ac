import CPictures

/// MD5, for one thing only: the names of the freedesktop thumbnail cache's files, which
/// are the MD5 of the picture's URI. GLib's (linked for libchafa); never for anything that
/// must be secure.
enum MD5 {
  /// The digest of `message`, as 32 lowercase hexadecimal digits; `nil` only when GLib
  /// cannot make one.
  static func hex(_ message: [UInt8]) -> String? {
    var digits = [CChar](repeating: 0, count: 33)
    let made = message.withUnsafeBufferPointer { bytes in
      masonry_md5_hex(bytes.baseAddress, bytes.count, &digits)
    }
    guard made == 0 else { return nil }
    return String(decoding: digits.prefix(32).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
