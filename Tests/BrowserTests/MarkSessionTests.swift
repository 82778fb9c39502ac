import Browser
import CardLayouts
import Cards
import LayoutEngine
import PictureFiles
import TerminalCore
import TerminalScreen
import TestSupport
import Testing
import Widgets

/// Marks (`m`, `M`, `U`): what they show, what they survive, and what `--pick` answers
/// with.
@Suite struct MarkSessionTests {
  static let size = Size(width: 100, height: 30)

  /// The frame's rows that hold a marked card's top border (`╭●` or `┏●`).
  static func markedTops(_ frame: Screen) -> Int {
    (0..<frame.height).reduce(0) { count, row in
      let text = frame.row(row)
      return count + text.components(separatedBy: "╭●").count - 1
        + text.components(separatedBy: "┏●").count - 1
    }
  }

  static func status(_ store: BrowserStore) -> String {
    store.frame().row(size.height - 1)
  }

  @Test func mMarksTheSelectedCardAndAgainUnmarksIt() {
    var store = BrowserStore(size: Self.size)
    #expect(Self.markedTops(store.frame()) == 0)
    #expect(!Self.status(store).contains("marked"))
    store.send(.key(.character("m"))) { $0.marks = CardMarks([0]) }
    #expect(Self.markedTops(store.frame()) == 1)
    #expect(store.frame().row(4).hasPrefix("┏●"), "the selected card keeps its heavy border")
    #expect(Self.status(store).contains("│ 1 marked │"))
    store.send(.key(.character("l")))
    store.send(.key(.character("m")))
    #expect(Self.status(store).contains("│ 2 marked │"))
    #expect(Self.markedTops(store.frame()) == 2)
    store.send(.key(.character("m")))
    #expect(store.state.marks == CardMarks([0]))
    store.send(.key(.character("U"))) {
      $0.marks = CardMarks()
      $0.message = "marks cleared"
    }
    #expect(Self.markedTops(store.frame()) == 0)
    #expect(!Self.status(store).contains("marked │"))
  }

  @Test func marksSurviveSearchesFiltersLayoutsResizesAndTheOpenCard() {
    var store = BrowserStore(size: Self.size)
    store.press(.character("m"), .character("J"), .character("m"))
    let marks = store.state.marks
    #expect(marks.count == 2)
    store.press(.character("/"), .character("x"), .character("y"), .character("z"), .enter)
    #expect(store.state.marks == marks)
    store.press(.escape, .character("t"), .enter, .character("t"), .tab, .escape, .escape)
    #expect(store.state.marks == marks)
    for key in ["2", "3", "4", "5", "1"] { store.press(.character(Character(key))) }
    store.send(.resized(Size(width: 44, height: 14)))
    store.send(.resized(Self.size))
    #expect(store.state.marks == marks)
    #expect(Self.markedTops(store.frame()) >= 1)
    // The viewer says the picture is marked, and m there unmarks it.
    store.press(.character("g"), .enter)
    let textRow = Self.size.height - 2
    #expect(store.frame().row(textRow).hasPrefix("● "))
    store.press(.character("m"))
    #expect(!store.frame().row(textRow).hasPrefix("● "))
    #expect(store.state.marks.count == 1)
  }

  @Test func capitalMMarksEveryCardShownAfterASearch() {
    var store = BrowserStore(size: Self.size)
    store.press(.character("/"), .character("o"), .character("w"), .character("l"), .enter)
    let matches = Array(store.state.shown)
    #expect(!matches.isEmpty && matches.count < store.state.cards.cards.count)
    store.send(.key(.character("M")))
    #expect(store.state.marks == CardMarks(matches))
    #expect(Self.status(store).contains("\(matches.count) marked"))
    store.press(.escape)
    #expect(store.state.marks.sorted == matches.sorted(), "the search cleared, the marks stay")
  }

  @Test func pickAnswersWithTheMarkedCardsInCardOrderElseTheSelectedOne() {
    var store = BrowserStore(size: Self.size, picking: true)
    store.press(.character("l"))
    let selected = store.state.shownCard(store.state.selected!)
    #expect(store.send(.key(.enter)) == [.pick])
    #expect(store.state.pickedCards == [selected])
    // Marked out of order: answered in the file's order.
    store.press(.character("G"), .character("m"), .character("g"), .character("m"))
    let cards = store.state.cards.cards
    let expected = store.state.marks.sorted.map { cards[$0] }
    #expect(expected.count == 2)
    #expect(store.state.pickedCards == expected)
    #expect(store.state.marks.sorted == store.state.marks.sorted.sorted())
  }

