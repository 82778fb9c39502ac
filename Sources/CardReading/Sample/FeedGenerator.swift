import CardModel

/// A deterministic generator of large card feeds in JSON Lines, for benchmarks and stress
/// tests: the same seed and count always give the same bytes.
package struct FeedGenerator: Sendable {
  package var seed: UInt64

  package init(seed: UInt64 = 1) {
    self.seed = seed
  }

  private static let words = [
    "panda", "fox", "otter", "crane", "gecko", "whale", "moth", "heron", "lynx", "newt",
    "forest", "river", "reef", "meadow", "dune", "glacier", "night", "morning", "quiet", "swift",
  ]
  private static let japanese = [
    "森の", "川辺の", "夜の", "小さな", "大きな", "静かな", "すばやい", "白い", "赤い", "青い",
    "キツネ", "カワウソ", "ツル", "ヤモリ", "クジラ", "ガ", "サギ", "オオヤマネコ", "イモリ", "パンダ",
  ]
  private static let tags = [
    "forest", "river", "reef", "grassland", "city", "night", "small", "large",
  ]
  private static let sections = ["mammals", "birds", "reptiles", "sea life", "insects"]
  private static let sectionRun = 40

  /// The line of card number `index` (no newline).
  package func line(_ index: Int) -> String {
    var state = seed &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    let japaneseCaption = next(3) == 0
    let caption =
      japaneseCaption
      ? Self.japanese[next(10)] + Self.japanese[10 + next(10)]
      : Self.words[next(10) + 10].capitalized + " " + Self.words[next(10)]
    let commentWords = next(40)
    var comment: [String] = []
    for _ in 0..<commentWords {
      comment.append(japaneseCaption ? Self.japanese[next(20)] : Self.words[next(20)])
    }
    let width = 400 + next(1600)
    let height = 300 + next(1700)
    let color = String(next(0xFFFFFF) + 0x1_000_000, radix: 16).dropFirst()
    let tags = (0..<next(4)).map { _ in "\"\(Self.tags[next(Self.tags.count)])\"" }
    // Sections come in runs of 40 cards, as in a feed grouped by topic.
    let section = Self.sections[index / Self.sectionRun % Self.sections.count]
    let text = comment.joined(separator: japaneseCaption ? "" : " ")
    let image = "{\"width\":\(width),\"height\":\(height),\"color\":\"#\(color)\"}"
    return "{\"id\":\"g\(index)\",\"section\":\"\(section)\",\"caption\":\"\(caption)\","
      + "\"comment\":\"\(text)\",\"image\":\(image),\"tags\":[\(tags.joined(separator: ","))]}"
  }

  /// `count` cards as JSON Lines.
  package func jsonLines(count: Int) -> String {
    var text = ""
    text.reserveCapacity(count * 220)
    for index in 0..<count {
      text += line(index)
      text += "\n"
    }
    return text
  }
}

extension String {
  fileprivate var capitalized: String { prefix(1).uppercased() + dropFirst() }
}
