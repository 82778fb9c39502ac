/// Labels to reach any card on the screen in two keys (as a browser's link hints): home-row
/// letters first, one letter each while the screen holds at most 26 cards, else two (all
/// of one length, so that none is the start of another).
package enum CardLabels {
  /// The letters, the home row first, then the rows above and below.
  package static let alphabet = Array("asdfghjklqwertyuiopzxcvbnm")

  /// `count` labels, in the order of the cards they go to.
  package static func labels(count: Int) -> [String] {
    guard count > alphabet.count else { return alphabet.prefix(count).map { String($0) } }
    var labels: [String] = []
    labels.reserveCapacity(Swift.min(count, alphabet.count * alphabet.count))
    for first in alphabet {
      for second in alphabet {
        guard labels.count < count else { return labels }
        labels.append(String([first, second]))
      }
    }
    return labels
  }
}

/// The labels on screen (`f`): what was typed of one, and what reaching a card does.
package struct LabelPrompt: Hashable, Sendable {
  package enum Action: Hashable, Sendable {
    /// Select the card.
    case select
    /// Mark or unmark it, and stay for more.
    case mark

    package var word: String {
      switch self {
      case .select: "select"
      case .mark: "mark"
      }
    }
  }

  package var typed = ""
  package var action = Action.select

  package init(typed: String = "", action: Action = .select) {
    self.typed = typed
    self.action = action
  }
}
