#if canImport(Glibc)
  import Glibc
#endif

/// The distinct names of one chunk (its tags, or its sections), each given an index in the
/// order first seen, found by their bytes: a card's tags and section are looked up
/// without making a `String`, which is made once per distinct name.
///
/// Open addressing over a power-of-two table kept at most half full. Each slot holds its
/// name's length and first and last eight bytes, so that a name of up to sixteen bytes
/// (nearly every tag and section) is found by its slot alone — a hash of those words and
/// three comparisons — and a longer one by a hash of all its bytes and a comparison of
/// them. The names' bytes lie end to end in one array.
///
/// - Complexity: `find` and `index(of:printable:)` are O(length of the name) expected.
struct NameTable {
  /// The names, by index.
  private(set) var names: [String] = []
  /// Every name's bytes, end to end; name `i` is `bytes[starts[i]..<starts[i + 1]]`.
  private var bytes: [UInt8] = []
  private var starts: [UInt32] = [0]
  private var slots = [Slot](repeating: Slot(), count: 64)

  /// A name's place in the table: its key (`Key`) and index + 1 (0: an empty slot).
  private struct Slot {
    var first: UInt64 = 0
    var last: UInt64 = 0
    /// The name's length, and `printableBit` when it is printable ASCII.
    var count: UInt32 = 0
    var entry: UInt32 = 0
  }

  private static let printableBit: UInt32 = 1 << 31

  /// What a name is found by: its length, its first and last eight bytes (`ends`; every
  /// byte of a name of up to sixteen), and the hash that picks its first slot.
  private struct Key {
    var first: UInt64 = 0
    var last: UInt64 = 0
    var count: Int
    var hash: UInt64

    @inline(__always)
    init(_ name: UnsafeBufferPointer<UInt8>) {
      count = name.count
      guard let base = name.baseAddress, count > 0 else {
        hash = 0
        return
      }
      (first, last) = NameTable.ends(UnsafeRawPointer(base), count: count)
      if count <= 16 {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var mixed = (first ^ UInt64(count)) &* multiplier
        mixed = (mixed ^ (mixed >> 29) ^ last) &* multiplier
        hash = mixed ^ (mixed >> 32)
      } else {
        // Longer names may share their ends: all their bytes are hashed.
        hash = NameTable.hash(name)
      }
    }
  }

  var count: Int { names.count }

  /// The index of `name` and whether it is printable ASCII, when it is in the table.
  @inline(__always)
  func find(_ name: UnsafeBufferPointer<UInt8>) -> (index: UInt32, printable: Bool)? {
    let key = Key(name)
    let slot = place(of: key, name)
    let entry = slots[slot].entry
    guard entry != 0 else { return nil }
    return (entry - 1, slots[slot].count & Self.printableBit != 0)
  }

  /// The index of `name` (well-formed UTF-8 of at most `CardText.maximumFieldBytes`, as
  /// `CardText.validUTF8` leaves it), added if new; `printable` says whether it is
  /// printable ASCII (kept for `find`).
  mutating func index(of name: UnsafeBufferPointer<UInt8>, printable: Bool) -> UInt32 {
    let key = Key(name)
    let slot = place(of: key, name)
    if slots[slot].entry != 0 { return slots[slot].entry - 1 }
    let index = UInt32(names.count)
    names.append(String(decoding: name, as: UTF8.self))
    bytes.append(contentsOf: name)
    starts.append(UInt32(bytes.count))
    slots[slot] = Slot(
      first: key.first, last: key.last,
      count: UInt32(key.count) | (printable ? Self.printableBit : 0), entry: index + 1)
    if names.count * 2 > slots.count { grow() }
    return index
  }

  /// The slot that holds `name` (whose key is `key`), or the empty one where it would go.
  @inline(__always)
  private func place(of key: Key, _ name: UnsafeBufferPointer<UInt8>) -> Int {
    slots.withUnsafeBufferPointer { slots in
      let mask = slots.count - 1
      var slot = Int(truncatingIfNeeded: key.hash) & mask
      while true {
        let candidate = slots[slot]
        if candidate.entry == 0 { return slot }
        if candidate.count & ~Self.printableBit == UInt32(truncatingIfNeeded: key.count)
          && candidate.first == key.first && candidate.last == key.last
          && (key.count <= 16 || sameBytes(Int(candidate.entry - 1), name))
        {
          return slot
        }
        slot = (slot + 1) & mask
      }
    }
  }

  /// Whether name `index` (of more than sixteen bytes) is `name`, of its length.
  private func sameBytes(_ index: Int, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
    let start = Int(starts[index])
    return bytes.withUnsafeBufferPointer { stored in
      memcmp(stored.baseAddress! + start, name.baseAddress!, name.count) == 0
    }
  }

  /// The first and the last `min(count, 8)` bytes at `bytes` (`count` ≥ 1), each as a
  /// word, the first byte lowest: up to sixteen bytes, together they are every byte of
  /// the `count`, read without a byte past them. Under eight bytes, two overlapping loads of four, two or
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
    let old = slots
    slots = [Slot](repeating: Slot(), count: old.count * 2)
    let mask = slots.count - 1
    bytes.withUnsafeBufferPointer { stored in
      for slot in old where slot.entry != 0 {
        let index = Int(slot.entry - 1)
        let start = Int(starts[index])
        let name = UnsafeBufferPointer(rebasing: stored[start..<Int(starts[index + 1])])
        var place = Int(truncatingIfNeeded: Key(name).hash) & mask
        while slots[place].entry != 0 { place = (place + 1) & mask }
        slots[place] = slot
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
