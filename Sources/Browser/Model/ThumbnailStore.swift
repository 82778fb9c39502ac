import PictureFiles
import Thumbnails

/// The thumbnails the browser has been given, by request, at most `capacity` of them and
/// `byteBudget` bytes (pixel pictures are tens of kilobytes each; the longest held go
/// first: the service's own caches keep more), and the requests it last handed to the
/// service.
package struct ThumbnailStore: Equatable {
  package static let capacity = 1024
  /// 64 MB: a thousand thumbnails in symbols, some 250 sixel pictures with their pixels.
  package static let byteBudget = 64 << 20

  private var results: [ThumbnailRequest: Result<Thumbnail, PictureFailure>] = [:]
  /// When each result came, in playing time: an animation plays from there.
  private var arrivals: [ThumbnailRequest: Int] = [:]
  private var order: [ThumbnailRequest] = []
  private var head = 0
  /// The bytes the results hold (`Thumbnail.cost`).
  private var bytes = 0
  /// What the browser last asked for, most urgent first.
  package var asked: [ThumbnailRequest] = []
  /// Whether the last scroll went down: the next screen that way is made ahead.
  package var scrollsDown = true

  package init() {}

  package func result(for request: ThumbnailRequest) -> Result<Thumbnail, PictureFailure>? {
    results[request]
  }

  /// When the result for `request` came, in playing time (`AnimationPlayback.time`).
  package func arrival(for request: ThumbnailRequest) -> Int? { arrivals[request] }

  /// Keeps `result`, which came at playing time `time`, forgetting the longest-held
  /// results beyond the capacity.
  ///
  /// - Complexity: amortised O(1).
  package mutating func store(
    _ result: Result<Thumbnail, PictureFailure>, for request: ThumbnailRequest, at time: Int = 0
  ) {
    arrivals[request] = time
    if let old = results.updateValue(result, forKey: request) {
      bytes -= Self.cost(of: old)
    } else {
      order.append(request)
    }
    bytes += Self.cost(of: result)
    while results.count > Self.capacity || bytes > Self.byteBudget, head < order.count - 1 {
      if let old = results.removeValue(forKey: order[head]) { bytes -= Self.cost(of: old) }
      arrivals[order[head]] = nil
      head += 1
    }
    if head > Self.capacity {
      order.removeFirst(head)
      head = 0
    }
  }

  package var count: Int { results.count }

  private static func cost(of result: Result<Thumbnail, PictureFailure>) -> Int {
    if case .success(let thumbnail) = result { return thumbnail.cost }
    return 64
  }
}
