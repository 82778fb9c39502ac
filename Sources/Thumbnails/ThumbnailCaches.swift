import BoundedCaches
import PictureFiles
import Synchronization

/// The two caches behind thumbnails, shared by the workers: decoded pictures (≤ 512 px)
/// and rendered cells, each a bounded LRU keyed by the file's version, so that a resize or
/// a layout switch re-renders without decoding again and an edited file is read anew.
package final class ThumbnailCaches: Sendable {
  /// The default budgets, in bytes: 96 MB of decoded pictures (RGBA: about 100 of
  /// 512 px), 48 MB of thumbnails (their cells at 12 bytes each, and pixel pictures' PNG
  /// or sixel bytes: about twenty screens of 12 cards at 120×40 either way).
  package static let decodedBudget = 96 << 20
  package static let thumbnailBudget = 48 << 20

  private struct PictureKey: Hashable {
    var source: PictureSource
    var side: Int
    var stamp: PictureStamp
  }

  private struct ThumbnailKey: Hashable {
    var request: ThumbnailRequest
    var stamp: PictureStamp
  }

  private let pictures: Mutex<LRUCache<PictureKey, DecodedPicture>>
  private let thumbnails: Mutex<LRUCache<ThumbnailKey, Thumbnail>>
  /// Thumbnails kept between runs (`nil`: `--no-cache`, or no cache folder).
  package let disk: ThumbnailDiskCache?

  package init(
    decodedBudget: Int = ThumbnailCaches.decodedBudget,
    thumbnailBudget: Int = ThumbnailCaches.thumbnailBudget, disk: ThumbnailDiskCache? = nil
  ) {
    pictures = Mutex(LRUCache(budget: decodedBudget))
    thumbnails = Mutex(LRUCache(budget: thumbnailBudget))
    self.disk = disk
  }

  func picture(for source: PictureSource, side: Int, stamp: PictureStamp) -> DecodedPicture? {
    pictures.withLock { $0.value(for: PictureKey(source: source, side: side, stamp: stamp)) }
  }

  func keep(
    _ picture: DecodedPicture, for source: PictureSource, side: Int, stamp: PictureStamp
  ) {
    pictures.withLock {
      $0.insert(
        picture, for: PictureKey(source: source, side: side, stamp: stamp), cost: picture.cost)
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
