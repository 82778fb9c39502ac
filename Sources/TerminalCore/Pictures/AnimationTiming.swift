/// When each frame of an animation shows: how long each stays (as the file says, 20 ms
/// at least) and how many times the whole plays. Which frame shows is a function of the
/// time since the animation started, so a frame is pure: the same state, the same frame.
package struct AnimationTiming: Hashable, Sendable {
  /// Each frame's time on screen, in milliseconds, the first frame's first.
  package let delays: [Int]
  /// How many times the whole animation plays; 0: forever.
  package let plays: Int
  /// When each frame ends, from the start of a play.
  private let ends: [Int]

  package init(delays: [Int], plays: Int) {
    self.delays = delays.map { Swift.max(20, $0) }
    self.plays = Swift.max(0, plays)
    var end = 0
    ends = self.delays.map {
      end += $0
      return end
    }
  }

  package var frameCount: Int { delays.count }

  /// One play's length in milliseconds.
  package var duration: Int { ends.last ?? 0 }

  /// The frame shown `elapsed` milliseconds after the animation started, and the elapsed
  /// time at which the next frame replaces it (`nil`: it no longer changes, its plays
  /// done or a single frame).
  ///
  /// - Complexity: O(log n) for n frames.
  package func frame(at elapsed: Int) -> (index: Int, nextChange: Int?) {
    guard delays.count > 1, duration > 0 else { return (0, nil) }
    let elapsed = Swift.max(0, elapsed)
    if plays > 0 && elapsed >= plays * duration { return (delays.count - 1, nil) }
    let start = elapsed / duration * duration
    let into = elapsed - start
    // The first frame that ends after `into`.
    var low = 0
    var high = ends.count - 1
    while low < high {
      let middle = (low + high) / 2
      if ends[middle] > into { high = middle } else { low = middle + 1 }
    }
    return (low, start + ends[low])
  }
}
