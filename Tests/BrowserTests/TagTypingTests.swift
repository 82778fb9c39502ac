import Browser
import LayoutEngine
import Testing
import Widgets

/// Typing in the tag strip narrows the tags it shows; Backspace widens; Esc takes back
/// what was typed, then clears the filter; Tab leaves with the filter kept.
@Suite struct TagTypingTests {
  static let size = Size(width: 100, height: 30)

  @Test func typingNarrowsTheStripAndEnterFiltersByWhatIsFocused() {
    var store = BrowserStore(size: Self.size)
    let all = store.state.tags.order
    store.press(.character("t"), .character("o"))
    let holdingO = all.filter { $0.contains("o") }
    #expect(store.state.stripTags == holdingO && holdingO.count < all.count)
    store.press(.character("c"))
    let holdingOc = all.filter { $0.contains("oc") }
    #expect(store.state.stripTags == holdingOc, "ocean: \(holdingOc)")
    let strip = store.frame().row(0)
    #expect(holdingOc.allSatisfy { strip.contains("[\($0)]") })
    #expect(!strip.contains("[forest]"), "a tag without oc is not shown")
    #expect(store.frame().row(Self.size.height - 1).contains("tags holding “oc”"))
    store.press(.backspace)
    #expect(store.state.stripTags == holdingO)
    store.press(.character("c"), .enter)
    #expect(store.state.tagFilter == store.state.tags.order.first { $0.contains("oc") })
    #expect(store.state.mode == .browsing && store.state.tagQuery.isEmpty, "leaving clears it")
    #expect(store.state.stripTags == all)
  }

  @Test func escTakesBackTheTypingThenTheFilter() {
    var store = BrowserStore(size: Self.size)
    store.press(.character("t"), .character("r"), .character("e"), .character("e"), .character("f"))
    #expect(store.state.stripTags == ["reef"])
    store.press(.enter, .character("t"), .character("z"), .character("z"), .character("z"))
    #expect(store.state.stripTags.isEmpty)
    #expect(store.frame().row(Self.size.height - 1).contains("no tags holding “zzz”"))
    store.press(.enter)
    #expect(store.state.tagFilter == "reef", "nothing to toggle: the filter stays")
    store.press(.escape)
    #expect(store.state.tagQuery.isEmpty && store.state.mode.focusedTag != nil)
    store.press(.escape)
    #expect(store.state.tagFilter == nil && store.state.mode == .browsing)
    store.press(.character("t"), .character("s"), .tab)
    #expect(store.state.mode == .browsing && store.state.tagQuery.isEmpty)
  }
}
