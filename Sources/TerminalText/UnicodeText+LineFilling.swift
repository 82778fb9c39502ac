#if canImport(Glibc)
  import Glibc
#endif

// Filling lines of read clusters: where a line overflows, the last break before it.

extension UnicodeText {
  /// Text whose clusters are each one cell (printable ASCII and stand-ins,
  /// `StandInBytes`), none a line feed, filled in word mode (`LineFilling`) with the rules
  /// run only where a line overflows: a line from `start` overflows at the first non-space
  /// at or after `start + width`, an arithmetic step rather than a cluster at a time. A
  /// position holding `StandInBytes.continuation` is the second cell of a two-cell
  /// cluster (a wide scalar's stand-in): no break comes before it (the rules read it as a
  /// mark) and no line starts with it, and an overflow on it is its cluster's, which does
  /// not fit either.
  struct OneCellText: FillableText {
    let base: UnsafePointer<UInt8>
    let classes: ASCIIClasses
    let buffers: Buffers
    /// Bit `b - 0x80` set: a line may start with stand-in byte `b`.
    let standInsMayStartLine: UInt128

    @inline(__always)
    init(_ text: UnsafeBufferPointer<UInt8>, buffers: Buffers) {
      base = text.baseAddress!
      classes = ASCIIClasses(bytes: base, count: text.count, table: asciiClassTable)
      self.buffers = buffers
      standInsMayStartLine = TextTables.shared.pointee.standInsMayStartLine
    }

    var count: Int {
      @inline(__always) get { classes.count }
    }

    @inline(__always)
    func lineStop(from start: Int, width: Int) -> LineStop {
      var overflow = start + width
      if overflow >= count { return .textEnd }
      if base[overflow] == StandInBytes.continuation {
        // The wide cluster before it does not fit; at width 1 it is alone on its line.
        overflow -= 1
        if overflow == start { return .overflow(at: start) }
      }
      while overflow < count && base[overflow] == 0x20 { overflow += 1 }
      return overflow == count ? .textEnd : .overflow(at: overflow)
    }

    @inline(__always)
    func lastBreak(after start: Int, through last: Int) -> Int {
      let base = base
      return UnicodeText.lastBreak(
        after: start, through: last, classes: classes, buffers: buffers,
        isSpace: { base[$0] == 0x20 })
    }

    @inline(__always)
    func isSpace(_ position: Int) -> Bool { base[position] == 0x20 }

    @inline(__always)
    func mayStartLine(_ position: Int) -> Bool {
      let byte = base[position]
      return byte < 0x80
        ? UnicodeText.mayStartLine(byte)
        : standInsMayStartLine & (1 << UInt128(byte &- 0x80)) != 0
    }

    @inline(__always)
    func clusterEnd(at position: Int) -> Int {
      position + 1 < count && base[position + 1] == StandInBytes.continuation
        ? position + 2 : position + 1
    }
  }

  /// The last cluster in `lineStart + 1 ... last` that is not a space (`isSpace`) and has
  /// a break opportunity before it, or -1. A cluster between two letters (AL) has none
  /// (LB28 joins them whatever came before), so the search passes over them; for the rest
  /// the rules run over windows of scalars, each from the nearest scalar before the
  /// cluster where a step always starts (or the text's start), each giving the breaks
  /// after its start up to the cluster.
  ///
  /// - Complexity: O(scalars from the break found to `last`).
  @inline(__always)
  static func lastBreak<Classes: LineBreakClassSequence>(
    after lineStart: Int, through last: Int, classes: Classes, buffers: Buffers,
    isSpace: (Int) -> Bool
  ) -> Int {
    let positions = buffers.positions
    var high = last
    while true {
      // Spaces and clusters between two letters have no break before them; nor has a
      // cluster whose scalar before starts a step that the pair alone joins (most
      // punctuation after a letter) or that joins it in any context (`pairBreaksAnywhere`:
      // a letter after a dot, punctuation after a number), and one that the pair breaks
      // before so is the answer.
      while high > lineStart {
        if isSpace(high) {
          high -= 1
          continue
        }
        let before = classes[high - 1]
        let at = classes[high]
        if before == .al && at == .al {
          // No break before a letter after a letter (LB28): back over the run of letters,
          // eight at a time where each is one scalar (the run's start, or as far as
          // letters `A`–`Z` and `a`–`z` go), and at least to the scalar before.
          high = Swift.max(lineStart, Swift.min(high - 1, classes.letterRunStart(through: high)))
          continue
        }
        // (After a space, most often, neither decides: the test below does.)
        guard before != .sp,
          let breaks = LineBreakRules.pairBreaks(before, at)
            ?? LineBreakRules.pairBreaksAnywhere(classes, before: high)
        else { break }
        if breaks { return high }
        high -= 1
      }
      guard high > lineStart else { return -1 }
      let target = high
      // Most often a word after a space: its two scalars before decide.
      if let breaks = LineBreakRules.breakAfterSpace(classes, before: target) {
        if breaks { return high }
        high -= 1
        continue
      }
      // The window's start: the nearest place before the cluster where a step starts.
      var start = target - 1
      while start > 0 && !LineBreakRules.startsStep(classes[start]) { start -= 1 }
      var found = 0
      LineBreakRules.forEachBreak(classes, from: start, before: target) { position in
        if position <= target {
          positions[found] = Int32(truncatingIfNeeded: position)
          found += 1
        }
      }
      // The clusters from `high` back to the window's start, against its breaks.
      var next = found - 1
      var cluster = high
      while cluster > lineStart && cluster > start {
        if !isSpace(cluster) {
          while next >= 0 && Int(positions[next]) > cluster { next -= 1 }
          if next >= 0 && Int(positions[next]) == cluster { return cluster }
        }
        cluster -= 1
      }
      high = cluster
    }
  }

  /// The scratch's buffers, as pointers for one call's loops (valid only inside
  /// `Scratch.withBuffers`).
  struct Buffers {
    var classes: UnsafeMutablePointer<LineBreakClass>
    var shape: UnsafeMutablePointer<UInt8>
    var firsts: UnsafeMutablePointer<Int32>
    var positions: UnsafeMutablePointer<Int32>
    /// Whether a line may break before each scalar (the ASCII shaper's).
    var breaks: UnsafeMutablePointer<Bool>
    /// Text with its scalars that read as ASCII replaced by the ASCII they read as
    /// (`writeStandIns`).
    var standIns: UnsafeMutablePointer<UInt8>
  }
}
