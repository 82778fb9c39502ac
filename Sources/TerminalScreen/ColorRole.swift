/// A colour the widgets draw by name, not by value: the theme in force (`ColorTheme`,
/// `--color`) says which colour each is when the screen reaches a terminal or a dump, so
/// frames stay the same values whatever the theme.
package enum ColorRole: String, CaseIterable, Hashable, Sendable {
  /// Card borders.
  case border
  /// The selected card's border.
  case selected
  /// A marked card's border, its mark and its chip.
  case marked
  /// Section headers.
  case header
  /// Tags, on cards and in the tag strip.
  case tag
  /// The margin beside a narrowed viewport.
  case dim
  /// A search match: its background, and its text.
  case match
  case matchText = "match-text"
  /// A card's label (`f`): its background, its text, and the part typed.
  case label
  case labelText = "label-text"
  case labelTyped = "label-typed"
  /// The `‹ ›` marks of a strip that goes on beyond the screen.
  case overflow
  /// Why a picture cannot be shown: its background and text.
  case problem
  case problemText = "problem-text"
  /// A picture on its way without a colour of its own: the shade and its background.
  case placeholder
  case placeholderBackground = "placeholder-background"

  /// The name `--color` writes it by.
  package var name: String { rawValue }
}
