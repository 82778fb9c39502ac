/// A count with its noun in the right number: "1 card", "2 cards", "0 cards".
package enum Counted {
  /// `count` and `noun`, plural unless the count is one (`plural` for irregular nouns).
  package static func phrase(_ count: Int, _ noun: String, plural: String? = nil) -> String {
    "\(count) " + (count == 1 ? noun : plural ?? noun + "s")
  }

  /// `count` with its thousands grouped by commas: `2,986`, `1,018,896`.
  package static func digits(_ count: Int) -> String {
    let plain = String(count.magnitude)
    var grouped = ""
    for (offset, digit) in plain.enumerated() {
      if offset > 0 && (plain.count - offset) % 3 == 0 { grouped.append(",") }
      grouped.append(digit)
    }
    return (count < 0 ? "-" : "") + grouped
  }
}
