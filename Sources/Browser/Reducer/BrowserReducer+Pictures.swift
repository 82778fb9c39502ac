import LayoutEngine
import Thumbnails

extension BrowserReducer {
  /// The thumbnails to make, most urgent first: the open card's, the picture boxes on
  /// screen from the top (`ViewQueries`, as the scene places them), then the cards of the next screen in the
  /// direction of the last scroll. Those already received are left out.
  static func wantedThumbnails(_ state: BrowserState, caches: BrowserCaches) -> [ThumbnailRequest] {
    guard case .thumbnails = state.pictures, state.transition == nil else { return [] }
    let geometry = caches.geometry(for: state)
    guard !geometry.isTooSmall else { return [] }
    var wanted: [ThumbnailRequest] = []
    var seen: Set<ThumbnailRequest> = []
    func add(_ request: ThumbnailRequest?) {
      guard let request, state.thumbnails.result(for: request) == nil,
        seen.insert(request).inserted
      else { return }
      wanted.append(request)
    }
    for request in ViewQueries.pictureRequestsOnScreen(state, caches: caches) { add(request) }
    if state.mode.viewer != nil {
      // The viewer's next and previous pictures, made ahead; the wall is under it.
      for request in ViewQueries.viewerRequestsAhead(state, geometry: geometry) { add(request) }
      return wanted
    }
    let view = geometry.viewport(scrolledTo: state.scrollOffset)
    let ahead = view.offsetBy(dx: 0, dy: state.thumbnails.scrollsDown ? view.height : -view.height)
    if ahead.maxY > 0 {
      caches.prepare(through: ahead.maxY, for: state)
      for request in ViewQueries.thumbnailRequests(in: ahead, state, caches: caches) {
        add(request)
      }
    }
    return wanted
  }

  /// The effect that hands `wanted` to the service, when it asks for something new or
  /// drops something still waiting; `nil` when the service is already on it.
  static func thumbnailEffect(_ wanted: [ThumbnailRequest], _ state: inout BrowserState)
    -> BrowserEffect?
  {
    let asked = Set(state.thumbnails.asked)
    let now = Set(wanted)
    let asksMore = !now.isSubset(of: asked)
    let drops = asked.contains { !now.contains($0) && state.thumbnails.result(for: $0) == nil }
    guard asksMore || drops else { return nil }
    state.thumbnails.asked = wanted
    return .makeThumbnails(wanted)
  }
}
