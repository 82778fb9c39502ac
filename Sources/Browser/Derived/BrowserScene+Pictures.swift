import Cards
import LayoutEngine
import Thumbnails
import Widgets

extension BrowserScene {
  /// The thumbnail shown card `index` needs in a frame of `size`, or `nil` when it shows
  /// none (pictures off, no picture, a picture known to be unreadable, chips).
  static func thumbnailRequest(
    forShown index: Int, size: Size, _ state: BrowserState, measurer: CardMeasurer
  ) -> ThumbnailRequest? {
    guard case .thumbnails(let mode) = state.pictures, !state.layout.kind.showsCardsAsChips,
      index >= 0, index < state.shown.count,
      let image = state.shownCard(index).image, image.problem == nil,
      let source = image.source
    else { return nil }
    let metrics = measurer.metrics(
      ofCard: state.shown[index], width: size.width, height: size.height)
    let rows = Swift.min(metrics.imageRows, size.height - CardStyle.verticalChrome)
    guard rows > 0, metrics.innerWidth > 0 else { return nil }
    return ThumbnailRequest(
      source: source, columns: metrics.innerWidth, rows: rows, mode: mode,
      cellShape: state.capabilities.cellShape, symbols: state.capabilities.symbols,
      pixels: state.capabilities.pixelProtocol, sixelColors: state.capabilities.sixelColors)
  }

  /// The thumbnail of the open card's picture at the overlay's size.
  static func detailThumbnailRequest(
    _ state: BrowserState, geometry: FrameGeometry, measurer: CardMeasurer
  ) -> ThumbnailRequest? {
    guard case .thumbnails(let mode) = state.pictures, state.mode.detailScroll != nil,
      let selected = state.selected, selected < state.shown.count,
      let image = state.shownCard(selected).image, image.problem == nil,
      let source = image.source
    else { return nil }
    let cardIndex = state.shown[selected]
    let view = DetailView(
      card: state.shownCard(selected), caption: measurer.caption(ofCard: cardIndex),
      comment: measurer.comment(ofCard: cardIndex), style: state.cardStyle)
    let box = view.imageBox(in: geometry.overlayArea)
    guard box.width > 0, box.height > 0 else { return nil }
    return ThumbnailRequest(
      source: source, columns: box.width, rows: box.height, mode: mode,
      cellShape: state.capabilities.cellShape, symbols: state.capabilities.symbols,
      pixels: state.capabilities.pixelProtocol, sixelColors: state.capabilities.sixelColors)
  }

  /// What a card's image box shows now: its thumbnail once it is made, unless a key is
  /// held down (`BrowserState.placeholdersUntil`) and the picture is costly to draw again
  /// (symbols, sixel, iTerm2; a kitty picture moves for 65 bytes, so it stays).
  static func picture(for request: ThumbnailRequest?, in state: BrowserState) -> CardPicture {
    guard let request, let result = state.thumbnails.result(for: request),
      state.placeholdersUntil == nil || request.pixels == .kitty
    else {
      return .placeholder
    }
    switch result {
    case .success(let thumbnail): return .thumbnail(thumbnail)
    case .failure(let failure): return .unavailable(failure.description)
    }
  }

  /// The thumbnails the cards of `area` (content coordinates) need, top to bottom, left
  /// to right: what the next screen will want, made ahead.
  static func thumbnailRequests(
    in area: Rect, _ state: BrowserState, caches: BrowserCaches
  ) -> [ThumbnailRequest] {
    let measurer = caches.drawingMeasurer(for: state)
    return caches.cards(in: area, for: state).sorted {
      ($0.frame.minY, $0.frame.minX) < ($1.frame.minY, $1.frame.minX)
    }.compactMap {
      thumbnailRequest(forShown: $0.index, size: $0.frame.size, state, measurer: measurer)
    }
  }
}
