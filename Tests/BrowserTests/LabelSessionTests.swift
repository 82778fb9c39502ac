import Browser
import CardLayouts
import Cards
import LayoutEngine
import TerminalCore
import Testing

/// Labels (`f`): every card on screen gets one, home-row letters first and none the start
/// of another; typing one selects its card, a capital opens it, after Tab each is marked.
@Suite struct LabelSessionTests {
  static let size = Size(width: 120, height: 36)

  @Test func labelsAreShortHomeRowFirstAndNoneStartsAnother() {
    #expect(CardLabels.labels(count: 4) == ["a", "s", "d", "f"])
    for count in [1, 9, 26, 27, 100, 676] {
      let labels = CardLabels.labels(count: count)
      #expect(labels.count == count && Set(labels).count == count)
      for label in labels {
        #expect(!labels.contains { $0 != label && $0.hasPrefix(label) }, "\(label) of \(count)")
      }
      #expect(labels.allSatisfy { $0.count == (count > 26 ? 2 : 1) })
    }
    #expect(CardLabels.labels(count: 30).prefix(3) == ["aa", "as", "ad"])
  }

  @Test func typingALabelSelectsItsCard() {
    var store = BrowserStore(size: Self.size)
    store.send(.key(.character("f"))) { $0.mode = .labels(LabelPrompt()) }
    let frame = store.frame()
    #expect(frame.row(4).hasPrefix("┏a━") && frame.row(4).contains("╭s─"))
    #expect(frame.row(Self.size.height - 1).contains("labels: type one to select"))
    store.send(.key(.character("d"))) {
      $0.mode = .browsing
      $0.selected = 2
    }
    // A capital opens the card; a letter no label starts with says so.
    store.press(.character("f"))
    store.send(.key(.character("z"))) {
      $0.message = "no card labelled “z”"
      $0.mode = .labels(LabelPrompt())
    }
    store.send(.key(.character("S"))) {
      $0.message = nil
      $0.selected = 1
      $0.mode = .viewer(PictureViewer())
    }
  }

  @Test func afterTabEachCardReachedIsMarkedAndTheLabelsStay() {
    var store = BrowserStore(size: Self.size)
    store.press(.character("f"), .tab, .character("a"), .character("d"))
    #expect(store.state.mode == .labels(LabelPrompt(action: .mark)))
    #expect(store.state.marks.count == 2)
    #expect(store.state.marks.contains(store.state.shown[0]))
    #expect(store.state.marks.contains(store.state.shown[2]))
    store.press(.character("a"), .escape)
    #expect(store.state.marks.count == 1 && store.state.mode == .browsing)
  }

  @Test func aFullScreenOfSmallCardsTakesTwoLetters() {
    // The captions as chips: every card on one screen.
    var options = LayoutOptions()
    options.kind = .tags
    var store = BrowserStore(size: Self.size, options: options)
    store.press(.character("f"))
    let text = store.frame().plainText()
    #expect(text.contains("aa") && text.contains("as"), "\(text)")
    store.press(.character("a"))
    #expect(store.state.mode == .labels(LabelPrompt(typed: "a")))
    #expect(!store.frame().plainText().contains("sa"), "labels not starting with a are hidden")
    store.press(.character("d"))
    #expect(store.state.mode == .browsing && store.state.selected == 2)
  }
}
