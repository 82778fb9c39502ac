import LayoutEngine

/// A picture on screen: the cells the whole picture covers (`box`, after letterboxing)
/// and the part of them on screen (`visible`, inside `box`), both in screen cells.
package struct PicturePlacement: Hashable, Sendable {
  package var picture: PixelPicture
  package var box: Rect
  package var visible: Rect
  /// Keys are repeating: a picture the terminal does not hold yet waits (its cells stay
  /// blank) until they pause, so that each step stays a small frame; one it holds moves.
  package var keysRepeat: Bool
  /// An animated picture's frame to show (sixel, iTerm2: each frame is sent as it comes;
  /// kitty plays the frames it holds by itself, as `motion` says).
  package var frame: Int
  package var motion: Motion

  /// What kitty does with an animated picture it holds.
  package enum Motion: Hashable, Sendable {
    /// Shows the first frame, still.
    case first
    /// Plays it.
    case playing
    /// Holds the frame it shows (animations paused).
    case held
  }

  package init(
    picture: PixelPicture, box: Rect, visible: Rect, keysRepeat: Bool = false, frame: Int = 0,
    motion: Motion = .first
  ) {
    self.picture = picture
    self.box = box
    self.visible = visible
    self.keysRepeat = keysRepeat
    self.frame = frame
    self.motion = motion
  }

  /// Whether the whole picture is on screen (a cut picture shows its first frame: sixel
  /// and iTerm2 would send each frame's crop anew).
  package var isWhole: Bool { visible == box }

  /// The visible part in the picture's own cells (0, 0 at its top left).
  package var visibleInPicture: Rect {
    visible.offsetBy(dx: -box.minX, dy: -box.minY)
  }
}
