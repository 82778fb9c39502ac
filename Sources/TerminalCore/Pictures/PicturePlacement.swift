import LayoutEngine

/// A picture on screen: the cells the whole picture covers (`box`, after letterboxing)
/// and the part of them on screen (`visible`, inside `box`), both in screen cells.
package struct PicturePlacement: Hashable, Sendable {
  package var image: PixelImage
  package var box: Rect
  package var visible: Rect
  /// Keys are repeating: a picture the terminal does not hold yet waits (its cells stay
  /// blank) until they pause, so that each step stays a small frame; one it holds moves.
  package var holdsNewPictures: Bool

  package init(image: PixelImage, box: Rect, visible: Rect, holdsNewPictures: Bool = false) {
    self.image = image
    self.box = box
    self.visible = visible
    self.holdsNewPictures = holdsNewPictures
  }

  /// The visible part in the picture's own cells (0, 0 at its top left).
  package var visibleInPicture: Rect {
    visible.offsetBy(dx: -box.minX, dy: -box.minY)
  }
}
