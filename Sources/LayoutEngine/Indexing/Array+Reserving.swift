extension Array {
  /// Makes room for `capacity` elements: exactly that many while the array is empty (a
  /// layout placing a whole section at once, whose size it knows), at least a quarter
  /// more than it has once it holds some. An array reserved exactly, a few elements more
  /// each time (a section growing as a stream appends to it), would be copied whole at
  /// every reservation: quadratic in its length. A quarter keeps that amortised O(1) and
  /// the unused room under a fifth.
  ///
  /// - Complexity: O(`count`) when it reallocates, O(1) otherwise.
  mutating func reserveGrowing(_ capacity: Int) {
    guard capacity > self.capacity else { return }
    reserveCapacity(isEmpty ? capacity : Swift.max(capacity, self.capacity + self.capacity / 4))
  }
}
