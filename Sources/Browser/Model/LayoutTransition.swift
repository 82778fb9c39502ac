import LayoutEngine

/// The animated switch between two layouts: each card on screen moves from its old frame
/// to its new one (screen coordinates) over `duration`, then the new layout settles.
package struct LayoutTransition: Hashable, Sendable {
  package static let duration = 150

  package var start: Int
  /// Shown card index → where it was (nil: it was off screen) and where it goes.
  package var moves: [Int: Move]

  package struct Move: Hashable, Sendable {
    package var from: Rect?
    package var to: Rect
  }

  package init(start: Int, moves: [Int: Move]) {
    self.start = start
    self.moves = moves
  }

  /// How far along the transition is at `time`, from 0 to 1.
  package func progress(at time: Int) -> Double {
    Swift.min(1, Swift.max(0, Double(time - start) / Double(Self.duration)))
  }

  /// Where the card of `move` is at `time`: eased between its frames.
  package func frame(of move: Move, at time: Int) -> Rect {
    guard let from = move.from else { return move.to }
    let t = progress(at: time)
    let eased = t * t * (3 - 2 * t)
    func mix(_ a: Int, _ b: Int) -> Int { a + Int((Double(b - a) * eased).rounded()) }
    return Rect(
      x: mix(from.minX, move.to.minX), y: mix(from.minY, move.to.minY),
      width: mix(from.width, move.to.width), height: mix(from.height, move.to.height))
  }

  package func isFinished(at time: Int) -> Bool { time - start >= Self.duration }
}
