import PictureFiles
import TerminalCore
import TerminalScreen
import TerminalText

/// A thumbnail as the disk cache stores it, and back: a header (magic, version, the full
/// key, the payload's length and checksum), then the cells, the picture's place, its note
/// and, for a pixel picture, its encoding and the pixels crops are cut from. Reading
/// treats the file as untrusted: every length is checked against what is left, every
/// count against the thumbnail's size, every symbol and colour against what a cell can
/// hold; anything else is `nil` (the caller drops the file and makes the thumbnail anew).
package enum ThumbnailFile {
  package static let magic = Array("masonry-thumbnail\n".utf8)
  package static let version: UInt32 = 1
  /// The most a file may hold (a pixel picture of the open card is the largest).
  package static let maximumBytes = 64 << 20
  /// The most cells either way.
  package static let maximumSide = 4096

  /// The file's bytes for `thumbnail` under `key`.
  package static func encode(_ thumbnail: Thumbnail, key: String) -> [UInt8] {
    var payload = ByteWriter()
    payload.int(thumbnail.columns)
    payload.int(thumbnail.rows)
    for cell in thumbnail.cells {
      payload.u32(cell.symbol.value)
      payload.color(cell.foreground)
      payload.color(cell.background)
    }
    payload.int(thumbnail.pictureOrigin.left)
    payload.int(thumbnail.pictureOrigin.top)
    payload.bytes(Array((thumbnail.note ?? "").utf8))
    if let image = thumbnail.pixels {
      payload.u8(1)
      payload.bytes(Array(image.protocolKind.rawValue.utf8))
      payload.bytes(Array(image.label.utf8))
      payload.int(image.width)
      payload.int(image.height)
      payload.int(image.columns)
      payload.int(image.rows)
      payload.bytes(image.encoded)
      payload.bytes(image.keptPixels)
    } else {
      payload.u8(0)
    }
    var file = ByteWriter()
    file.raw(magic)
    file.u32(version)
    file.bytes(Array(key.utf8))
    file.u64(checksum(payload.output))
    file.bytes(payload.output)
    return file.output
  }

  /// The thumbnail in `bytes`, when they are a whole, sound file made under `key`;
  /// `sixelColors` remakes a sixel picture's crops as they were made; `label` names the
  /// picture in logs (never taken from the file).
  ///
  /// Nothing read here reaches the terminal unproven: each cell's symbol is one a cell
  /// can hold as it is (one column wide, left as it is by the sanitiser), the note is
  /// sanitised, and a pixel picture's encoding must be exactly one picture of its protocol
  /// (`EncodedPictureCheck`) of the size the file states.
  package static func decode(
    _ bytes: [UInt8], key: String, sixelColors: Int, label: String, pixels: PixelProtocol?
  ) -> Thumbnail? {
    var file = ByteReader(bytes)
    guard file.raw(magic.count) == magic, file.u32() == version,
      let storedKey = file.bytes(), storedKey == Array(key.utf8), let sum = file.u64(),
      let payloadBytes = file.bytes(), file.isAtEnd, checksum(payloadBytes) == sum
    else { return nil }
    var payload = ByteReader(payloadBytes)
    guard let columns = payload.int(), let rows = payload.int(),
      (0...maximumSide).contains(columns), (0...maximumSide).contains(rows)
    else { return nil }
    var cells: [Thumbnail.Cell] = []
    cells.reserveCapacity(columns * rows)
    // A thumbnail uses a few symbols many times: each is checked once.
    var symbols: [UInt32: Bool] = [:]
    for _ in 0..<(columns * rows) {
      guard let value = payload.u32(), let symbol = Unicode.Scalar(value),
        symbols[value] ?? Self.remember(Self.isCellSymbol(symbol), for: value, in: &symbols),
        let foreground = payload.color(),
        let background = payload.color()
      else { return nil }
      cells.append(Thumbnail.Cell(symbol: symbol, foreground: foreground, background: background))
    }
    guard let left = payload.int(), let top = payload.int(), let noteBytes = payload.bytes(),
      let hasImage = payload.u8()
    else { return nil }
    var image: PixelPicture?
    if hasImage == 1 {
      guard let kindBytes = payload.bytes(),
        let kind = PixelProtocol(rawValue: String(decoding: kindBytes, as: UTF8.self)),
        payload.bytes() != nil, let width = payload.int(), let height = payload.int(),
        let pictureColumns = payload.int(), let pictureRows = payload.int(),
        let encoded = payload.bytes(), let kept = payload.bytes(),
        (1...65_536).contains(width), (1...65_536).contains(height),
        (1...columns).contains(pictureColumns), (1...rows).contains(pictureRows),
        (0...columns - pictureColumns).contains(left), (0...rows - pictureRows).contains(top),
        // The protocol the request asked for (symbols asked for: no picture at all).
        kind == pixels, kind.keepsPictures ? kept.isEmpty : kept.count == width * height * 4,
        EncodedPictureCheck.isOnePicture(encoded, of: kind, width: width, height: height)
      else { return nil }
      image = ThumbnailRenderer.pixelPicture(
        ThumbnailRenderer.PixelCanvas(pixels: kept, width: width, height: height),
        columns: pictureColumns, rows: pictureRows, protocolKind: kind,
        label: label, sixelColors: sixelColors, encoded: encoded)
    } else if hasImage != 0 {
      return nil
    }
    guard payload.isAtEnd else { return nil }
    var thumbnail = Thumbnail(
      columns: columns, rows: rows, cells: cells, pixels: image, pictureOrigin: (left, top))
    if !noteBytes.isEmpty { thumbnail.note = Sanitizer.sanitize(utf8: noteBytes) }
    return thumbnail
  }

  private static func remember(_ answer: Bool, for value: UInt32, in table: inout [UInt32: Bool])
    -> Bool
  {
    table[value] = answer
    return answer
  }

  /// Whether a cell may show `symbol` as the file gives it: one column wide, and nothing
  /// the sanitiser would change (no control, bidi control or unassigned scalar).
  package static func isCellSymbol(_ symbol: Unicode.Scalar) -> Bool {
    DisplayWidth.of(symbol) == 1
      && Sanitizer.sanitize(String(symbol)).unicodeScalars.first == symbol
  }

  /// The payload's checksum (FNV-1a, 64 bits).
  package static func checksum(_ bytes: [UInt8]) -> UInt64 { ByteWriter.checksum(bytes) }
}

extension ByteWriter {
  fileprivate mutating func color(_ color: TerminalColor) {
    switch color {
    case .default: u8(0)
    case .indexed(let index): raw([1, index])
    case .rgb(let red, let green, let blue): raw([2, red, green, blue])
    // A picture's symbols carry their own colours, never a theme's; kept as the standard.
    case .role: self.color(ColorTheme.dark.resolve(color))
    }
  }
}

extension ByteReader {
  fileprivate mutating func color() -> TerminalColor? {
    switch u8() {
    case 0: return .default
    case 1: return u8().map { .indexed($0) }
    case 2:
      guard let rgb = raw(3) else { return nil }
      return .rgb(red: rgb[0], green: rgb[1], blue: rgb[2])
    default: return nil
    }
  }
}
