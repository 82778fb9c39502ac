import Browser
import CardLayouts
import Cards
import LayoutEngine
import TerminalCore
import Testing

/// The browser offers every layout of the catalogue: each kind's key switches to it.
/// (The layouts' contract is CardLayoutsTests'.)
@Suite struct LayoutCatalogTests {
  @Test func kindsHaveDistinctNamesAndKeysAndTheKeysSwitchToThem() {
    #expect(Set(LayoutKind.all.map(\.name)).count == LayoutKind.all.count)
    #expect(Set(LayoutKind.all.map(\.key)).count == LayoutKind.all.count)
    for kind in LayoutKind.all {
      #expect(KeyBindings.cards.command(for: .character(kind.key)) == .switchLayout(kind))
      #expect(LayoutKind.named(kind.name) == kind)
    }
  }
}
