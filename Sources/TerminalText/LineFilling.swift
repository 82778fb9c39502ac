/// Greedy line filling, the one way masonry breaks text into lines: each line ends at the
/// last break opportunity before the first cluster that does not fit, spaces hang at a
/// line's end, a word wider than the line is split (not before a cluster that must not
/// start a line when that can be helped), and a cluster wider than the line gets a line of
/// its own. What a text is made of — a stored shape (`ShapeText`), or one-cell clusters
/// whose breaks are found only where a line overflows (`UnicodeText.OneCellText`) — is the
/// `FillableText` it is filled through; the filling is written once, here.
package enum LineFilling {
  /// Calls `body` with the cluster range of each line of `text` at `width` (trailing
  /// spaces left out) and how the line ended, in order; returns where the last line
  /// starts (`text.count` when the text ended with a hard break or a cluster alone on its
  /// line, so that what follows starts a line).
  ///
  /// - Complexity: what `text`'s `lineStop` and `lastBreak` cost a line: O(*n*) for a
  ///   stored shape, O(lines) and a short run of the rules a line for one-cell text.
  @inline(__always)
  @discardableResult
  static func forEachLine<Text: FillableText>(
    of text: Text, width: Int, _ body: (Range<Int>, LineEnding) -> Void
  ) -> Int {
    let width = Swift.max(1, width)
    let count = text.count
    var start = 0
    while start < count {
      switch text.lineStop(from: start, width: width) {
      case .textEnd:
        body(start..<visibleEnd(of: text, from: start, before: count), .textEnd)
        return start
      case .hardBreak(let feed):
        body(start..<visibleEnd(of: text, from: start, before: feed), .hardBreak)
        start = feed + 1
      case .overflow(let overflow) where overflow == start:
        let end = text.clusterEnd(at: start)
        body(start..<end, .loneCluster)
        start = end
      case .overflow(let overflow):
        let found = text.lastBreak(after: start, through: overflow)
        if found > start {
          body(start..<visibleEnd(of: text, from: start, before: found), .atBreak)
          start = found
          continue
        }
        let split = splitPoint(of: text, after: start, overflow: overflow)
        body(start..<visibleEnd(of: text, from: start, before: split), .split)
        start = split
      }
    }
    return start
  }

  /// Just after the last non-space cluster in `start..<end`, or `start`.
  @inline(__always)
  static func visibleEnd<Text: FillableText>(of text: Text, from start: Int, before end: Int)
    -> Int
  {
    var end = end
    while end > start && text.isSpace(end - 1) { end -= 1 }
    return end
  }

  /// Where a line from `lineStart` with no break opportunity is split when the cluster at
  /// `overflow` does not fit: there, backing off over clusters that must not start a line
  /// (a run like 「ャー！」) while the line keeps at least one and no space is passed.
  ///
  /// - Complexity: O(clusters backed off over).
  @inline(__always)
  static func splitPoint<Text: FillableText>(of text: Text, after lineStart: Int, overflow: Int)
    -> Int
  {
    var split = overflow
    while split - 1 > lineStart && !text.mayStartLine(split) && !text.isSpace(split - 1) {
      split -= 1
    }
    return text.mayStartLine(split) ? split : overflow
  }
}

/// How a line ended (`LineFilling.forEachLine`).
package enum LineEnding {
  /// The text ended.
  case textEnd
  /// A line feed ended it.
  case hardBreak
  /// At the last break opportunity before the overflow.
  case atBreak
  /// A word wider than the line was split.
  case split
  /// A cluster wider than the line, alone.
  case loneCluster
}

/// Where a line from a given start stops (`FillableText.lineStop`).
package enum LineStop {
  /// The rest of the text fits (trailing spaces hang).
  case textEnd
  /// A line feed at this position comes first.
  case hardBreak(at: Int)
  /// The cluster at this position, not a space, is the first that does not fit; the
  /// line's start when a single cluster is wider than the line.
  case overflow(at: Int)
}

/// What greedy filling needs of a text, by position (a cluster's, or a cell's where
/// clusters are one cell but a wide one's second): where a line overflows, and the last
/// break opportunity before that.
package protocol FillableText {
  /// The number of positions.
  var count: Int { get }
  /// Where the line from `start` stops at `width` cells (at least 1).
  func lineStop(from start: Int, width: Int) -> LineStop
  /// The last position in `start + 1 ... last` that is not a space and has a break
  /// opportunity before it, or -1.
  func lastBreak(after start: Int, through last: Int) -> Int
  /// Whether the position is a space (spaces hang at a line's end).
  func isSpace(_ position: Int) -> Bool
  /// Whether a line may start at the position when a word is split.
  func mayStartLine(_ position: Int) -> Bool
  /// Just after the cluster that starts at the position.
  func clusterEnd(at position: Int) -> Int
}

/// A stored shape (`PreparedText.ClusterInfo` bytes) or one worked out as it is read
/// (`ASCIIText.Clusters`, `CJKText.Clusters`), filled in word or character mode.
package struct ShapeText<Clusters: ClusterSequence>: FillableText {
  typealias Info = PreparedText.ClusterInfo
  let clusters: Clusters
  let breakFlag: UInt8

  @inline(__always)
  package init(_ clusters: Clusters, mode: WrapMode) {
    self.clusters = clusters
    breakFlag = mode == .word ? Info.wordBreakBefore : Info.charBreakBefore
  }

  package var count: Int {
    @inline(__always) get { clusters.count }
  }

  /// A cluster at a time, adding up widths; spaces never overflow.
  @inline(__always)
  package func lineStop(from start: Int, width: Int) -> LineStop {
    var lineWidth = 0
    var position = start
    let count = clusters.count
    while position < count {
      let info = clusters[position]
      if info & Info.hardBreak != 0 { return .hardBreak(at: position) }
      let clusterWidth = Int(info & Info.widthMask)
      if info & Info.space == 0 && lineWidth + clusterWidth > width {
        return .overflow(at: position)
      }
      lineWidth += clusterWidth
      position += 1
    }
    return .textEnd
  }

  @inline(__always)
  package func lastBreak(after start: Int, through last: Int) -> Int {
    var position = last
    while position > start {
      let info = clusters[position]
      if info & Info.space == 0 && info & breakFlag != 0 { return position }
      position -= 1
    }
    return -1
  }

  @inline(__always)
  package func isSpace(_ position: Int) -> Bool { clusters[position] & Info.space != 0 }

  @inline(__always)
  package func mayStartLine(_ position: Int) -> Bool {
    clusters[position] & Info.charBreakBefore != 0
  }

  @inline(__always)
  package func clusterEnd(at position: Int) -> Int { position + 1 }
}
