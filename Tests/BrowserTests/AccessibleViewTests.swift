import Browser
import Cards
import Foundation
import LayoutEngine
import TerminalCore
import TerminalScreen
import Testing

/// The accessible view: the selected card in words at the top with the terminal's cursor
/// on it, one card a line in reading order below, no box drawing; pictures said by `alt`,
/// else file name and size; movement keys go card to card.
@Suite struct AccessibleViewTests {
  static let size = Size(width: 80, height: 24)

  static func cards() -> CardCollection {
    let cards = (0..<40).map { index in
      Card(
        id: "c\(index)", caption: "Card \(index)", comment: index % 3 == 0 ? "note \(index)" : nil,
        image: index % 2 == 0
          ? CardImage(
            width: 640, height: 480, path: "pics/p\(index).jpg", source: .file("/p/p\(index).jpg"))
          : nil,
        tags: index % 5 == 0 ? ["five", "round"] : [],
        alt: index == 4 ? "a heron standing in reeds" : nil)
    }
    return CardCollection(source: "cards.jsonl", cards: cards)
  }

  static func rows(_ store: BrowserStore) -> [String] {
    let frame = store.frame()
    return (0..<frame.height).map { frame.row($0) }
  }

  @Test func wordsInReadingOrderAndNoBoxDrawing() {
    var store = BrowserStore(Self.cards(), size: Self.size)
    store.press(.character("A"))
    #expect(store.state.accessible)
    let rows = Self.rows(store)
    #expect(
      rows[0].hasPrefix(
        "card 1 of 40: Card 0 — note 0 — tags five, round — picture: p0.jpg, 640×480"))
    let items = rows.filter {
      $0.range(of: #"^(> |\* |  )\d+\. "#, options: .regularExpression) != nil
    }
    #expect(items.count >= 15)
    let numbers = items.map { Int($0.dropFirst(2).prefix { $0 != "." })! }
    #expect(numbers == Array(1...numbers.count), "reading order")
    #expect(items[0].hasPrefix("> 1. Card 0"))
    #expect(items[4].contains("picture: a heron standing in reeds"), "alt says the picture")
    #expect(!items[1].contains("picture"), "no picture, no word of one")
    let boxes = CharacterSet(charactersIn: "─│╭╮╰╯┏┓┗┛━┃░▀▄█")
    #expect(rows.dropLast().allSatisfy { $0.unicodeScalars.allSatisfy { !boxes.contains($0) } })
    #expect(store.frame().cursor == Point(x: 0, y: 0), "the cursor on the selected card's words")
  }

  @Test func movementGoesCardToCardAndMarksShow() {
    var store = BrowserStore(Self.cards(), size: Self.size)
    store.press(.character("A"))
    store.press(.character("j"))
    #expect(store.state.selected == 1)
    store.press(.character("m"))
    store.press(.pageDown)
    #expect(store.state.selected! > 10, "a page of cards on")
    let rows = Self.rows(store)
    #expect(rows[0].hasPrefix("card \(store.state.selected! + 1) of 40:"))
    store.press(.character("g"))
    #expect(store.state.selected == 0)
    #expect(Self.rows(store).contains { $0.hasPrefix("* 2. Card 1") }, "a marked card")
    store.press(.character("f"))
    #expect(store.state.mode.labelPrompt == nil, "no labels over the lines")
    #expect(store.state.message == "labels are for the wall: A returns to it")
    store.press(.character("A"))
    #expect(!store.state.accessible)
    #expect(store.frame().cursor == nil, "the cursor hidden on the wall")
  }
}
