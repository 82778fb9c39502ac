import PictureFiles
import Thumbnails

/// How card pictures are shown.
package enum PictureDisplay: Hashable, Sendable {
  /// Placeholders in each picture's dominant colour, no decoding (`--images none`: for
  /// scripts and golden frames that should not depend on decoders).
  case placeholders
  /// Thumbnails in terminal symbols, coloured as the terminal can show.
  case thumbnails(ThumbnailMode)
}
