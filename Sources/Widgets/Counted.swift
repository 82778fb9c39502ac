/// A count with its noun in the right number: "1 card", "2 cards", "0 cards".
package enum Counted {
  /// `count` and `noun`, plural unless the count is one (`plural` for irregular nouns).
  package static func phrase(_ count: Int, _ noun: String, plural: String? = nil) -> String {
    "\(count) " + (count == 1 ? noun : plural ?? noun + "s")
  }
}
