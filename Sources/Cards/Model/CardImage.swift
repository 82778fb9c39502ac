/// What a card knows of its image before any pixel is read: its shape, its dominant
/// colour, and optionally where the file is.
public struct CardImage: Hashable, Sendable {
  public var width: Int
  public var height: Int
  public var dominantColor: RGBColor?
  public var path: String?

  public init(width: Int, height: Int, dominantColor: RGBColor? = nil, path: String? = nil) {
    self.width = width
    self.height = height
    self.dominantColor = dominantColor
    self.path = path
  }

  /// Height over width.
  public var aspectRatio: Double {
    width > 0 && height > 0 ? Double(height) / Double(width) : 1
  }
}
