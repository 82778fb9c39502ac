import PictureFiles
import Thumbnails

/// What a card's image box shows: a placeholder in the picture's dominant colour (until
/// its thumbnail is ready, or when pictures are off), the thumbnail, or why the picture
/// cannot be shown.
package enum CardPicture: Hashable, Sendable {
  case placeholder
  case thumbnail(Thumbnail)
  case unavailable(String)
}
