/// The line-break classes of a text's scalars as `LineBreakRules` reads them: stored one a
/// byte (`UnsafeBufferPointer<LineBreakClass>`), or looked up from printable ASCII as they
/// are read (`ASCIIClasses`), so that counting the lines of ASCII text never writes its
/// classes out.
package protocol LineBreakClassSequence {
  /// The number of scalars.
  var count: Int { get }
  /// The class of scalar `index` (below `count`).
  subscript(index: Int) -> LineBreakClass { get }
  /// The first index at or after `index` whose class is not AL, or `count`: where a run of
  /// letters the rules cross at once ends.
  func letterRunEnd(from index: Int) -> Int
  /// An index of the run of letters (AL) that ends at `index` (whose class is AL), at or
  /// after the run's start: where a search back for a break, which no pair of letters has
  /// (LB28), may go on from.
  func letterRunStart(through index: Int) -> Int
}

extension LineBreakClassSequence {
  /// A class at a time.
  @inline(__always)
  package func letterRunStart(through index: Int) -> Int {
    var start = index
    while start > 0 && self[start - 1] == .al { start -= 1 }
    return start
  }
}

extension UnsafeBufferPointer: LineBreakClassSequence where Element == LineBreakClass {
  /// Eight classes a load: `.al` is 0, so eight letters are a zero word.
  @inline(__always)
  package func letterRunEnd(from index: Int) -> Int {
    guard let base = baseAddress else { return count }
    let raw = UnsafeRawPointer(base)
    var index = index
    while index + 8 <= count {
      let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      if word != 0 { return index + (UInt64(littleEndian: word).trailingZeroBitCount >> 3) }
      index += 8
    }
    while index < count && base[index] == .al { index += 1 }
    return index
  }
}

/// The classes of printable ASCII bytes, each looked up in a table of 128 as it is read.
package struct ASCIIClasses: LineBreakClassSequence {
  let bytes: UnsafePointer<UInt8>
  package let count: Int
  let table: UnsafePointer<LineBreakClass>

  @inline(__always)
  package subscript(index: Int) -> LineBreakClass { table[Int(bytes[index])] }

  /// Eight bytes a load while all are letters (`A`–`Z`, `a`–`z`, all AL), then a byte at
  /// a time through the table (the AL scalars that are not letters, `#`, `*`, `_`…).
  @inline(__always)
  package func letterRunEnd(from index: Int) -> Int {
    var index = index
    while index + 8 <= count && letters(at: index) == Self.high { index += 8 }
    while index < count && self[index] == .al { index += 1 }
    return index
  }

  /// Eight bytes a load while all are letters (as `letterRunEnd`): the start of the
  /// letters `A`–`Z` and `a`–`z` that end at `index`, which may come after the run's start
  /// (the AL scalars that are not letters, `#`, `*`, `_`…, end the search).
  @inline(__always)
  package func letterRunStart(through index: Int) -> Int {
    var start = index
    while start >= 8 {
      // The last of the eight bytes before `start` that is not a letter (little-endian:
      // the highest byte).
      let notLetters = ~letters(at: start - 8) & Self.high
      if notLetters != 0 { return start - (notLetters.leadingZeroBitCount >> 3) }
      start -= 8
    }
    return start
  }

  private static let high: UInt64 = 0x8080_8080_8080_8080

  /// The high bit of each of the eight bytes from `offset` that is a letter. Below 0xC0
  /// (ASCII, and the stand-ins' bytes) no sum here carries out of its byte: a byte ORed
  /// with 0x20 is a lowercase letter when at least `a` (its high bit set by adding 0x1F)
  /// and below `{` (not set by adding 0x05); a byte of 0x80 or above is never one.
  @inline(__always)
  private func letters(at offset: Int) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let lower =
      UnsafeRawPointer(bytes).loadUnaligned(fromByteOffset: offset, as: UInt64.self) | ones &* 0x20
    return (lower &+ ones &* 0x1F) & ~(lower &+ ones &* 0x05) & Self.high
  }
}
