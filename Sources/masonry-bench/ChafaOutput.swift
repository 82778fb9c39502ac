import TerminalScreen

/// The cells of what `chafa -f symbols -c full` prints: each a symbol with its 24-bit
/// foreground and background colours (SGR 38;2 and 48;2).
enum ChafaOutput {
  static func cells(_ text: String) -> (
    cells: [(Unicode.Scalar, TerminalColor, TerminalColor)], columns: Int, rows: Int
  ) {
    var rows: [[(Unicode.Scalar, TerminalColor, TerminalColor)]] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var row: [(Unicode.Scalar, TerminalColor, TerminalColor)] = []
      var foreground = TerminalColor.default
      var background = TerminalColor.default
      var scalars = Array(line.unicodeScalars)[...]
      while let scalar = scalars.popFirst() {
        if scalar == "\u{1B}" {
          // CSI: parameters up to the final byte.
          guard scalars.first == "[" else { continue }
          scalars.removeFirst()
          var parameters = ""
          while let next = scalars.popFirst() {
            if next.value >= 0x40 && next.value <= 0x7E {
              if next == "m" { apply(parameters, &foreground, &background) }
              break
            }
            parameters.unicodeScalars.append(next)
          }
          continue
        }
        row.append((scalar, foreground, background))
      }
      if !row.isEmpty { rows.append(row) }
    }
    let columns = rows.map(\.count).max() ?? 0
    let cells = rows.flatMap { row in
      row
        + Array(
          repeating: (" ", TerminalColor.default, TerminalColor.default), count: columns - row.count
        )
    }
    return (cells, columns, rows.count)
  }

  private static func apply(
    _ parameters: String, _ foreground: inout TerminalColor, _ background: inout TerminalColor
  ) {
    let codes = parameters.split(separator: ";", omittingEmptySubsequences: false).map {
      Int($0) ?? 0
    }
    var index = 0
    while index < codes.count {
      switch codes[index] {
      case 0:
        foreground = .default
        background = .default
      case 38, 48:
        if index + 4 < codes.count, codes[index + 1] == 2 {
          let color = TerminalColor.rgb(
            red: UInt8(clamping: codes[index + 2]), green: UInt8(clamping: codes[index + 3]),
            blue: UInt8(clamping: codes[index + 4]))
          if codes[index] == 38 { foreground = color } else { background = color }
          index += 4
        } else if index + 2 < codes.count, codes[index + 1] == 5 {
          let color = TerminalColor.indexed(UInt8(clamping: codes[index + 2]))
          if codes[index] == 38 { foreground = color } else { background = color }
          index += 2
        }
      case 39: foreground = .default
      case 49: background = .default
      default: break
      }
      index += 1
    }
  }
}
