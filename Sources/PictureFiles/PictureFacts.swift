/// The facts the viewer's panel shows of a picture (`i`): where it is, its size and
/// format, when it was taken, and the EXIF a photographer reads. Values come from the
/// file and are untrusted: the panel draws them through the sanitiser like card text.
package struct PictureFacts: Hashable, Sendable {
  package struct Line: Hashable, Sendable {
    package var label: String
    package var value: String

    package init(_ label: String, _ value: String) {
      self.label = label
      self.value = value
    }
  }

  package var lines: [Line]

  package init(lines: [Line]) { self.lines = lines }

  /// The facts of `info`, read from `path` (or a picture built in).
  package init(_ info: PictureInfo, path: String?) {
    var lines: [Line] = []
    if let path { lines.append(Line("path", path)) }
    lines.append(Line("size", ByteCount.text(info.stamp.bytes)))
    lines.append(Line("pixels", "\(info.width) × \(info.height)"))
    lines.append(Line("format", info.format.name))
    if let date = info.dateTaken { lines.append(Line("taken", Self.date(date))) }
    if let extent = info.extent {
      lines.append(Line(info.duration != nil ? "duration" : "length", extent))
    }
    let camera = info.camera
    let body = [camera.make, camera.model].compactMap { $0 }
    if !body.isEmpty {
      // Most models repeat the make ("Canon" "Canon EOS 5D"): said once.
      let text =
        body.count == 2 && body[1].lowercased().hasPrefix(body[0].lowercased())
        ? body[1] : body.joined(separator: " ")
      lines.append(Line("camera", text))
    }
    if let lens = camera.lens { lines.append(Line("lens", lens)) }
    if let exposure = camera.exposureText { lines.append(Line("exposure", exposure)) }
    if let aperture = camera.aperture {
      lines.append(Line("aperture", "f/" + CameraFacts.decimal(aperture, 1)))
    }
    if let iso = camera.iso { lines.append(Line("ISO", "\(iso)")) }
    if let focal = camera.focalLength {
      lines.append(Line("focal", CameraFacts.decimal(focal, 1) + " mm"))
    }
    if camera.orientation != 1 {
      lines.append(Line("orientation", Self.orientation(camera.orientation)))
    }
    if let position = camera.position {
      lines.append(
        Line(
          "position",
          CameraFacts.decimal(position.latitude, 6) + ", "
            + CameraFacts.decimal(position.longitude, 6)))
    }
    self.lines = lines
  }

  /// `2024:05:01 14:03:22` as `2024-05-01 14:03:22`.
  static func date(_ exif: String) -> String {
    var characters = Array(exif)
    if characters.count >= 10 {
      characters[4] = "-"
      characters[7] = "-"
    }
    return String(characters)
  }

  /// What an EXIF orientation asks the viewer to do (masonry does it when decoding).
  static func orientation(_ value: Int) -> String {
    switch value {
    case 2: return "2 (mirrored)"
    case 3: return "3 (turned 180°)"
    case 4: return "4 (mirrored, turned 180°)"
    case 5: return "5 (mirrored, turned 90° clockwise)"
    case 6: return "6 (turned 90° clockwise)"
    case 7: return "7 (mirrored, turned 90° back)"
    case 8: return "8 (turned 90° back)"
    default: return "\(value)"
    }
  }
}

extension PictureFacts {
  /// The facts of the picture at `source`, its header read now.
  package init(_ source: PictureSource) throws(PictureFailure) {
    let info = try PictureInfo.read(source)
    if case .file(let path) = source {
      self.init(info, path: path)
    } else {
      self.init(info, path: nil)
    }
  }
}
