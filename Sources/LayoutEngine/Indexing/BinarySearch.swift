extension RandomAccessCollection {
  /// The first index in `range` whose element satisfies `predicate`, or `range.upperBound`
  /// when none does. `predicate` must be false for a prefix of the range and true for the
  /// rest.
  ///
  /// - Complexity: O(log *n*) calls of `predicate`.
  func partitioningIndex(in range: Range<Index>, where predicate: (Element) -> Bool) -> Index {
    var low = range.lowerBound
    var count = distance(from: low, to: range.upperBound)
    while count > 0 {
      let half = count / 2
      let middle = index(low, offsetBy: half)
      if predicate(self[middle]) {
        count = half
      } else {
        low = index(after: middle)
        count -= half + 1
      }
    }
    return low
  }

  /// `partitioningIndex(in:where:)` over the whole collection.
  func partitioningIndex(where predicate: (Element) -> Bool) -> Index {
    partitioningIndex(in: startIndex..<endIndex, where: predicate)
  }
}