  /// A reload keeps the marks on the same cards: by id, else by picture path, else by
  /// index.
  @Test func aReloadKeepsTheMarksOnTheirCards() {
    let cards = [
      Card(id: "a", caption: "A"), Card(id: "b", caption: "B"),
      Card(caption: "P", image: CardImage(width: 1, height: 1, path: "p.jpg")),
      Card(caption: "Q", image: CardImage(width: 1, height: 1, path: "q.jpg")),
      Card(caption: "plain 4"), Card(caption: "plain 5"),
    ]
    let store = BrowserStore(CardCollection(source: "x.json", cards: cards), size: Self.size)
    // b (an id), q.jpg (a path) and the card at index 5 (neither) are marked.
    var state = store.state
    state.marks = CardMarks([1, 3, 5])
    // The file read again: reordered, b and q.jpg moved, a card inserted before index 5.
    let again = [
      Card(caption: "new"),
      Card(caption: "Q", image: CardImage(width: 1, height: 1, path: "q.jpg")),
      Card(id: "b", caption: "B, edited"), Card(id: "a", caption: "A"),
      Card(caption: "P", image: CardImage(width: 1, height: 1, path: "p.jpg")),
      Card(caption: "plain 5, moved down"), Card(caption: "plain"),
    ]
    let caches = BrowserCaches()
    // `r` asks for the reload with what identifies the marked cards; the reading thread
    // finds them in what it read (as the effect runner does) and answers with both.
    let effects = BrowserReducer.reduce(
      &state, .key(.character("r")), at: 900, caches: caches)
    let marked = CardMarks.Identities(ids: ["b"], paths: ["q.jpg"], indices: [5])
    #expect(effects == [.reload(marked: marked)])
    let collection = CardCollection(source: "x.json", cards: again)
    let marks = marked.marks(in: collection.cards)
    _ = BrowserReducer.reduce(
      &state, .reloaded(collection, marks: marks), at: 1000, caches: caches)
    #expect(state.marks.sorted == [1, 2, 5], "b at 2, q.jpg at 1, the sixth card at 5")
    // A card marked by index is not found on a card with an id, nor beyond the end.
    let shorter = CardCollection(
      source: "x.json", cards: [Card(caption: "x"), Card(id: "q", caption: "q")])
    #expect(CardMarks.Identities(indices: [1, 5]).marks(in: shorter.cards).isEmpty)
  }

  /// Marks changed while the source is read again are kept: the reading thread finds the
  /// marks as they were when `r` was pressed, and a card marked or unmarked meanwhile is
  /// found in the new cards when the answer comes (it was lost: the answer's marks
  /// replaced them). The same for a sort.
  @Test func marksChangedDuringAReloadAreKept() {
    let cards = [
      Card(id: "a", caption: "A"), Card(id: "b", caption: "B"), Card(id: "c", caption: "C"),
      Card(caption: "P", image: CardImage(width: 1, height: 1, path: "p.jpg")),
    ]
    let store = BrowserStore(CardCollection(source: "x.json", cards: cards), size: Self.size)
    var state = store.state
    state.marks = CardMarks([0, 1])
    let caches = BrowserCaches()
    let effects = BrowserReducer.reduce(
      &state, .key(.character("r")), at: 900, caches: caches)
    let marked = CardMarks.Identities(ids: ["a", "b"])
    #expect(effects == [.reload(marked: marked)])
    // While the file is read: b unmarked, c and p.jpg marked.
    state.marks.remove(1)
    state.marks.insert(2)
    state.marks.insert(3)
    // Read again in another order.
    let again = [
      Card(caption: "P", image: CardImage(width: 1, height: 1, path: "p.jpg")),
      Card(id: "c", caption: "C"), Card(id: "b", caption: "B"), Card(id: "a", caption: "A"),
    ]
    let collection = CardCollection(source: "x.json", cards: again)
    _ = BrowserReducer.reduce(
      &state, .reloaded(collection, marks: marked.marks(in: collection.cards)), at: 1000,
      caches: caches)
    #expect(state.marks.sorted == [0, 1, 3], "p.jpg, c and a marked; b not")
    #expect(state.marksAtRequest == nil)
    // A reload with no change meanwhile takes the answer's marks as they are.
    _ = BrowserReducer.reduce(&state, .key(.character("r")), at: 1100, caches: caches)
    _ = BrowserReducer.reduce(
      &state, .reloaded(collection, marks: CardMarks([2])), at: 1200, caches: caches)
    #expect(state.marks.sorted == [2])
  }

  /// `CardMarks` against a `Set` on thousands of seeded random operations.
  @Test func marksAgreeWithASetOnSeededOperations() {
    var generator = SeededGenerator(seed: 20)
    for _ in 0..<2_000 {
      var marks = CardMarks()
      var model = Set<Int>()
      let universe = Int.random(in: 1...300, using: &generator)
      for _ in 0..<Int.random(in: 0...60, using: &generator) {
        let card = Int.random(in: 0..<universe, using: &generator)
        switch Int.random(in: 0..<10, using: &generator) {
        case 0..<5:
          marks.toggle(card)
          if !model.insert(card).inserted { model.remove(card) }
        case 5..<7:
          marks.remove(card)
          model.remove(card)
        case 7..<9:
          let run = card..<Swift.min(universe, card + Int.random(in: 0...70, using: &generator))
          marks.insert(contentsOf: run)
          model.formUnion(run)
        default:
          if Int.random(in: 0..<4, using: &generator) == 0 {
            marks.removeAll()
            model.removeAll()
          }
        }
        #expect(marks.count == model.count)
      }
      #expect(marks.sorted == model.sorted())
      #expect((0..<universe + 70).allSatisfy { marks.contains($0) == model.contains($0) })
      #expect(marks == CardMarks(model.shuffled(using: &generator)))
      #expect(marks.hashValue == CardMarks(model).hashValue)
    }
  }
}
