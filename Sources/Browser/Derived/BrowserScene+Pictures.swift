import Cards
import LayoutEngine
import TerminalCore
import Thumbnails
import Widgets

extension BrowserScene {
  /// The thumbnail shown card `index` needs in a frame of `size`, or `nil` when it shows
  /// none (pictures off, no picture, a picture known to be unreadable, chips).
  static func thumbnailRequest(
    forShown index: Int, size: Size, _ state: BrowserState, measurer: CardMeasurer
  ) -> ThumbnailRequest? {
    guard case .thumbnails(let mode) = state.pictures, !state.layoutOptions.kind.showsCardsAsChips,
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
      pixels: state.capabilities.pixelProtocol, sixelColors: state.capabilities.sixelColors,
      animates: state.animation.choice != .off)
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
      pixels: state.capabilities.pixelProtocol, sixelColors: state.capabilities.sixelColors,
      animates: state.animation.choice != .off)
  }

  /// What a card's image box shows now: its thumbnail once it is made, unless a key is
  /// held down (`BrowserState.keysRepeatUntil`) and the picture is costly to draw again
  /// (symbols, sixel, iTerm2; a kitty picture moves for 65 bytes, so it stays). An
  /// animated picture that `plays` shows the frame of this moment.
  static func picture(for request: ThumbnailRequest?, in state: BrowserState, plays: Bool)
    -> ShownPicture
  {
    guard let request, let result = state.thumbnails.result(for: request),
      state.keysRepeatUntil == nil || request.pixels?.keepsPictures == true
    else {
      return ShownPicture(picture: .placeholder)
    }
    switch result {
    case .success(let thumbnail):
      guard let animation = thumbnail.animation, plays,
        let arrival = state.thumbnails.arrival(for: request)
      else { return ShownPicture(picture: .thumbnail(thumbnail)) }
      let start = state.animation.start(arrival: arrival)
      // A terminal that plays an animation itself (sent once): its frames are never drawn here.
      if request.pixels?.playsAnimations == true {
        return ShownPicture(
          picture: .thumbnail(thumbnail), motion: state.animation.isPaused ? .held : .playing)
      }
      let (frame, next) = animation.timing.frame(at: state.animation.time - start)
      return ShownPicture(
        picture: .thumbnail(thumbnail.showing(frame: frame)), frame: frame, motion: .playing,
        nextStep: state.animation.isPaused ? nil : next.map { $0 + start })
    case .failure(let failure): return ShownPicture(picture: .unavailable(failure.description))
    }
  }

  /// What an image box shows, and for an animated picture which frame, whether it plays
  /// and when (in playing time) its next frame is due.
  struct ShownPicture {
    var picture: CardPicture
    var frame = 0
    var motion = PicturePlacement.Motion.first
    var nextStep: Int?
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
