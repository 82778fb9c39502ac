import TerminalScreen

/// Turns the screen's colours into what the terminal offers: direct RGB colour, the
/// 256-colour palette (RGB quantised into the 6×6×6 cube and the grey ramp, 16–255,
/// leaving 0–15 to the user's theme), the 16 or 8 ANSI colours, or none (NO_COLOR).
package struct ColorPalette {
  package let depth: ColorDepth
  /// Whether the terminal numbers colours as RGB values (a terminfo `-direct` entry, whose
  /// `setaf` sends numbers below 8 as the theme's ANSI colours and any other as RGB).
  package let numbersAreRGB: Bool
  /// Which colour each of the widgets' colour roles is (`--color`).
  package let theme: ColorTheme

  /// A palette for `depth`; colours are numbered as RGB values when the depth is 24-bit,
  /// unless `numbersAreRGB` says otherwise.
  package init(depth: ColorDepth, numbersAreRGB: Bool? = nil, theme: ColorTheme = .dark) {
    self.depth = depth
    self.numbersAreRGB = numbersAreRGB ?? (depth == .direct)
    self.theme = theme
  }

  /// The terminal's colour number for `color`; -1 is the terminal's default.
  package func number(for color: TerminalColor) -> Int32 {
    switch mapped(color) {
    case .default, .role: return -1
    case .indexed(let index) where numbersAreRGB && index >= 8:
      return Self.directValue(Self.rgb(ofPaletteIndex: index))
    case .indexed(let index): return Int32(index)
    case .rgb(let red, let green, let blue):
      return numbersAreRGB
        ? Self.directValue((red, green, blue)) : Int32(Self.quantised(red, green, blue))
    }
  }

  /// `color` as this depth shows it: unchanged in 24-bit (a terminal with 24-bit colour
  /// has the 256-colour palette too), RGB quantised into the palette, the palette into the
  /// 16 or 8 ANSI colours, nothing without colour. Output that writes SGR sequences
  /// itself (`masonry render`, `masonry thumbnail`) sends these.
  package func mapped(_ color: TerminalColor) -> TerminalColor {
    let color = theme.resolve(color)
    switch (color, depth) {
    case (_, .none), (.default, _), (.role, _): return .default
    case (_, .direct): return color
    case (.indexed, .palette256): return color
    case (.rgb(let red, let green, let blue), .palette256):
      return .indexed(UInt8(Self.quantised(red, green, blue)))
    case (.indexed(let index), .sixteen) where index < 16: return color
    case (.indexed(let index), .sixteen):
      return .indexed(UInt8(Self.nearestANSI(Self.rgb(ofPaletteIndex: index))))
    case (.rgb(let red, let green, let blue), .sixteen):
      return .indexed(UInt8(Self.nearestANSI((red, green, blue))))
    case (.indexed(let index), .eight) where index < 16: return .indexed(index % 8)
    case (.indexed(let index), .eight):
      return .indexed(UInt8(Self.nearestBasic(Self.rgb(ofPaletteIndex: index))))
    case (.rgb(let red, let green, let blue), .eight):
      return .indexed(UInt8(Self.nearestBasic((red, green, blue))))
    }
  }

  /// `style` as this depth shows it: its colours `mapped`, but for one case where the
  /// nearest colour would be wrong. With 16 or 8 colours, a palette colour (16–255, the
  /// widgets' theme) drawn as text over the terminal's own background becomes the
  /// terminal's default foreground when its nearest ANSI colour is black or white (0, 7,
  /// 8, 15): the theme's background is one of those (xterm's default is black on white,
  /// and there the grey borders, the light blue headers and tags all came out in colour
  /// 7, white on white). A grey no lighter than the middle keeps its subdued look as dim
  /// text. Colours 0–15 and RGB (pictures drawn in symbols map their own) are as
  /// `mapped` gives them.
  package func mapped(_ style: CellStyle) -> CellStyle {
    let style = theme.resolve(style)
    var shown = style
    shown.foreground = mapped(style.foreground)
    shown.background = mapped(style.background)
    guard depth == .sixteen || depth == .eight, shown.background == .default,
      case .indexed(let theme) = style.foreground, theme >= 16,
      case .indexed(let nearest) = shown.foreground,
      nearest == 0 || nearest == 7 || nearest == 8 || nearest == 15
    else { return shown }
    shown.foreground = .default
    let (red, green, blue) = Self.rgb(ofPaletteIndex: theme)
    if Int(red) + Int(green) + Int(blue) <= 3 * 128 && red == green && green == blue {
      shown.dim = true
    }
    return shown
  }

  /// The 16 ANSI colours as xterm shows them by default (the theme decides in the end).
  private static let ansi: [(Int, Int, Int)] = [
    (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205),
    (0, 205, 205), (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0),
    (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
  ]

  /// The nearest of the 16 ANSI colours.
  package static func nearestANSI(_ color: (UInt8, UInt8, UInt8)) -> Int {
    ansi.indices.min { a, b in
      distance(ansi[a], color) < distance(ansi[b], color)
    }!
  }

  private static func distance(_ a: (Int, Int, Int), _ b: (UInt8, UInt8, UInt8)) -> Int {
    let (dr, dg, db) = (a.0 - Int(b.0), a.1 - Int(b.1), a.2 - Int(b.2))
    return dr * dr + dg * dg + db * db
  }

  private static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

  /// The nearest of palette entries 16–255 to an RGB colour.
  package static func quantised(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Int {
    func level(_ value: UInt8) -> Int {
      cubeLevels.indices.min {
        abs(cubeLevels[$0] - Int(value)) < abs(cubeLevels[$1] - Int(value))
      }!
    }
    let (r, g, b) = (level(red), level(green), level(blue))
    let cube = 16 + 36 * r + 6 * g + b
    let cubeColor = (cubeLevels[r], cubeLevels[g], cubeLevels[b])
    let grey = Swift.min(23, Swift.max(0, (Int(red) + Int(green) + Int(blue)) / 3 - 3) / 10)
    let greyValue = 8 + 10 * grey
    func distance(_ color: (Int, Int, Int)) -> Int {
      let dr = color.0 - Int(red)
      let dg = color.1 - Int(green)
      let db = color.2 - Int(blue)
      return dr * dr + dg * dg + db * db
    }
    return distance((greyValue, greyValue, greyValue)) < distance(cubeColor) ? 232 + grey : cube
  }

  /// The RGB colour of palette entry `index` (16–255 as xterm defines them).
  package static func rgb(ofPaletteIndex index: UInt8) -> (UInt8, UInt8, UInt8) {
    let value = Int(index)
    if value >= 232 {
      let grey = UInt8(8 + 10 * (value - 232))
      return (grey, grey, grey)
    }
    if value >= 16 {
      let cube = value - 16
      return (
        UInt8(cubeLevels[cube / 36]), UInt8(cubeLevels[cube / 6 % 6]), UInt8(cubeLevels[cube % 6])
      )
    }
    let basic = ansi[value]
    return (UInt8(basic.0), UInt8(basic.1), UInt8(basic.2))
  }

  /// The colour number of an RGB colour in direct-colour mode. terminfo's `setaf` and
  /// `setab` send numbers below 8 as the theme's ANSI colours, so `#000000`–`#000007`
  /// would show as the theme's black, red, …: they become 8 (`#000008`), which looks the
  /// same and stays black.
  package static func directValue(_ color: (UInt8, UInt8, UInt8)) -> Int32 {
    Swift.max(8, Int32(color.0) << 16 | Int32(color.1) << 8 | Int32(color.2))
  }

  /// The nearest of the 8 basic colours.
  package static func nearestBasic(_ color: (UInt8, UInt8, UInt8)) -> Int {
    let bits = [color.0, color.1, color.2].map { $0 >= 128 ? 1 : 0 }
    return bits[0] | bits[1] << 1 | bits[2] << 2
  }
}
