import FuzzSupport
import PictureFiles
import TerminalCore
import TerminalScreen
import Thumbnails

/// The disk caches' files read back as untrusted input (anyone who can write the cache
/// folder chose them): a thumbnail file and a folder's headers. The first byte picks raw
/// bytes, or a sound file of one kind (symbols, kitty, sixel, iTerm2, headers) that the
/// rest of the input damages (pairs of a place and a byte, or a cut). Nothing crashes;
/// what is taken can only be what may reach the terminal: cells a cell may show, a
/// sanitised note, a picture that is exactly one picture of its protocol.
enum Target {
  static let key = "1|2|8x4|truecolor|9x18|sextants|kitty|256|/fuzz/picture.png"

  /// A sound thumbnail file of each kind, and a headers file.
  static let sound: [[UInt8]] = {
    var files: [[UInt8]] = []
    var pixels: [UInt8] = []
    for index in 0..<(18 * 12) {
      let value = UInt8(truncatingIfNeeded: index)
      pixels += [value, value &* 7, value &* 13, 255]
    }
    let cells = (0..<8).map { index in
      Thumbnail.Cell(
        symbol: ["▀", "▄", " ", "█"][index % 4], foreground: .rgb(red: 1, green: 2, blue: 3),
        background: .indexed(UInt8(index)))
    }
    for kind in [nil] + PixelProtocol.allCases.map(Optional.some) {
      let image = kind.map { kind in
        ThumbnailRenderer.pixelPicture(
          ThumbnailRenderer.PixelCanvas(pixels: pixels, width: 18, height: 12), columns: 2,
          rows: 2, protocolKind: kind, label: "fuzz", sixelColors: 64)
      }
      var thumbnail = Thumbnail(
        columns: 4, rows: 2, cells: cells, pixels: image, pictureOrigin: (0, 0))
      thumbnail.note = "cut short"
      files.append(ThumbnailFile.encode(thumbnail, key: key))
    }
    let stamp = PictureStamp(modified: 1_700_000_000, bytes: 4_096)
    files.append(
      PictureHeaderCache.encode(
        [
          "a.jpg": .init(
            stamp: stamp,
            header: .success(
              PictureInfo(
                format: .jpeg, width: 640, height: 480, dateTaken: "2021:07:04 10:30:00",
                stamp: stamp))),
          "b.png": .init(stamp: stamp, header: .failure(.corrupt(.png))),
        ], folder: "/fuzz"))
    return files
  }()

  static func test(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let choice = bytes.first else { return }
    let rest = Array(bytes.dropFirst())
    var file: [UInt8]
    if Int(choice) % (sound.count + 1) == sound.count {
      file = rest
    } else {
      file = sound[Int(choice) % (sound.count + 1)]
      var index = 0
      while index + 2 < rest.count, !file.isEmpty {
        let place = (Int(rest[index]) << 8 | Int(rest[index + 1])) % file.count
        if rest[index + 2] == 0 {
          file.removeSubrange(place...)
        } else {
          file[place] ^= rest[index + 2]
        }
        index += 3
      }
    }
    let kinds = [nil] + PixelProtocol.allCases.map(Optional.some)
    let asked = kinds[Int(choice) % kinds.count]
    if let thumbnail = ThumbnailFile.decode(
      file, key: key, sixelColors: 64, label: "fuzz", pixels: asked)
    {
      if let image = thumbnail.pixels, image.protocolKind != asked {
        FuzzReplay.fail("a picture of another protocol than asked taken")
      }
      for cell in thumbnail.cells where !ThumbnailFile.isCellSymbol(cell.symbol) {
        FuzzReplay.fail("a cell taken that a cell may not show: \(cell.symbol.value)")
      }
      if let note = thumbnail.note,
        note.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
      {
        FuzzReplay.fail("a note with a control taken")
      }
      if let image = thumbnail.pixels {
        if !EncodedPictureCheck.isOnePicture(
          image.encoded, of: image.protocolKind, width: image.width, height: image.height)
        {
          FuzzReplay.fail("a picture taken that is not exactly one picture")
        }
        _ = image.encoded(cellRows: 0..<1)
      }
    }
    _ = PictureHeaderCache.parse(file, folder: "/fuzz")
  }
}
