/// The keys a `MASONRY_TRACE` file shows read, in order, each with the times of the first
/// frame started (`draw`) and finished (`frame`) after it: what the key-latency parts
/// time a key to.
struct TraceKeys {
  struct Key {
    /// When the program read the key (`MonotonicClock` nanoseconds, as the trace's).
    var read: Int
    var drawStarted: Int?
    var frame: Int?
  }

  private(set) var keys: [Key] = []

  /// Parses the trace's text (`<nanoseconds> key …`, `… draw`, `… frame` lines).
  ///
  /// - Complexity: O(lines + keys × frames): a frame closes every key still open before it.
  init(_ text: String) {
    for line in text.split(separator: "\n") {
      let parts = line.split(separator: " ", maxSplits: 1)
      guard parts.count == 2, let time = Int(parts[0]) else { continue }
      if parts[1].hasPrefix("key ") {
        keys.append(Key(read: time))
      } else if parts[1] == "draw" {
        for index in keys.indices.reversed() where keys[index].drawStarted == nil {
          keys[index].drawStarted = time
        }
      } else if parts[1] == "frame" {
        for index in keys.indices.reversed() where keys[index].frame == nil {
          keys[index].frame = time
        }
      }
    }
  }
}
