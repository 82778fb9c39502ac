#if canImport(Glibc)
  import Glibc
#endif

// Filling lines of read clusters: where a line overflows, the last break before it.

extension UnicodeText {
  /// The lines of a text whose clusters are each one cell (ASCII and stand-ins) and none a
  /// line feed, of line-break classes `classes`, at `width` in word mode:
  /// `PreparedText.forEachLine`'s filling with every cluster a cell, so that a line from
  /// `start` overflows at the first non-space at or after `start + width` (spaces hang),
  /// and ends at the last break before the overflow (`lastBreak`) or, when there is none,
  /// at a split of the word; how its lines fit is noted in `fit` (`LineFit`). A position where
  /// `isContinuation` holds is the second cell of a two-cell cluster (a wide scalar's
  /// stand-in, `StandInBytes.continuation`): no break comes before it (the rules read it
  /// as a mark) and no line starts with it, and an overflow on it is the cluster's, which
  /// does not fit either; a cluster wider than the line (a wide one at width 1) gets a
  /// line of its own, as `forEachLine` gives it.
  @inline(__always)
  static func countOneCellLines<Classes: LineBreakClassSequence>(
    _ classes: Classes, width: Int, buffers: Buffers, fit: inout LineFit,
    isSpace: (Int) -> Bool, mayStartLine: (Int) -> Bool, isContinuation: (Int) -> Bool
  ) -> Int {
    let end = classes.count
    var count = 0
    var start = 0
    while start < end {
      var overflow = start + width
      if overflow >= end {
        // The last line: the text ends with no space (trimmed).
        fit.widest = Swift.max(fit.widest, end - start)
        return count + 1
      }
      if isContinuation(overflow) {
        overflow -= 1
        if overflow == start {
          // A wide cluster at width 1: a line of its own.
          count += 1
          fit.widest = Swift.max(fit.widest, 2)
          fit.isSplitFree = false
          start += 2
          fit.endsWithLoneCluster = start >= end
          continue
        }
      }
      while overflow < end && isSpace(overflow) { overflow += 1 }
      if overflow == end {
        fit.widest = Swift.max(fit.widest, width)
        return count + 1
      }
      count += 1
      let found = lastBreak(
        after: start, through: overflow, classes: classes, oneScalarEach: true,
        buffers: buffers, isSpace: isSpace)
      if found > start {
        // The line needs its cells through its last non-space.
        var visibleEnd = found
        while visibleEnd > start && isSpace(visibleEnd - 1) { visibleEnd -= 1 }
        fit.widest = Swift.max(fit.widest, visibleEnd - start)
        start = found
        continue
      }
      // No break: split the word.
      fit.isSplitFree = false
      start = PreparedText.splitPoint(
        after: start, overflow: overflow, mayStartLine: mayStartLine, isSpace: isSpace)
    }
    return count
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
    after lineStart: Int, through last: Int, classes: Classes, oneScalarEach: Bool,
    buffers: Buffers, isSpace: (Int) -> Bool
  ) -> Int {
    let positions = buffers.positions
    @inline(__always) func first(_ cluster: Int) -> Int {
      oneScalarEach ? cluster : Int(buffers.firsts[cluster])
    }
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
        let scalar = first(high)
        let before = classes[scalar - 1]
        let at = classes[scalar]
        if before == .al && at == .al {
          // No break before a letter after a letter (LB28): back over the run of letters,
          // eight at a time where each is one scalar (the run's start, or as far as
          // letters `A`–`Z` and `a`–`z` go), and at least to the scalar before.
          high =
            oneScalarEach
            ? Swift.max(lineStart, Swift.min(high - 1, classes.letterRunStart(through: scalar)))
            : high - 1
          continue
        }
        // (After a space, most often, neither decides: the test below does.)
        guard before != .sp,
          let breaks = LineBreakRules.pairBreaks(before, at)
            ?? LineBreakRules.pairBreaksAnywhere(classes, before: scalar)
        else { break }
        if breaks { return high }
        high -= 1
      }
      guard high > lineStart else { return -1 }
      let target = first(high)
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
      while cluster > lineStart && first(cluster) > start {
        if !isSpace(cluster) {
          let scalar = first(cluster)
          while next >= 0 && Int(positions[next]) > scalar { next -= 1 }
          if next >= 0 && Int(positions[next]) == scalar { return cluster }
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
