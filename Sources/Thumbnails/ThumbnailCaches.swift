import BoundedCaches
import PictureFiles
import Synchronization

/// The two caches behind thumbnails, shared by the workers: decoded pictures (≤ 512 px)
/// and rendered cells, each a bounded LRU keyed by the file's version, so that a resize or
/// a layout switch re-renders without decoding again and an edited file is read anew.
package final class ThumbnailCaches: Sendable {
  /// The default budgets: 96 MB of decoded pictures (about 100 of 512 px), 16 MB of cells
  /// (about 140,000 cells, twenty screens of thumbnails at 120×40).
  package static let decodedBudget = 96 << 20
  package static let thumbnailBudget = 16 << 20

  private struct PictureKey: Hashable {
    var source: PictureSource
    var stamp: PictureStamp
  }

  private struct ThumbnailKey: Hashable {
    var request: ThumbnailRequest
    var stamp: PictureStamp
  }

  private let pictures: Mutex<LRUCache<PictureKey, DecodedPicture>>
  private let thumbnails: Mutex<LRUCache<ThumbnailKey, Thumbnail>>

  package init(
    decodedBudget: Int = ThumbnailCaches.decodedBudget,
    thumbnailBudget: Int = ThumbnailCaches.thumbnailBudget
  ) {
    pictures = Mutex(LRUCache(budget: decodedBudget))
    thumbnails = Mutex(LRUCache(budget: thumbnailBudget))
  }

  func picture(for source: PictureSource, stamp: PictureStamp) -> DecodedPicture? {
    pictures.withLock { $0.value(for: PictureKey(source: source, stamp: stamp)) }
  }

  func keep(_ picture: DecodedPicture, for source: PictureSource, stamp: PictureStamp) {
    pictures.withLock {
      $0.insert(picture, for: PictureKey(source: source, stamp: stamp), cost: picture.cost)
    }
  }

  func thumbnail(for request: ThumbnailRequest, stamp: PictureStamp) -> Thumbnail? {
    thumbnails.withLock { $0.value(for: ThumbnailKey(request: request, stamp: stamp)) }
  }

  func keep(_ thumbnail: Thumbnail, for request: ThumbnailRequest, stamp: PictureStamp) {
    thumbnails.withLock {
      $0.insert(
        thumbnail, for: ThumbnailKey(request: request, stamp: stamp), cost: thumbnail.cost)
    }
  }

  /// The bytes held now: decoded pictures, then cells.
  package var usage: (decoded: Int, thumbnails: Int) {
    (pictures.withLock { $0.totalCost }, thumbnails.withLock { $0.totalCost })
  }
}
