import CPictureHeaders

/// What a photo's EXIF says that a photographer reads: the camera, the lens, the exposure,
/// the place. Read by masonry's bounded header code (`exif.c`, fuzzed with the rest);
/// text is printable ASCII as the file held it.
package struct CameraFacts: Hashable, Sendable {
  package var make: String?
  package var model: String?
  package var lens: String?
  /// Seconds, as stored (numerator, denominator).
  package var exposure: (Int, Int)?
  package var aperture: Double?
  package var iso: Int?
  /// Millimetres.
  package var focalLength: Double?
  /// Decimal degrees, south and west negative.
  package var position: (latitude: Double, longitude: Double)?
  /// The EXIF orientation, 1 to 8 (1: as stored).
  package var orientation = 1

  package init() {}

  /// Whether the file said none of it.
  package var isEmpty: Bool {
    make == nil && model == nil && lens == nil && exposure == nil && aperture == nil
      && iso == nil && focalLength == nil && position == nil
  }

  init(_ info: masonry_picture_info) {
    func text<T>(_ field: T) -> String? {
      withUnsafeBytes(of: field) { raw in
        let bytes = raw.prefix { $0 != 0 }
        return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
      }
    }
    make = text(info.make)
    model = text(info.model)
    lens = text(info.lens)
    if info.exposure_denominator > 0, info.exposure_numerator > 0 {
      exposure = (Int(info.exposure_numerator), Int(info.exposure_denominator))
    }
    if info.aperture_denominator > 0, info.aperture_numerator > 0 {
      aperture = Double(info.aperture_numerator) / Double(info.aperture_denominator)
    }
    if info.focal_denominator > 0, info.focal_numerator > 0 {
      focalLength = Double(info.focal_numerator) / Double(info.focal_denominator)
    }
    if info.iso > 0 { iso = Int(info.iso) }
    if info.has_position != 0 { position = (info.latitude, info.longitude) }
    orientation = Int(info.orientation)
  }

  /// The exposure as a photographer writes it: `1/250 s`, `2 s`, `0.5 s`.
  package var exposureText: String? {
    guard let (numerator, denominator) = exposure else { return nil }
    if numerator >= denominator {
      let seconds = Double(numerator) / Double(denominator)
      return seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(Self.decimal(seconds, 1)) s"
    }
    return "1/\(Int((Double(denominator) / Double(numerator)).rounded())) s"
  }

  /// `value` with at most `places` decimals, no trailing zeros.
  package static func decimal(_ value: Double, _ places: Int) -> String {
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    var text = "\(rounded)"
    if text.contains(".") {
      while text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
    }
    return text
  }

  package static func == (lhs: CameraFacts, rhs: CameraFacts) -> Bool {
    lhs.make == rhs.make && lhs.model == rhs.model && lhs.lens == rhs.lens
      && lhs.exposure?.0 == rhs.exposure?.0 && lhs.exposure?.1 == rhs.exposure?.1
      && lhs.aperture == rhs.aperture && lhs.iso == rhs.iso && lhs.focalLength == rhs.focalLength
      && lhs.position?.latitude == rhs.position?.latitude
      && lhs.position?.longitude == rhs.position?.longitude && lhs.orientation == rhs.orientation
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(make)
    hasher.combine(model)
    hasher.combine(iso)
  }
}
