/// Which colour each `ColorRole` is: a base theme (`dark`, the default; `light`, for a
/// light background; `sixteen`, the 16 ANSI colours a terminal's own theme sets) with any
/// roles the person named (`--color border:#888888`).
package struct ColorTheme: Hashable, Sendable {
  package var colors: [ColorRole: TerminalColor]

  package init(_ colors: [ColorRole: TerminalColor]) {
    self.colors = colors
  }

  /// For a dark background (what masonry always drew with).
  package static let dark = ColorTheme([
    .border: .indexed(244), .selected: .indexed(214), .marked: .indexed(170),
    .header: .indexed(110), .tag: .indexed(110), .dim: .indexed(238), .match: .indexed(222),
    .matchText: .indexed(16), .label: .indexed(214), .labelText: .indexed(232),
    .labelTyped: .indexed(244), .overflow: .indexed(214), .problem: .indexed(240),
    .problemText: .indexed(255), .placeholder: .indexed(244),
    .placeholderBackground: .indexed(240),
  ])

  /// For a light background: darker lines and accents, paler fills.
  package static let light = ColorTheme([
    .border: .indexed(246), .selected: .indexed(166), .marked: .indexed(127),
    .header: .indexed(25), .tag: .indexed(30), .dim: .indexed(252), .match: .indexed(229),
    .matchText: .indexed(16), .label: .indexed(166), .labelText: .indexed(231),
    .labelTyped: .indexed(246), .overflow: .indexed(166), .problem: .indexed(250),
    .problemText: .indexed(232), .placeholder: .indexed(250),
    .placeholderBackground: .indexed(253),
  ])

  /// The 16 ANSI colours only, so that the terminal's own theme decides how they look.
  package static let sixteen = ColorTheme([
    .border: .indexed(8), .selected: .indexed(11), .marked: .indexed(13), .header: .indexed(12),
    .tag: .indexed(6), .dim: .indexed(8), .match: .indexed(3), .matchText: .indexed(0),
    .label: .indexed(11), .labelText: .indexed(0), .labelTyped: .indexed(8),
    .overflow: .indexed(11), .problem: .indexed(8), .problemText: .indexed(15),
    .placeholder: .indexed(8), .placeholderBackground: .indexed(0),
  ])

  /// The base themes by name.
  package static let bases: [(name: String, theme: ColorTheme)] = [
    ("dark", .dark), ("light", .light), ("16", .sixteen),
  ]

  /// `color` as the terminal gets it: a role made its colour; any other as it is.
  package func resolve(_ color: TerminalColor) -> TerminalColor {
    guard case .role(let role) = color else { return color }
    return colors[role] ?? Self.dark.colors[role] ?? .default
  }

  /// `style` with its roles made colours.
  package func resolve(_ style: CellStyle) -> CellStyle {
    var resolved = style
    resolved.foreground = resolve(style.foreground)
    resolved.background = resolve(style.background)
    return resolved
  }
}
