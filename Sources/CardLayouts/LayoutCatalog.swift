/// The layouts on offer, in the order of their keys. The standard catalogue is what the
/// browser and the commands offer (`LayoutKind.all`); a catalogue with one more kind
/// registered is what a new layout makes, and every test of the catalogue iterates one,
/// so a kind added here is checked like the others without a test written for it.
package struct LayoutCatalog: Sendable {
  package let kinds: [LayoutKind]

  /// The five layouts of the seed articles.
  package static let standard = LayoutCatalog(
    checked: [.masonry, .grid, .tiles, .zigzag, .tags])!

  /// A catalogue of `kinds`; `nil` when two share a name or a key.
  package init?(checked kinds: [LayoutKind]) {
    guard Set(kinds.map(\.name)).count == kinds.count,
      Set(kinds.map(\.key)).count == kinds.count
    else { return nil }
    self.kinds = kinds
  }

  /// This catalogue with `kind` after the others; `nil` when its name or key is taken.
  package func registering(_ kind: LayoutKind) -> LayoutCatalog? {
    LayoutCatalog(checked: kinds + [kind])
  }

  /// The kind called `name`, if there is one.
  package func kind(named name: String) -> LayoutKind? { kinds.first { $0.name == name } }
}
