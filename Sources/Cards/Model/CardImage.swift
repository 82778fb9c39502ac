/// What a card knows of its image before any pixel is read: its shape, its dominant
/// colour, and optionally where the file is.
package struct CardImage: Hashable, Sendable {
  package var width: Int
  package var height: Int
  package var dominantColor: RGBColor?
  package var path: String?

  package init(width: Int, height: Int, dominantColor: RGBColor? = nil, path: String? = nil) {
    self.width = width
    self.height = height
    self.dominantColor = dominantColor
    self.path = path
  }

  /// Height over width.
  package var aspectRatio: Double {
    width > 0 && height > 0 ? Double(height) / Double(width) : 1
  }
}
