import Cards
import TerminalScreen

/// The styles widgets draw with. Their colours are roles (`ColorRole`), which the theme in
/// force (`--color`) makes colours on the way out; a backend or `render` without colour
/// (NO_COLOR) drops them and keeps the attributes.
package enum Theme {
  package static let border = CellStyle(foreground: .role(.border))
  package static let selectedBorder = CellStyle(foreground: .role(.selected), bold: true)
  /// A marked card's border and its mark (`m`): seen without colour by the mark itself.
  package static let markedBorder = CellStyle(foreground: .role(.marked))
  package static let mark = CellStyle(foreground: .role(.marked), bold: true)
  /// The mark on a marked card's top border: a glyph every common monospace font has.
  package static let markGlyph = "●"
  /// A marked card drawn as a chip: underlined, so it shows without colour too.
  package static let markedChip = CellStyle(foreground: .role(.marked), underline: true)
  package static let markedActiveChip = CellStyle(reverse: true, underline: true)
  package static let caption = CellStyle(bold: true)
  /// A card's label (`f`): what to type, and what is typed of it.
  package static let label = CellStyle(
    foreground: .role(.labelText), background: .role(.label), bold: true)
  package static let labelTyped = CellStyle(
    foreground: .role(.labelText), background: .role(.labelTyped))
  package static let comment = CellStyle(dim: true)
  package static let header = CellStyle(foreground: .role(.header), bold: true)
  package static let status = CellStyle(reverse: true)
  package static let chip = CellStyle(foreground: .role(.tag))
  package static let activeChip = CellStyle(reverse: true)
  package static let overlay = CellStyle(bold: true)
  package static let tags = CellStyle(foreground: .role(.tag))
  /// The `‹ ›` marks of a strip that goes on beyond the screen.
  package static let overflow = CellStyle(foreground: .role(.overflow), bold: true)
  /// The margin beside a viewport narrower than the terminal: shaded, dim, so it reads as
  /// outside.
  package static let margin = CellStyle(foreground: .role(.dim), dim: true)
  /// Search matches in card text: underlined (seen without colour too) on a highlight.
  package static let match = CellStyle(
    foreground: .role(.matchText), background: .role(.match), underline: true)

  /// Why a picture cannot be shown, written over its neutral placeholder.
  package static let pictureProblem = CellStyle(
    foreground: .role(.problemText), background: .role(.problem), bold: true)

  /// The placeholder of a picture on its way: its dominant colour (grey when it has
  /// none) shaded with a lighter or darker tone of it, so that it reads as "coming", unlike
  /// the flat swatch of a card that has no picture file.
  package static func image(_ color: RGBColor?) -> CellStyle {
    guard let color else {
      return CellStyle(foreground: .role(.placeholder), background: .role(.placeholderBackground))
    }
    return CellStyle(foreground: terminalColor(shaded(color)), background: terminalColor(color))
  }

  /// A card's colour where it has no picture file: the colour alone, flat.
  package static func swatch(_ color: RGBColor) -> CellStyle {
    CellStyle(background: terminalColor(color))
  }

  private static func terminalColor(_ color: RGBColor) -> TerminalColor {
    .rgb(red: color.red, green: color.green, blue: color.blue)
  }

  /// `color` a quarter of the way to white (dark colours) or black (light ones).
  static func shaded(_ color: RGBColor) -> RGBColor {
    let luma = (Int(color.red) * 299 + Int(color.green) * 587 + Int(color.blue) * 114) / 1000
    func mix(_ channel: UInt8) -> UInt8 {
      let value = Int(channel)
      return UInt8(luma < 128 ? value + (255 - value) / 4 : value - value / 4)
    }
    return RGBColor(red: mix(color.red), green: mix(color.green), blue: mix(color.blue))
  }

  /// The character that fills image placeholders: a shade, so that plain-text dumps show
  /// the area; in colour, foreground and background are the same and it reads as a block.
  package static let pictureFill: Character = "░"
}
