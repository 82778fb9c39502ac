import TerminalText

/// The line counts of every card's caption and comment at one width, 4 bytes a card
/// (`UInt32.max`: not counted yet). Its size and width never change once made — growing
/// makes a new table — and the counts are written through a pointer.
final class LineCountTable {
  let width: Int
  let wrap: WrapMode
  let count: Int
  private let values: UnsafeMutablePointer<UInt32>
  /// When the cache last used it (its least recently used table is replaced).
  var lastUse = 0

  init(width: Int, wrap: WrapMode, count: Int) {
    self.width = width
    self.wrap = wrap
    self.count = count
    values = .allocate(capacity: Swift.max(1, count))
    values.initialize(repeating: .max, count: Swift.max(1, count))
  }

  deinit { values.deallocate() }

  /// A copy with room for `count` cards (the new ones not counted).
  func grown(to newCount: Int) -> LineCountTable {
    // Room for a few more pieces of a stream, so that growing is rare.
    let table = LineCountTable(width: width, wrap: wrap, count: Swift.max(newCount, count * 5 / 4))
    table.values.update(from: values, count: count)
    return table
  }

  /// Card `index`'s counts, if known.
  @inline(__always)
  func value(_ index: Int) -> (caption: Int, comment: Int)? {
    let packed = values[index]
    return packed == .max ? nil : (Int(packed >> 16), Int(packed & 0xFFFF))
  }

  @inline(__always)
  func set(_ index: Int, caption: Int, comment: Int) {
    values[index] = UInt32(caption) << 16 | UInt32(comment)
  }
}
