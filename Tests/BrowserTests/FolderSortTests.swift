import Browser
import Cards
import LayoutEngine
import PictureFiles
import Testing

/// `s` and `S` on a folder of pictures: the effect asks for the next order, the answer
/// replaces the cards with the selected card (and the marks) kept; a card file refuses.
@Suite struct FolderSortTests {
  static let size = Size(width: 100, height: 30)

  static func cards(_ names: [String]) -> CardCollection {
    CardCollection(
      source: "/p",
      cards: names.map { name in
        Card(
          id: "/p/" + name, caption: name,
          image: CardImage(width: 4, height: 3, path: "/p/" + name, source: .file("/p/" + name)))
      })
  }

  @Test func sCyclesTheOrderAndSReversesIt() {
    let store = BrowserStore(Self.cards(["a.jpg", "b.jpg", "c.jpg", "d.jpg"]), size: Self.size)
    let caches = BrowserCaches()
    var sorting = store.state
    sorting.folderSort = FolderSort(order: .name)
    #expect(
      BrowserReducer.reduce(&sorting, .key(.character("s")), at: 100, caches: caches)
        .contains(.sort(FolderSort(order: .date), marked: .init())))
    #expect(
      BrowserReducer.reduce(&sorting, .key(.character("S")), at: 200, caches: caches)
        .contains(.sort(FolderSort(order: .name, descending: true), marked: .init())))
    // The answer: the same cards reversed; c.jpg stays selected, and marked.
    _ = BrowserReducer.reduce(&sorting, .key(.character("l")), at: 300, caches: caches)
    _ = BrowserReducer.reduce(&sorting, .key(.character("l")), at: 400, caches: caches)
    _ = BrowserReducer.reduce(&sorting, .key(.character("m")), at: 500, caches: caches)
    let chosen = sorting.shownCard(sorting.selected!).caption
    let reversed = FolderSort(order: .name, descending: true)
    _ = BrowserReducer.reduce(
      &sorting,
      .sorted(Self.cards(["d.jpg", "c.jpg", "b.jpg", "a.jpg"]), reversed, marks: CardMarks()),
      at: 600,
      caches: caches)
    #expect(sorting.folderSort == reversed)
    #expect(sorting.message == "sorted by name, Z to A")
    #expect(sorting.shownCard(sorting.selected!).caption == chosen)
    #expect(sorting.pickedCards.map(\.caption) == [chosen], "the mark followed its card")
  }

  @Test func aCardFileKeepsItsOrder() {
    var store = BrowserStore(size: Self.size)
    #expect(
      store.send(.key(.character("s"))).allSatisfy { if case .sort = $0 { false } else { true } })
    #expect(store.state.message?.contains("a card file keeps its order") == true)
  }
}
