/// Colour pairs for one frame at a time. A terminal shows a cell's colours through a
/// numbered pair, and redefining a pair recolours every cell on screen that uses it, so
/// pairs are handed out per frame: every colour combination of the frame being drawn gets
/// a pair that no other combination of that frame has, a pair the frame still uses is
/// never redefined, and new combinations take pairs never used yet, then pairs the frame
/// does not use, least recently drawn first. No cell ever shows another cell's colours.
///
/// A frame with more combinations than the terminal has pairs (beyond 65,535, or a
/// terminal with few pairs) draws the combinations that find no pair in the default
/// colours; `overflowCount` says how many there were.
package struct ColorPairAllocator {
  /// A foreground and background colour as the terminal numbers them (-1: default).
  package struct Colors: Hashable, Sendable {
    package var foreground: Int32
    package var background: Int32

    package init(foreground: Int32, background: Int32) {
      self.foreground = foreground
      self.background = background
    }

    package static let terminalDefault = Colors(foreground: -1, background: -1)
  }

  /// The pairs that may be defined: 1 ... capacity (pair 0 is the terminal's default).
  package let capacity: Int32
  private var pairOf: [Colors: Int32] = [:]
  private var colorsOf: [Colors?]
  /// The frame in which each pair was last drawn.
  private var lastDrawn: [Int]
  private var frame = 0
  private var neverUsed: Int32 = 1
  package private(set) var overflowCount = 0

  package init(capacity: Int32) {
    self.capacity = Swift.max(0, capacity)
    colorsOf = Array(repeating: nil, count: Int(self.capacity) + 1)
    lastDrawn = Array(repeating: -1, count: Int(self.capacity) + 1)
  }

  /// Gets pairs ready for a frame whose cells use `used`: returns the pairs to define
  /// before drawing it (each with its colours); afterwards `pair(for:)` answers for
  /// every combination in `used`.
  ///
  /// - Complexity: O(*u*) for *u* combinations while pairs are free; when the table is
  ///   full, O(*c* log *c*) for the *c* pairs, to find those least recently drawn.
  package mutating func beginFrame(_ used: Set<Colors>) -> [(pair: Int32, colors: Colors)] {
    frame += 1
    overflowCount = 0
    var missing: [Colors] = []
    for colors in used where colors != .terminalDefault {
      if let pair = pairOf[colors] {
        lastDrawn[Int(pair)] = frame
      } else {
        missing.append(colors)
      }
    }
    var definitions: [(pair: Int32, colors: Colors)] = []
    var reusable: [Int32] = []
    var reusableNext = 0
    var sortedReusable = false
    for colors in missing {
      var pair: Int32?
      if neverUsed <= capacity {
        pair = neverUsed
        neverUsed += 1
      } else {
        if !sortedReusable {
          // Pairs this frame does not use, least recently drawn first.
          reusable = (1...capacity).filter { lastDrawn[Int($0)] < frame }
          reusable.sort { lastDrawn[Int($0)] < lastDrawn[Int($1)] }
          sortedReusable = true
        }
        if reusableNext < reusable.count {
          pair = reusable[reusableNext]
          reusableNext += 1
        }
      }
      guard let pair else {
        overflowCount += 1
        continue
      }
      if let old = colorsOf[Int(pair)] { pairOf.removeValue(forKey: old) }
      colorsOf[Int(pair)] = colors
      pairOf[colors] = pair
      lastDrawn[Int(pair)] = frame
      definitions.append((pair, colors))
    }
    return definitions
  }

  /// The pair of `colors` in the current frame (0, the default, for the default colours
  /// and for combinations that found no pair).
  package func pair(for colors: Colors) -> Int32 {
    pairOf[colors] ?? 0
  }
}
