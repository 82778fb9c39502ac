import PictureFiles
import Thumbnails

/// The thumbnails the browser has been given, by request, at most `capacity` of them
/// (the longest held go first: the service's own caches keep more), and the requests it
/// last handed to the service.
package struct ThumbnailStore: Equatable {
  package static let capacity = 1024

  private var results: [ThumbnailRequest: Result<Thumbnail, PictureFailure>] = [:]
  private var order: [ThumbnailRequest] = []
  private var head = 0
  /// What the browser last asked for, most urgent first.
  package var asked: [ThumbnailRequest] = []
  /// Whether the last scroll went down: the next screen that way is made ahead.
  package var scrollsDown = true

  package init() {}

  package func result(for request: ThumbnailRequest) -> Result<Thumbnail, PictureFailure>? {
    results[request]
  }

  /// Keeps `result`, forgetting the longest-held results beyond the capacity.
  ///
  /// - Complexity: amortised O(1).
  package mutating func store(
    _ result: Result<Thumbnail, PictureFailure>, for request: ThumbnailRequest
  ) {
    if results.updateValue(result, forKey: request) == nil { order.append(request) }
    while results.count > Self.capacity, head < order.count {
      results.removeValue(forKey: order[head])
      head += 1
    }
    if head > Self.capacity {
      order.removeFirst(head)
      head = 0
    }
  }

  package var count: Int { results.count }
}
