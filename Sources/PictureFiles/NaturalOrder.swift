/// File-name order as people expect it: runs of digits compare as numbers, so `img2`
/// comes before `img10`; otherwise case-insensitive, then exact, so the order is total.
package enum NaturalOrder {
  package static func precedes(_ left: String, _ right: String) -> Bool {
    precedes(Array(left.unicodeScalars), Array(right.unicodeScalars))
  }

  /// The same order on names already split into scalars (what a sort of many names keeps,
  /// so that each comparison allocates nothing).
  package static func precedes(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Bool {
    var i = 0
    var j = 0
    while i < a.count && j < b.count {
      if isDigit(a[i]) && isDigit(b[j]) {
        let startA = i
        let startB = j
        while i < a.count && isDigit(a[i]) { i += 1 }
        while j < b.count && isDigit(b[j]) { j += 1 }
        let digitsA = a[startA..<i].drop { $0 == "0" }
        let digitsB = b[startB..<j].drop { $0 == "0" }
        if digitsA.count != digitsB.count { return digitsA.count < digitsB.count }
        for (x, y) in zip(digitsA, digitsB) where x != y { return x.value < y.value }
        continue
      }
      let x = folded(a[i])
      let y = folded(b[j])
      if x != y { return x < y }
      i += 1
      j += 1
    }
    if (a.count - i) != (b.count - j) { return a.count - i < b.count - j }
    return a.lexicographicallyPrecedes(b)
  }

  private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value >= 0x30 && scalar.value <= 0x39
  }

  private static func folded(_ scalar: Unicode.Scalar) -> UInt32 {
    scalar.value >= 0x41 && scalar.value <= 0x5A ? scalar.value + 0x20 : scalar.value
  }
}
