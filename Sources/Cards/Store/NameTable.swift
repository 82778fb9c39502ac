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
      return memcmp(base + start, other, name.count) == 0
    }
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

  /// A hash of `name`, eight bytes at a time (a multiply and a rotation each).
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
    var tail: UInt64 = 0
    var shift: UInt64 = 0
    while index < name.count {
      tail |= UInt64(base[index]) << shift
      shift += 8
      index += 1
    }
    hash = (hash ^ tail) &* multiplier
    return hash ^ (hash >> 32)
  }
}
