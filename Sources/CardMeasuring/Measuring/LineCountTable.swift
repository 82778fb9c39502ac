import CardModel
import TerminalText

/// The line counts of every card's caption and comment at one width, 2 bytes a card:
/// a caption of up to 30 lines and a comment of up to 2,047 in one `UInt16`, longer ones
/// (a long caption in a narrow column, a whole file as a comment) in a dictionary beside
/// it. Its size and width never change once made — growing makes a new table — and the
/// counts are written through a pointer. A million cards at four widths kept: 8 MB.
final class LineCountTable {
  let width: Int
  let wrap: WrapMode
  let count: Int
  /// Each card's counts, complemented: 0 (0xFFFF) is a card not counted yet.
  private let values: UnsafeMutablePointer<UInt16>
  /// The counts that do not fit a value, by card, packed as `caption << 16 | comment`.
  private var large: [Int: UInt32] = [:]
  /// When the cache last used it (its least recently used table is replaced).
  var lastUse = 0

  /// Counted, in `large`.
  private static let inLarge: UInt16 = 0xFFFE
  private static let captionLimit = 30
  private static let commentLimit = 0x7FF

  init(width: Int, wrap: WrapMode, count: Int) {
    self.width = width
    self.wrap = wrap
    self.count = count
    // Zeroed memory is every card not counted (values are stored complemented). Written
    // here rather than left to the system's zero pages: a card's count is read before it
    // is written, so each page of a fresh mapping would be mapped to the shared zero page
    // on the read, then faulted again on the write — that second fault flushing the
    // other cores' TLBs (an interrupt on every core the loading threads run on).
    values = .allocate(capacity: Swift.max(1, count))
    values.initialize(repeating: 0, count: Swift.max(1, count))
  }

  deinit { values.deallocate() }

  /// A copy with room for `count` cards (the new ones not counted).
  func grown(to newCount: Int) -> LineCountTable {
    // Room for as many more cards again (a stream grows piece by piece), so that the
    // tables a load makes come to twice the last one's size at most.
    let table = LineCountTable(width: width, wrap: wrap, count: Swift.max(newCount, count * 2))
    table.values.update(from: values, count: count)
    table.large = large
    return table
  }

  /// Card `index`'s counts, if known.
  @inline(__always)
  func value(_ index: Int) -> (caption: Int, comment: Int)? {
    let packed = ~values[index]
    if packed < Self.inLarge { return (Int(packed >> 11), Int(packed & 0x7FF)) }
    guard packed == Self.inLarge, let counts = large[index] else { return nil }
    return (Int(counts >> 16), Int(counts & 0xFFFF))
  }

  /// Sets card `index`'s counts (each at most `0xFFFF`).
  @inline(__always)
  func set(_ index: Int, caption: Int, comment: Int) {
    if caption <= Self.captionLimit, comment <= Self.commentLimit {
      values[index] = ~UInt16(caption << 11 | comment)
    } else {
      values[index] = ~Self.inLarge
      large[index] = UInt32(caption) << 16 | UInt32(comment)
    }
  }
}
