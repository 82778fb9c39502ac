/// The word of a list nearest to one mistyped, for "did you mean" in an error: an option,
/// an action, a key's name.
package enum NearestWord {
  /// The word of `known` that a slip of one or two characters (a letter left out, added,
  /// changed, or two swapped) explains `typed` by; `nil` when none is that near. Two slips
  /// only in words of eight characters or more.
  package static func nearest(_ typed: String, among known: some Sequence<String>) -> String? {
    let word = Array(typed.utf8)
    var best: (distance: Int, word: String)?
    for candidate in known.sorted() where candidate.count >= 4 {
      let distance = editDistance(word, Array(candidate.utf8))
      guard distance <= min(2, candidate.count / 4), distance < best?.distance ?? .max else {
        continue
      }
      best = (distance, candidate)
    }
    return best?.word
  }

  /// The optimal string alignment distance: insertions, deletions, substitutions and
  /// swaps of neighbours, each counting one.
  package static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var before = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
          current[j] = min(current[j], before[j - 2] + 1)
        }
      }
      (before, previous, current) = (previous, current, before)
    }
    return previous[b.count]
  }
}
