import PictureFiles
import TerminalScreen
import Thumbnails

#if canImport(Glibc)
  import Glibc
#endif

/// How far a thumbnail's cells are from the picture: each cell's colour as it shows (the
/// symbol's share of the cell in the foreground colour, the rest in the background) against
/// the average of the picture's pixels under the cell, as a CIELAB ΔE (CIE76), averaged.
enum ColorDifference {
  static func meanDeltaE(
    cells: [(Unicode.Scalar, TerminalColor, TerminalColor)], columns: Int, rows: Int,
    picture: DecodedPicture
  ) -> Double {
    guard columns > 0, rows > 0, cells.count == columns * rows else { return .nan }
    var total = 0.0
    for row in 0..<rows {
      for column in 0..<columns {
        let (symbol, foreground, background) = cells[row * columns + column]
        let share = coverage(symbol)
        let fg = rgb(foreground)
        let bg = rgb(background)
        let shown = (0..<3).map { share * fg[$0] + (1 - share) * bg[$0] }
        let expected = average(picture, column: column, row: row, columns: columns, rows: rows)
        total += distance(lab(shown), lab(expected))
      }
    }
    return total / Double(columns * rows)
  }

  /// The mean colour of the picture's pixels under cell (`column`, `row`).
  static func average(
    _ picture: DecodedPicture, column: Int, row: Int, columns: Int, rows: Int
  ) -> [Double] {
    let x0 = column * picture.width / columns
    let x1 = Swift.max(x0 + 1, (column + 1) * picture.width / columns)
    let y0 = row * picture.height / rows
    let y1 = Swift.max(y0 + 1, (row + 1) * picture.height / rows)
    var sum = [0.0, 0.0, 0.0]
    var count = 0.0
    for y in y0..<Swift.min(y1, picture.height) {
      for x in x0..<Swift.min(x1, picture.width) {
        let at = (y * picture.width + x) * 4
        for channel in 0..<3 { sum[channel] += Double(picture.pixels[at + channel]) }
        count += 1
      }
    }
    return sum.map { $0 / Swift.max(1, count) }
  }

  static func rgb(_ color: TerminalColor) -> [Double] {
    switch color {
    case .rgb(let red, let green, let blue): return [Double(red), Double(green), Double(blue)]
    case .indexed(let index):
      let levels = [0, 95, 135, 175, 215, 255]
      if index >= 232 { return Array(repeating: Double(8 + 10 * (Int(index) - 232)), count: 3) }
      let cube = Int(index) - 16
      return [levels[cube / 36], levels[cube / 6 % 6], levels[cube % 6]].map(Double.init)
    case .default: return [0, 0, 0]
    case .role: return rgb(ColorTheme.dark.resolve(color))
    }
  }

  /// The share of a cell a symbol covers in its foreground colour.
  static func coverage(_ symbol: Unicode.Scalar) -> Double {
    let value = symbol.value
    switch value {
    case 0x20: return 0
    case 0x2580: return 0.5
    case 0x2581...0x2588: return Double(value - 0x2580) / 8
    case 0x2589...0x258F: return Double(0x2590 - value) / 8
    case 0x2590: return 0.5
    case 0x2591: return 0.25
    case 0x2592: return 0.5
    case 0x2593: return 0.75
    case 0x2594, 0x2595: return 0.125
    case 0x2596...0x259F:
      let quadrants: [UInt32: Int] = [
        0x2596: 1, 0x2597: 1, 0x2598: 1, 0x2599: 3, 0x259A: 2, 0x259B: 3, 0x259C: 3, 0x259D: 1,
        0x259E: 2, 0x259F: 3,
      ]
      return Double(quadrants[value] ?? 2) / 4
    case 0x1FB00...0x1FB3B:
      // Sextants skip the two that are half blocks (▌ ▐): 21 and 42 of the 2×3 patterns.
      var pattern = Int(value - 0x1FB00) + 1
      if pattern >= 21 { pattern += 1 }
      if pattern >= 42 { pattern += 1 }
      return Double(pattern.nonzeroBitCount) / 6
    case 0x2500...0x257F:
      // Box drawing: thin lines across the cell.
      return 0.15
    default:
      return 0.5
    }
  }

  private static func lab(_ rgb: [Double]) -> (Double, Double, Double) {
    func linear(_ channel: Double) -> Double {
      let c = channel / 255
      return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }
    let (r, g, b) = (linear(rgb[0]), linear(rgb[1]), linear(rgb[2]))
    let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
    func f(_ t: Double) -> Double { t > 0.008856 ? pow(t, 1.0 / 3) : 7.787 * t + 16.0 / 116 }
    return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))
  }

  private static func distance(_ a: (Double, Double, Double), _ b: (Double, Double, Double))
    -> Double
  {
    ((a.0 - b.0) * (a.0 - b.0) + (a.1 - b.1) * (a.1 - b.1) + (a.2 - b.2) * (a.2 - b.2))
      .squareRoot()
  }
}
