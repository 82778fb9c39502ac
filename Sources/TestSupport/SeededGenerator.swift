/// A fast, seedable random number generator (SplitMix64), so that every random test case
/// can be reproduced from its seed.
package struct SeededGenerator: RandomNumberGenerator, Sendable {
  private var state: UInt64

  package init(seed: UInt64) {
    state = seed
  }

  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A count between 0 and `maximum` of a random order of magnitude, so that small and
  /// large cases both occur often without making every case large.
  package mutating func logUniformCount(upTo maximum: Int) -> Int {
    var limit = 1
    for _ in 0..<Int.random(in: 0...5, using: &self) where limit < maximum { limit *= 10 }
    return Int.random(in: 0...Swift.min(limit, maximum), using: &self)
  }
}
