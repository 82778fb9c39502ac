#if canImport(Glibc)
  import Glibc
#endif

/// The distinct names of one chunk (its tags, or its sections), each given an index in the
/// order first seen, found by their bytes: a card's tags and section are looked up
/// without making a `String`, which is made once per distinct name.
///
/// Open addressing over a power-of-two table kept at most half full, keyed by a hash of
/// the bytes taken eight at a time; the names' bytes lie end to end in one array.
///
/// - Complexity: `index(of:)` is O(length of the name) expected.
struct NameTable {
  /// The names, by index.
  private(set) var names: [String] = []
  /// Every name's bytes, end to end; name `i` is `bytes[starts[i]..<starts[i + 1]]`.
  private var bytes: [UInt8] = []
  private var starts: [UInt32] = [0]
  /// Index + 1 of the name in each slot, 0 for an empty slot.
  private var slots = [UInt32](repeating: 0, count: 64)
  /// The index returned last: cards of a section often come in runs.
  private var last: UInt32?

  var count: Int { names.count }

  /// The index of `name` (well-formed UTF-8 of at most `CardText.maximumFieldBytes`, as
  /// `CardText.validUTF8` leaves it), added if new.
  mutating func index(of name: UnsafeBufferPointer<UInt8>) -> UInt32 {
    if let last, matches(last, name) { return last }
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: Self.hash(name)) & mask
    while slots[slot] != 0 {
      let found = slots[slot] - 1
      if matches(found, name) {
        last = found
        return found
      }
      slot = (slot + 1) & mask
    }
    let index = UInt32(names.count)
    names.append(String(decoding: name, as: UTF8.self))
    bytes.append(contentsOf: name)
    starts.append(UInt32(bytes.count))
    slots[slot] = index + 1
    if names.count * 2 > slots.count { grow() }
    last = index
    return index
  }

  /// Whether name `index` is `name`.
  @inline(__always)
  private func matches(_ index: UInt32, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
    let start = Int(starts[Int(index)])
    let end = Int(starts[Int(index) + 1])
    guard end - start == name.count else { return false }
    return bytes.withUnsafeBufferPointer { stored in
      guard let base = stored.baseAddress, let other = name.baseAddress else { return true }
      let count = name.count
      // Up to sixteen bytes (nearly every tag and section) in two word comparisons.
      if count <= 16 && count > 0 {
        let (first, last) = Self.ends(UnsafeRawPointer(base + start), count: count)
        let (otherFirst, otherLast) = Self.ends(UnsafeRawPointer(other), count: count)
        return first == otherFirst && last == otherLast
      }
      return memcmp(base + start, other, count) == 0
    }
  }

  /// The first and the last `min(count, 8)` bytes at `bytes` (1 ≤ `count` ≤ 16), each as
  /// a word, the first byte lowest: together they are every byte of the `count`, read
  /// without a byte past them. Under eight bytes, two overlapping loads of four, two or
  /// one make each word.
  @inline(__always)
  static func ends(_ bytes: UnsafeRawPointer, count: Int) -> (first: UInt64, last: UInt64) {
    if count >= 8 {
      return (
        UInt64(littleEndian: bytes.loadUnaligned(as: UInt64.self)),
        UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
      )
    }
    let word: UInt64
    if count >= 4 {
      let low = UInt64(UInt32(littleEndian: bytes.loadUnaligned(as: UInt32.self)))
      let high = UInt64(
        UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)))
      word = low | high << UInt64(8 * (count - 4))
    } else if count >= 2 {
      let low = UInt64(UInt16(littleEndian: bytes.loadUnaligned(as: UInt16.self)))
      let high = UInt64(
        UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: count - 2, as: UInt16.self)))
      word = low | high << UInt64(8 * (count - 2))
    } else {
      word = UInt64(bytes.load(as: UInt8.self))
    }
    return (word, word)
  }

  /// Twice the slots, every name placed again.
  private mutating func grow() {
    slots = [UInt32](repeating: 0, count: slots.count * 2)
    let mask = slots.count - 1
    bytes.withUnsafeBufferPointer { stored in
      for index in names.indices {
        let start = Int(starts[index])
        let name = UnsafeBufferPointer(
          rebasing: stored[start..<Int(starts[index + 1])])
        var slot = Int(truncatingIfNeeded: Self.hash(name)) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = UInt32(index + 1)
      }
    }
  }

  /// A hash of `name`, eight bytes at a time (a multiply and a shift each).
  @inline(__always)
  static func hash(_ name: UnsafeBufferPointer<UInt8>) -> UInt64 {
    let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
    var hash = UInt64(name.count) &* multiplier
    guard let base = name.baseAddress else { return hash }
    let raw = UnsafeRawPointer(base)
    var index = 0
    while index + 8 <= name.count {
      let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      hash = ((hash ^ word) &* multiplier)
      hash = hash ^ (hash >> 29)
      index += 8
    }
    // The last bytes (fewer than eight) as one word.
    let rest = name.count - index
    let tail = rest == 0 ? 0 : Self.ends(raw + index, count: rest).last
    hash = (hash ^ tail) &* multiplier
    return hash ^ (hash >> 32)
  }
}
