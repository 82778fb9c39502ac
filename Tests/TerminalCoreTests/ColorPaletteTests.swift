import TerminalCore
import TerminalScreen
import Testing

@Suite struct ColorPaletteTests {
  /// terminfo's setaf/setab send colour numbers below 8 as the theme's ANSI colours, so in
  /// direct colour the darkest blacks must not become "colour 0" (the theme's black, which
  /// may be any colour).
  @Test func directColourNeverSendsThemeColourNumbers() {
    let palette = ColorPalette(depth: .direct)
    for blue in UInt8(0)...8 {
      #expect(palette.number(for: .rgb(red: 0, green: 0, blue: blue)) == 8, "#0000\(blue)")
    }
    #expect(palette.number(for: .rgb(red: 0, green: 0, blue: 9)) == 9)
    #expect(palette.number(for: .rgb(red: 1, green: 0, blue: 0)) == 0x01_0000)
    #expect(palette.number(for: .indexed(16)) == 8, "palette black (16) is RGB 0,0,0")
    #expect(palette.number(for: .indexed(3)) == 3, "a theme colour asked for stays one")
    #expect(palette.number(for: .default) == -1)
  }

  /// With 16 or 8 colours, text in a palette colour over the terminal's own background
  /// never comes out in the theme's black or white (one of which is that background: in
  /// xterm's default black on white, the grey borders and light blue headers came out
  /// white): such a colour is the default foreground instead, dim for a dark grey. Every
  /// palette colour, over the default background and over another; pictures' colours (RGB,
  /// and 0–15) and the deeper depths are left as `mapped` gives them.
  @Test(arguments: [ColorDepth.sixteen, .eight])
  func themeTextStaysReadableOnLightAndDarkBackgrounds(depth: ColorDepth) {
    let palette = ColorPalette(depth: depth)
    for index in 16...255 {
      let text = CellStyle(foreground: .indexed(UInt8(index)))
      let shown = palette.mapped(text)
      #expect(shown.background == .default)
      if case .indexed(let nearest) = shown.foreground {
        #expect(![0, 7, 8, 15].contains(nearest), "palette \(index) shows as \(nearest)")
      } else {
        #expect(shown.foreground == .default)
      }
      let over = CellStyle(foreground: .indexed(UInt8(index)), background: .indexed(222))
      #expect(
        palette.mapped(over)
          == CellStyle(
            foreground: palette.mapped(over.foreground), background: palette.mapped(.indexed(222))))
    }
    // Grey borders (244) and a dark grey margin (238): default and dim; the light blue of
    // headers and tags (110): default or a blue, never white.
    #expect(palette.mapped(CellStyle(foreground: .indexed(244))) == CellStyle(dim: true))
    #expect(palette.mapped(CellStyle(foreground: .indexed(238))) == CellStyle(dim: true))
    #expect(palette.mapped(CellStyle(foreground: .indexed(250))) == CellStyle())
    for color in [TerminalColor.rgb(red: 250, green: 250, blue: 250), .indexed(7), .indexed(0)] {
      #expect(palette.mapped(CellStyle(foreground: color)).foreground == palette.mapped(color))
    }
    for deeper in [ColorDepth.palette256, .direct] {
      let palette = ColorPalette(depth: deeper)
      let style = CellStyle(foreground: .indexed(244), bold: true)
      #expect(palette.mapped(style) == style)
    }
  }

  @Test func palette256AvoidsTheThemeColours() {
    let palette = ColorPalette(depth: .palette256)
    for value in stride(from: 0, through: 255, by: 17) {
      let byte = UInt8(value)
      let number = palette.number(for: .rgb(red: byte, green: 255 - byte, blue: byte / 2))
      #expect((16...255).contains(number))
    }
  }

  /// 16 and 8 colours: the palette's colours go to the nearest ANSI colour, the ANSI ones
  /// stay (bright ones lose their brightness in 8).
  @Test func sixteenAndEightColoursMapToTheANSIColours() {
    let sixteen = ColorPalette(depth: .sixteen)
    #expect(sixteen.mapped(.indexed(9)) == .indexed(9))
    #expect(sixteen.mapped(.indexed(196)) == .indexed(9), "palette red is bright red")
    #expect(sixteen.mapped(.rgb(red: 0, green: 0, blue: 0)) == .indexed(0))
    #expect(sixteen.mapped(.rgb(red: 250, green: 250, blue: 250)) == .indexed(15))
    let eight = ColorPalette(depth: .eight)
    #expect(eight.mapped(.indexed(9)) == .indexed(1))
    #expect((0...7).contains(eight.number(for: .indexed(244))))
    #expect(ColorPalette(depth: .none).mapped(.indexed(3)) == .default)
  }

  /// An entry that numbers colours as RGB (`xterm-direct`) drawing 256 colours: the palette
  /// colour is sent as its RGB value, the theme's 0–7 as themselves.
  @Test func aPaletteOverADirectEntrySendsRGBValues() {
    let palette = ColorPalette(depth: .palette256, numbersAreRGB: true)
    #expect(palette.number(for: .indexed(196)) == 0xFF_0000)
    #expect(palette.number(for: .rgb(red: 250, green: 0, blue: 0)) == 0xFF_0000)
    #expect(palette.number(for: .indexed(2)) == 2)
  }
}
