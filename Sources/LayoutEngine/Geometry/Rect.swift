/// A rectangle of terminal cells: the half-open ranges `minX..<maxX` by `minY..<maxY`.
public struct Rect: Hashable, Sendable {
  public var origin: Point
  public var size: Size

  @inlinable public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  @inlinable public init(x: Int, y: Int, width: Int, height: Int) {
    self.origin = Point(x: x, y: y)
    self.size = Size(width: width, height: height)
  }

  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

  @inlinable public var minX: Int { origin.x }
  @inlinable public var minY: Int { origin.y }
  @inlinable public var maxX: Int { origin.x + size.width }
  @inlinable public var maxY: Int { origin.y + size.height }
  @inlinable public var width: Int { size.width }
  @inlinable public var height: Int { size.height }

  /// A rectangle with no cells: zero or negative width or height.
  @inlinable public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }

  /// Whether the two rectangles share at least one cell.
  ///
  /// Empty rectangles share no cell with anything, so a zero-height item is never
  /// returned by a query and never overlaps another item.
  @inlinable public func intersects(_ other: Rect) -> Bool {
    minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
      && !isEmpty && !other.isEmpty
  }

  /// Whether every cell of `other` is inside this rectangle (an empty rectangle is inside
  /// any rectangle whose bounds contain its origin).
  @inlinable public func contains(_ other: Rect) -> Bool {
    other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
  }

  /// The cells shared by both rectangles, or `nil` when they share none.
  @inlinable public func intersection(_ other: Rect) -> Rect? {
    guard intersects(other) else { return nil }
    let x = Swift.max(minX, other.minX)
    let y = Swift.max(minY, other.minY)
    return Rect(
      x: x, y: y, width: Swift.min(maxX, other.maxX) - x, height: Swift.min(maxY, other.maxY) - y)
  }

  /// The rectangle moved by `dx`, `dy`.
  @inlinable public func offsetBy(dx: Int, dy: Int) -> Rect {
    Rect(x: minX + dx, y: minY + dy, width: width, height: height)
  }
}

extension Rect: CustomStringConvertible {
  /// `x,y wxh`, the form golden dumps use.
  public var description: String { "\(minX),\(minY) \(width)x\(height)" }
}
