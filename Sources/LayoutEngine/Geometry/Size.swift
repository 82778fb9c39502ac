/// A width and a height in terminal cells.
public struct Size: Hashable, Sendable {
  public var width: Int
  public var height: Int

  @inlinable public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  public static let zero = Size(width: 0, height: 0)
}
