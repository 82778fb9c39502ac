/// Space kept free on each side of the content, in cells.
public struct EdgeInsets: Hashable, Sendable {
  public var top: Int
  public var left: Int
  public var bottom: Int
  public var right: Int

  @inlinable public init(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  /// The same inset on all four sides.
  @inlinable public init(all inset: Int) {
    self.init(top: inset, left: inset, bottom: inset, right: inset)
  }

  public static let zero = EdgeInsets()

  /// The horizontal insets clamped so that they fit in `width` (never negative, never more
  /// than the width together), so that every frame stays inside the content width however
  /// narrow the container becomes.
  func clampedHorizontally(toWidth width: Int) -> (left: Int, right: Int) {
    let width = Swift.max(0, width)
    let left = Swift.min(Swift.max(0, self.left), width)
    let right = Swift.min(Swift.max(0, self.right), width - left)
    return (left, right)
  }
}
