import Cards
import TestSupport
import Testing

/// `KeptCards` against the plain answer — a card's place is how many marked cards come
/// before it — on seeded random marks of every density.
@Suite struct KeptCardsTests {
  @Test func placesAreRanksAmongTheMarked() {
    var generator = SeededGenerator(seed: 64)
    for _ in 0..<500 {
      let cards = Int.random(in: 0...700, using: &generator)
      let density = Double.random(in: 0...1, using: &generator)
      var kept = KeptCards(cards: cards)
      var marked: [Int] = []
      for index in 0..<cards where Double.random(in: 0..<1, using: &generator) < density {
        #expect(kept.keep(index) == marked.count)
        marked.append(index)
      }
      #expect(kept.count == marked.count)
      var rank = 0
      for index in 0..<cards {
        if rank < marked.count && marked[rank] == index {
          #expect(kept.place(of: index) == rank)
          rank += 1
        } else {
          #expect(kept.place(of: index) == nil)
        }
      }
    }
  }
}
