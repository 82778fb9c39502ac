/// A sixel picture cut into pieces of whole cell rows, each a sixel sequence of its own
/// (its size, the colours it uses, its bands), for a slow link: a sequence cannot be
/// interrupted, so a key's frame waits for the one in flight, and a piece of a row keeps
/// that wait short (where a row ends inside a band, the layer encodes rows on their own).
///
/// It reads masonry's own encoding (`masonry_sixel_encode`): `ESC P 0;1;0 q`, the raster
/// attributes `"1;1;W;H`, the colour definitions `#n;2;r;g;b`, then bands of six pixel
/// rows, each ended by `-`, then `ESC \`. Anything else is left whole.
package enum SixelPieces {
  /// The pieces of `sixel` (drawn at cell row 0 of a picture whose cells are
  /// `cellHeight` pixels tall), each at most about `rows` cell rows, with the cell row each
  /// starts at; `nil` when the sequence is not one this splits (it is then drawn whole).
  /// A piece starts on a band: its rows are a multiple of 6 / gcd(cellHeight, 6).
  package static func split(_ sixel: [UInt8], cellHeight: Int, rows: Int) -> [(
    row: Int, bytes: [UInt8]
  )]? {
    guard cellHeight > 0, rows > 0 else { return nil }
    let opening = Array("\u{1B}P0;1;0q\"1;1;".utf8)
    let closing: [UInt8] = [0x1B, UInt8(ascii: "\\")]
    guard sixel.starts(with: opening), sixel.count > opening.count + 2,
      Array(sixel.suffix(2)) == closing
    else { return nil }
    var index = opening.count
    func number() -> Int? {
      var value = 0
      var digits = 0
      while index < sixel.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(sixel[index]) {
        value = value * 10 + Int(sixel[index] - UInt8(ascii: "0"))
        digits += 1
        index += 1
        if digits > 6 { return nil }
      }
      return digits > 0 ? value : nil
    }
    func skip(_ byte: Character) -> Bool {
      guard index < sixel.count, sixel[index] == byte.asciiValue else { return false }
      index += 1
      return true
    }
    guard let width = number(), skip(";"), let height = number() else { return nil }
    // The colour definitions, by register.
    var definitions: [Int: ArraySlice<UInt8>] = [:]
    while index < sixel.count, sixel[index] == UInt8(ascii: "#") {
      let start = index
      index += 1
      guard let register = number() else { return nil }
      guard skip(";") else {
        // A colour selection: the bands begin.
        index = start
        break
      }
      for _ in 0..<4 {
        guard number() != nil else { return nil }
        _ = skip(";")
      }
      definitions[register] = sixel[start..<index]
    }
    let body = sixel[index..<(sixel.count - 2)]
    let bands = body.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
      .dropLast()
    guard !bands.isEmpty, body.last == UInt8(ascii: "-") else { return nil }
    // Rows a piece spans: a multiple of the rows whose top is a band's.
    var common = 6
    var other = cellHeight
    while other != 0 { (common, other) = (other, common % other) }
    let step = 6 / common
    let pieceRows = Swift.max(step, rows / step * step)
    let bandsPerPiece = pieceRows * cellHeight / 6
    var pieces: [(row: Int, bytes: [UInt8])] = []
    var first = 0
    while first < bands.count {
      let last = Swift.min(bands.count, first + bandsPerPiece)
      let pixelRows = Swift.min(height - first * 6, (last - first) * 6)
      guard pixelRows > 0 else { break }
      var bytes = Array("\u{1B}P0;1;0q\"1;1;\(width);\(pixelRows)".utf8)
      // The colours this piece selects, defined before its bands.
      var selected = Set<Int>()
      for band in bands[first..<last] {
        var position = band.startIndex
        while position < band.endIndex {
          if band[position] == UInt8(ascii: "#") {
            var value = 0
            position += 1
            while position < band.endIndex,
              (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(band[position])
            {
              value = value * 10 + Int(band[position] - UInt8(ascii: "0"))
              position += 1
            }
            selected.insert(value)
          } else {
            position += 1
          }
        }
      }
      for register in selected.sorted() {
        if let definition = definitions[register] { bytes += definition }
      }
      for band in bands[first..<last] {
        bytes += band
        bytes.append(UInt8(ascii: "-"))
      }
      bytes += closing
      pieces.append((first * 6 / cellHeight, bytes))
      first = last
    }
    return pieces
  }
}
