import Cards
import Dispatch
import LayoutEngine
import PictureFiles
import Synchronization
import Thumbnails
import Widgets

extension BrowserReducer {
  /// The thumbnail card `index` (shown) needs in a frame of `size`, or `nil` when it
  /// shows none (pictures off, no picture, a picture known to be unreadable, chips).
  static func thumbnailRequest(
    forShown index: Int, size: Size, _ state: BrowserState, content: BrowserContent
  ) -> ThumbnailRequest? {
    guard case .thumbnails(let mode) = state.pictures, !state.layout.kind.showsCardsAsChips,
      index >= 0, index < content.shown.count,
      let image = content.shownCard(index).image, image.problem == nil,
      let source = image.source
    else { return nil }
    let metrics = content.shownMeasurer.metrics(
      ofCard: index, width: size.width, height: size.height)
    let rows = Swift.min(metrics.imageRows, size.height - CardStyle.verticalChrome)
    guard rows > 0, metrics.innerWidth > 0 else { return nil }
    return ThumbnailRequest(source: source, columns: metrics.innerWidth, rows: rows, mode: mode)
  }

  /// The thumbnail of the open card's picture at the overlay's size.
  static func detailThumbnailRequest(
    _ state: BrowserState, geometry: FrameGeometry, content: BrowserContent
  ) -> ThumbnailRequest? {
    guard case .thumbnails(let mode) = state.pictures, state.mode.detailScroll != nil,
      let selected = state.selected, selected < content.shown.count,
      let image = content.shownCard(selected).image, image.problem == nil,
      let source = image.source
    else { return nil }
    let view = DetailView(
      card: content.shownCard(selected), index: selected,
      measurer: content.shownMeasurer)
    let box = view.imageBox(size: geometry.overlayArea.size)
    guard box.width > 0, box.height > 0 else { return nil }
    return ThumbnailRequest(source: source, columns: box.width, rows: box.height, mode: mode)
  }

  /// What a card's image box shows now.
  static func picture(for request: ThumbnailRequest?, content: BrowserContent) -> CardPicture {
    guard let request, let result = content.thumbnails.result(for: request) else {
      return .placeholder
    }
    switch result {
    case .success(let thumbnail): return .thumbnail(thumbnail)
    case .failure(let failure): return .unavailable(failure.description)
    }
  }

  /// The thumbnails to make, most urgent first: the open card's, the cards on screen from
  /// the top, then the cards of the next screen in the direction of the last scroll.
  /// Those already received are left out.
  static func wantedThumbnails(
    _ state: BrowserState, scrolledDown: Bool, lookahead: Bool = true,
    content: inout BrowserContent
  ) -> [ThumbnailRequest] {
    guard case .thumbnails = state.pictures, state.transition == nil else { return [] }
    let geometry = content.sync(with: state)
    guard !geometry.isTooSmall else { return [] }
    var wanted: [ThumbnailRequest] = []
    var seen: Set<ThumbnailRequest> = []
    func add(_ request: ThumbnailRequest?) {
      guard let request, content.thumbnails.result(for: request) == nil,
        seen.insert(request).inserted
      else { return }
      wanted.append(request)
    }
    add(detailThumbnailRequest(state, geometry: geometry, content: content))
    let view = geometry.viewport(scrolledTo: state.scrollOffset)
    let ahead = view.offsetBy(dx: 0, dy: scrolledDown ? view.height : -view.height)
    if lookahead { content.prepare(through: ahead.maxY) }
    for area in lookahead ? [view, ahead] : [view] where area.maxY > 0 {
      let cards = content.cards(in: area).sorted {
        ($0.frame.minY, $0.frame.minX) < ($1.frame.minY, $1.frame.minX)
      }
      for card in cards {
        add(thumbnailRequest(forShown: card.index, size: card.frame.size, state, content: content))
      }
    }
    return wanted
  }

  /// The effect that hands `wanted` to the service, when it asks for something new or
  /// drops something still waiting; `nil` when the service is already on it.
  static func thumbnailEffect(_ wanted: [ThumbnailRequest], content: inout BrowserContent)
    -> BrowserEffect?
  {
    let asked = Set(content.thumbnails.asked)
    let now = Set(wanted)
    let asksMore = !now.isSubset(of: asked)
    let drops = asked.contains { !now.contains($0) && content.thumbnails.result(for: $0) == nil }
    guard asksMore || drops else { return nil }
    content.thumbnails.asked = wanted
    return .makeThumbnails(wanted)
  }
}

extension BrowserContent {
  /// Makes every thumbnail a frame of `state` shows, now, in parallel (for a frame drawn
  /// without a terminal: `masonry render`).
  package mutating func makeThumbnails(for state: BrowserState) {
    let wanted = BrowserReducer.wantedThumbnails(
      state, scrolledDown: true, lookahead: false, content: &self)
    guard !wanted.isEmpty else { return }
    let results = Mutex<[Result<Thumbnail, PictureFailure>?]>(
      Array(repeating: nil, count: wanted.count))
    DispatchQueue.concurrentPerform(iterations: wanted.count) { index in
      let result = wanted[index].make()
      results.withLock { $0[index] = result }
    }
    for (request, result) in zip(wanted, results.withLock { $0 }) {
      if let result { thumbnails.store(result, for: request) }
    }
  }
}
