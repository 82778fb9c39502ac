import Browser
import CardLayouts
import Cards
import LayoutEngine
import TerminalCore
import Testing

/// Every layout in the catalog goes through the same contract: the invariant checker
/// (including the layout's own placement check) over the sample at many widths, with and
/// without a fixed column count. A layout added to the catalog is checked here unasked.
@Suite struct LayoutCatalogTests {
  @Test(arguments: LayoutKind.all)
  func everyLayoutKeepsItsContractAtEveryWidth(kind: LayoutKind) {
    let sample = BundledSample.collection()
    let measurer = CardMeasurer(store: sample.cards)
    for columns in [nil, 1, 3] as [Int?] {
      var options = LayoutOptions()
      options.kind = kind
      options.columns = columns
      for width in stride(from: 1, through: 301, by: 6) {
        var layout = options.makeLayout()
        let context = options.context(
          for: sample, measurer: measurer, size: Size(width: width, height: 40))
        layout.prepare(context)
        let queries = [
          Rect(x: 0, y: 0, width: width, height: 40), Rect(x: 0, y: 37, width: width, height: 11),
        ]
        let violations = LayoutInvariants.violations(
          of: layout, context: context, queries: queries)
        #expect(
          violations.isEmpty,
          "\(kind) columns \(String(describing: columns)) width \(width): \(violations.prefix(2))")
      }
    }
  }

  @Test func kindsHaveDistinctNamesAndKeysAndTheKeysSwitchToThem() {
    #expect(Set(LayoutKind.all.map(\.name)).count == LayoutKind.all.count)
    #expect(Set(LayoutKind.all.map(\.key)).count == LayoutKind.all.count)
    for kind in LayoutKind.all {
      #expect(KeyBindings.cards.command(for: .character(kind.key)) == .switchLayout(kind))
      #expect(LayoutKind.named(kind.name) == kind)
    }
  }
}
