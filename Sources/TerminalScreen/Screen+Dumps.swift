extension Screen {
  /// The rows as they would appear, each exactly `width` columns wide.
  package func plainText() -> String {
    var text = ""
    for y in 0..<height {
      text += row(y)
      text += "\n"
    }
    return text
  }

  /// Row `y` as text.
  package func row(_ y: Int) -> String {
    var line = ""
    for x in 0..<width where !cells[y * width + x].isContinuation {
      line += cells[y * width + x].grapheme
    }
    return line
  }

  /// The plain text, then for every row a line of style codes under it, one per cell:
  /// `.` plain, `b` bold, `d` dim, `r` reverse, `u` underline, `c` coloured (the first that
  /// applies), so that golden files show where styles fall.
  package func styledDump() -> String {
    var text = ""
    for y in 0..<height {
      text += row(y) + "\n"
      var codes = ""
      for x in 0..<width {
        let style = cells[y * width + x].style
        if style.reverse {
          codes += "r"
        } else if style.bold {
          codes += "b"
        } else if style.dim {
          codes += "d"
        } else if style.underline {
          codes += "u"
        } else if style.foreground != .default || style.background != .default {
          codes += "c"
        } else {
          codes += "."
        }
      }
      text += codes + "\n"
    }
    return text
  }

  /// The screen as text with ANSI SGR colour and attribute sequences, each row ending in
  /// a reset: what `masonry render --color` prints (`colors: false` keeps the attributes
  /// only, for NO_COLOR). The text itself is sanitised, so the only escape sequences are
  /// these.
  ///
  /// - Parameters:
  ///   - map: turns each cell's style into the one to send (RGB into the palette, say).
  package func ansiText(
    colors: Bool = true, map: (CellStyle) -> CellStyle = { $0 }
  ) -> String {
    var text = ""
    for y in 0..<height {
      var current = CellStyle.plain
      for x in 0..<width {
        let cell = cells[y * width + x]
        if cell.isContinuation { continue }
        var style = cell.style
        if colors {
          style = map(style)
        } else {
          style.foreground = .default
          style.background = .default
        }
        if style != current {
          text += Self.sgr(for: style)
          current = style
        }
        text += cell.grapheme
      }
      text += current == .plain ? "\n" : "\u{1B}[0m\n"
    }
    return text
  }

  /// The SGR sequence that sets `style` from scratch.
  static func sgr(for style: CellStyle) -> String {
    var codes = ["0"]
    if style.bold { codes.append("1") }
    if style.dim { codes.append("2") }
    if style.underline { codes.append("4") }
    if style.reverse { codes.append("7") }
    codes += colorCodes(style.foreground, base: 30)
    codes += colorCodes(style.background, base: 40)
    return "\u{1B}[" + codes.joined(separator: ";") + "m"
  }

  private static func colorCodes(_ color: TerminalColor, base: Int) -> [String] {
    switch color {
    case .default: return []
    // The 16 ANSI colours by their own codes (30–37 and 90–97), which a terminal of 16
    // colours knows; the rest of the palette by 38;5 / 48;5.
    case .indexed(let index) where index < 8: return ["\(base + Int(index))"]
    case .indexed(let index) where index < 16: return ["\(base + 60 + Int(index) - 8)"]
    case .indexed(let index): return ["\(base + 8)", "5", "\(index)"]
    case .rgb(let red, let green, let blue):
      return ["\(base + 8)", "2", "\(red)", "\(green)", "\(blue)"]
    case .role:
      // Not resolved by the caller's map: the standard theme's colour.
      return colorCodes(ColorTheme.dark.resolve(color), base: base)
    }
  }
}
