import TerminalScreen

/// Turns the screen's colours into what the terminal offers: direct RGB colour where
/// terminfo says the terminal has it, the 256-colour palette (RGB quantised into the
/// 6×6×6 cube and the grey ramp, 16–255, leaving 0–15 to the user's theme), 8 colours, or
/// none (NO_COLOR).
package struct ColorPalette {
  package enum Depth {
    case none, eight, palette256, direct
  }

  package let depth: Depth

  package init(depth: Depth) {
    self.depth = depth
  }

  /// The terminal's colour number for `color`; -1 is the terminal's default.
  package func number(for color: TerminalColor) -> Int32 {
    switch (color, depth) {
    case (_, .none), (.default, _):
      return -1
    case (.indexed(let index), .palette256), (.indexed(let index), .direct):
      return depth == .direct && index >= 16
        ? Self.directValue(Self.rgb(ofPaletteIndex: index)) : Int32(index)
    case (.indexed(let index), .eight):
      return Int32(Self.nearestBasic(Self.rgb(ofPaletteIndex: index)))
    case (.rgb(let red, let green, let blue), .direct):
      return Self.directValue((red, green, blue))
    case (.rgb(let red, let green, let blue), .palette256):
      return Int32(Self.quantised(red, green, blue))
    case (.rgb(let red, let green, let blue), .eight):
      return Int32(Self.nearestBasic((red, green, blue)))
    }
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
    let basic: [(UInt8, UInt8, UInt8)] = [
      (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
      (229, 229, 229),
    ]
    return basic[value % 8]
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
