import Cards

/// The marked cards (`m`, `M`, `U`): a set of collection indices, kept as one bit per card
/// so that marking every card of a million-card view costs 125 KB and a frame asks
/// "is this card marked?" in O(1). Indices are the collection's, not the view's, so marks
/// stay through searches, tag filters, layout switches and resizes; `identities` and
/// `Identities.marks(in:)` carry them through a reload.
package struct CardMarks: Hashable, Sendable, CustomStringConvertible {
  private var words: [UInt64] = []
  /// How many cards are marked.
  package private(set) var count = 0

  package init() {}

  package init(_ cards: some Sequence<Int>) {
    insert(contentsOf: cards)
  }

  package var isEmpty: Bool { count == 0 }

  /// Whether collection card `card` is marked. O(1).
  package func contains(_ card: Int) -> Bool {
    let word = card >> 6
    return card >= 0 && word < words.count && words[word] & (1 << UInt64(card & 63)) != 0
  }

  /// Marks `card`, or unmarks it when it is marked. O(1) amortised.
  package mutating func toggle(_ card: Int) {
    if contains(card) { remove(card) } else { insert(card) }
  }

  package mutating func insert(_ card: Int) {
    guard card >= 0, !contains(card) else { return }
    let word = card >> 6
    if word >= words.count { words += repeatElement(0, count: word + 1 - words.count) }
    words[word] |= 1 << UInt64(card & 63)
    count += 1
  }

  package mutating func remove(_ card: Int) {
    guard contains(card) else { return }
    words[card >> 6] &= ~(1 << UInt64(card & 63))
    count -= 1
  }

  /// Marks every card of `cards`. O(cards).
  package mutating func insert(contentsOf cards: some Sequence<Int>) {
    for card in cards { insert(card) }
  }

  package mutating func removeAll() {
    words = []
    count = 0
  }

  /// The marked cards in collection (file) order. O(collection / 64 + marked).
  package var sorted: [Int] {
    var cards: [Int] = []
    cards.reserveCapacity(count)
    for (index, word) in words.enumerated() where word != 0 {
      var bits = word
      while bits != 0 {
        cards.append(index << 6 + bits.trailingZeroBitCount)
        bits &= bits - 1
      }
    }
    return cards
  }

  /// What identifies the marked cards of `cards`, to find them again in the source read
  /// anew: each one's id, else (no id) its picture's path, else (neither) its index.
  /// Decodes the marked cards only, so the event loop can take it before a reload.
  ///
  /// - Complexity: O(cards / 64 + marked).
  package func identities(in cards: CardStore) -> Identities {
    var identities = Identities()
    for card in sorted where card < cards.count {
      let decoded = cards[card]
      if let id = decoded.id {
        identities.ids.insert(id)
      } else if let path = decoded.image?.path {
        identities.paths.insert(path)
      } else {
        identities.indices.append(card)
      }
    }
    return identities
  }

  /// The marked cards of a collection by what identifies them (`CardMarks.identities`),
  /// taken before the source is read again and matched against what was read, on the
  /// reading thread.
  package struct Identities: Hashable, Sendable {
    package var ids: Set<String> = []
    package var paths: Set<String> = []
    /// Cards with neither an id nor a picture, by index.
    package var indices: [Int] = []

    package init(ids: Set<String> = [], paths: Set<String> = [], indices: [Int] = []) {
      (self.ids, self.paths, self.indices) = (ids, paths, indices)
    }

    package var isEmpty: Bool { ids.isEmpty && paths.isEmpty && indices.isEmpty }

    /// The same marks in `new`: a card of `new` is marked when it has a marked id, else
    /// (no id) a marked picture's path, else (neither: a card of text alone) a marked
    /// index. A key that appears more than once marks the first card of `new` with it. A
    /// card with a picture is never marked by its place: a command run on the marks must
    /// not reach a file that was never marked.
    ///
    /// - Complexity: O(cards of `new`) when anything is marked by id or path (less when
    ///   all are found early), else O(marked).
    package func marks(in new: CardStore) -> CardMarks {
      var marks = CardMarks()
      for index in indices where index < new.count && Self.isTextOnly(new[index]) {
        marks.insert(index)
      }
      var (ids, paths) = (ids, paths)
      guard !ids.isEmpty || !paths.isEmpty else { return marks }
      for index in 0..<new.count {
        let card = new[index]
        if let id = card.id {
          if ids.remove(id) != nil { marks.insert(index) }
        } else if let path = card.image?.path, paths.remove(path) != nil {
          marks.insert(index)
        }
        if ids.isEmpty && paths.isEmpty { break }
      }
      return marks
    }

    /// The marks found among cards `range` of `new` (cards that arrive after a followed
    /// file was read again from its start), taken out of these identities so that each
    /// marks one card.
    ///
    /// - Complexity: O(cards in `range`).
    package mutating func take(from new: CardStore, range: Range<Int>) -> [Int] {
      var found: [Int] = []
      for index in range where index < new.count {
        let card = new[index]
        if let id = card.id {
          if ids.remove(id) != nil { found.append(index) }
        } else if let path = card.image?.path {
          if paths.remove(path) != nil { found.append(index) }
        } else if let place = indices.firstIndex(of: index) {
          indices.remove(at: place)
          found.append(index)
        }
      }
      return found
    }

    private static func isTextOnly(_ card: Card) -> Bool {
      card.id == nil && card.image?.path == nil
    }
  }

  package var description: String {
    let shown = sorted.prefix(20).map(String.init).joined(separator: ", ")
    return "CardMarks(\(count): \(shown)\(count > 20 ? ", …" : ""))"
  }

  package static func == (lhs: CardMarks, rhs: CardMarks) -> Bool {
    // Trailing zero words (left by removals) do not make two sets differ.
    guard lhs.count == rhs.count else { return false }
    let length = Swift.max(lhs.words.count, rhs.words.count)
    for index in 0..<length
    where (index < lhs.words.count ? lhs.words[index] : 0)
      != (index < rhs.words.count ? rhs.words[index] : 0)
    {
      return false
    }
    return true
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for word in words where word != 0 { hasher.combine(word) }
  }
}
