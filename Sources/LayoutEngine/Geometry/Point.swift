/// A position in terminal cells: `x` grows to the right, `y` grows downwards.
public struct Point: Hashable, Sendable {
  public var x: Int
  public var y: Int

  @inlinable public init(x: Int, y: Int) {
    self.x = x
    self.y = y
  }

  public static let zero = Point(x: 0, y: 0)
}
