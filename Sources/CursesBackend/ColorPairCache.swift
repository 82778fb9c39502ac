import CNcursesw

/// Colour pairs, allocated on first use and kept in a bounded table: ncurses' own
/// allocator was seen failing once its table filled. When the table is full, further
/// combinations fall back to the default pair rather than fail.
struct ColorPairCache {
  private struct Key: Hashable {
    var foreground: Int32
    var background: Int32
  }

  private var pairs: [Key: Int32] = [:]
  private let limit: Int32

  init() {
    limit = Swift.max(0, Swift.min(Int32(masonry_color_pairs()) - 1, 4096))
  }

  /// The pair for `foreground` on `background` (colour numbers; -1 is the default).
  mutating func pair(foreground: Int32, background: Int32) -> Int32 {
    if foreground == -1 && background == -1 { return 0 }
    let key = Key(foreground: foreground, background: background)
    if let pair = pairs[key] { return pair }
    let next = Int32(pairs.count) + 1
    guard next <= limit, init_extended_pair(next, foreground, background) == OK else { return 0 }
    pairs[key] = next
    return next
  }
}
