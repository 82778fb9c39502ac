import LayoutEngine

/// One kind of layout that the browser and the commands offer: its name (`--layout`, the
/// status bar), its key in the browser, what it is for, and how it is made from the
/// options. Every kind lives in one table, `LayoutCatalog.standard`:
/// adding a layout is one entry there, and the browser's keys, the help, `--layout` and
/// the conformance tests all follow from it.
package struct LayoutKind: Hashable, Sendable, CustomStringConvertible {
  package let name: String
  /// The key that switches the browser to this layout.
  package let key: Character
  /// One line for the help: what the layout does.
  package let summary: String
  /// Cards are shown as chips of their caption (measured and drawn as chips).
  package let showsCardsAsChips: Bool
  private let make: @Sendable (LayoutOptions) -> any CollectionLayout

  package init(
    name: String, key: Character, summary: String, showsCardsAsChips: Bool = false,
    make: @escaping @Sendable (LayoutOptions) -> any CollectionLayout
  ) {
    self.name = name
    self.key = key
    self.summary = summary
    self.showsCardsAsChips = showsCardsAsChips
    self.make = make
  }

  /// A fresh layout of this kind for `options`.
  package func makeLayout(_ options: LayoutOptions) -> any CollectionLayout { make(options) }

  /// The kind called `name` in the standard catalogue, if there is one.
  package static func named(_ name: String) -> LayoutKind? {
    LayoutCatalog.standard.kind(named: name)
  }

  package var description: String { name }

  package static func == (lhs: LayoutKind, rhs: LayoutKind) -> Bool { lhs.name == rhs.name }
  package func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
