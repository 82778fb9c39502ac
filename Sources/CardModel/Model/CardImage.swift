import PictureFiles

/// What a card knows of its image before any pixel is read: its shape, its dominant
/// colour, where its bytes are, and, when it is already known, why it cannot be shown.
package struct CardImage: Hashable, Sendable {
  /// The picture's size in pixels as shown (0 when unknown: the card gets a square box).
  package var width: Int
  package var height: Int
  package var dominantColor: RGBColor?
  /// The path as the card file wrote it.
  package var path: String?
  /// Where the picture's bytes are: the path resolved against the card file's folder, or
  /// a picture compiled into the program.
  package var source: PictureSource?
  /// Why the picture cannot be shown, when that is known before drawing ("not found",
  /// "too large: 22500×33300"); shown inside the image box.
  package var problem: String?

  package init(
    width: Int, height: Int, dominantColor: RGBColor? = nil, path: String? = nil,
    source: PictureSource? = nil, problem: String? = nil
  ) {
    self.width = width
    self.height = height
    self.dominantColor = dominantColor
    self.path = path
    self.source = source
    self.problem = problem
  }

  /// Height over width (1 when the size is unknown).
  package var aspectRatio: Double {
    width > 0 && height > 0 ? Double(height) / Double(width) : 1
  }

  /// Whether the size is known (read from the card file or the picture's header).
  package var hasSize: Bool { width > 0 && height > 0 }
}
