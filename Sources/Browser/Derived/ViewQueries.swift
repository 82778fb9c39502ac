import Cards
import LayoutEngine
import TerminalCore
import Thumbnails
import Widgets

/// The questions about what a state's view shows that both the reducer and the scene
/// ask: the tag strip, the ruler, the thumbnail each picture box needs and the picture it
/// shows now, and the requests for the picture boxes on screen. Read-only: the reducer
/// asks here, never the scene, and the scene builds on the same answers, so neither calls
/// the other.
package enum ViewQueries {
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
    let rows = Swift.min(metrics.pictureRows, size.height - CardStyle.verticalChrome)
    guard rows > 0, metrics.innerWidth > 0 else { return nil }
    return ThumbnailRequest(
      source: source, columns: metrics.innerWidth, rows: rows, mode: mode,
      cellShape: state.pictureCellShape, symbols: state.capabilities.symbols,
      pixels: state.capabilities.pixelProtocol, sixelColors: state.pictureSixelColors,
      animates: state.animation.choice != .off, symbolsUnder: state.symbolsUnderPictures,
      byCellRow: state.picturesGoByCellRow)
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
    let box = view.pictureBox(in: geometry.overlayArea)
    guard box.width > 0, box.height > 0 else { return nil }
    return ThumbnailRequest(
      source: source, columns: box.width, rows: box.height, mode: mode,
      cellShape: state.pictureCellShape, symbols: state.capabilities.symbols,
      pixels: state.capabilities.pixelProtocol, sixelColors: state.pictureSixelColors,
      animates: state.animation.choice != .off, symbolsUnder: state.symbolsUnderPictures,
      byCellRow: state.picturesGoByCellRow)
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

  /// The tag strip of `state` at `geometry`'s width.
  static func tagStrip(_ state: BrowserState, geometry: FrameGeometry) -> TagStripWidget {
    TagStripWidget(
      tags: state.stripTags, layout: geometry.tagStrip, horizontalOffset: state.tagStripOffset,
      activeTag: state.tagFilter, focusedIndex: state.mode.focusedTag)
  }

  /// The ruler under a viewport: its width, its columns and the breakpoints of the
  /// layout between the smallest useful width and the terminal's. A layout answers its
  /// columns at any width without being prepared, so a fresh one of the options does.
  package static func ruler(for state: BrowserState) -> ViewportRuler {
    let layout = state.layoutOptions.makeLayout()
    return ViewportRuler(
      viewportWidth: state.size.width, minimumWidth: ScreenRegions.minimumSize.width,
      maximumWidth: state.terminalSize.width
    ) { width in
      Swift.max(1, layout.columnWidths(atContainerWidth: width).count)
    }
  }

  /// Where a card's picture box lies in its frame on screen — the top `pictureRows` rows
  /// inside its border — and the part of it inside `content`; `nil` when none shows.
  static func cardPictureBox(frame: Rect, pictureRows: Int, content: Rect) -> (
    box: Rect, clip: Rect
  )? {
    guard pictureRows > 0 else { return nil }
    let inside = CardStyle.contentArea(of: frame)
    let box = Rect(
      x: inside.minX, y: inside.minY, width: inside.width,
      height: Swift.min(pictureRows, inside.height))
    guard let clip = box.intersection(content) else { return nil }
    return (box, clip)
  }

  /// Where the open card's picture box lies in the overlay, its view scrolled by `scroll`,
  /// and the part of it inside the overlay's border; `nil` when none shows.
  static func detailPictureBox(_ view: DetailView, overlay: Rect, scroll: Int) -> (
    box: Rect, clip: Rect
  )? {
    let inside = CardStyle.contentArea(of: overlay)
    let image = view.pictureBox(in: overlay)
    let box = Rect(
      x: inside.minX, y: inside.minY - scroll, width: image.width, height: image.height)
    guard image.height > 0, let clip = box.intersection(inside) else { return nil }
    return (box, clip)
  }

  /// The thumbnails the picture boxes on screen need, as the scene places those boxes:
  /// the open card's first, then the cards' from the top, left to right. For a state that
  /// is not mid-transition (one then wants no thumbnails; the scene draws its moves).
  package static func pictureRequestsOnScreen(_ state: BrowserState, caches: BrowserCaches)
    -> [ThumbnailRequest]
  {
    let geometry = caches.geometry(for: state)
    guard !geometry.isTooSmall, state.transition == nil else { return [] }
    // The viewer covers the wall: its pictures alone.
    if let viewer = state.mode.viewer {
      return [viewerPicture(viewer, state, geometry: geometry)?.request].compactMap { $0 }
    }
    let measurer = caches.drawingMeasurer(for: state)
    var requests: [ThumbnailRequest] = []
    if let scroll = state.mode.detailScroll, let selected = state.selected,
      selected < state.shown.count,
      let request = detailThumbnailRequest(state, geometry: geometry, measurer: measurer)
    {
      let cardIndex = state.shown[selected]
      let view = DetailView(
        card: state.shownCard(selected), caption: measurer.caption(ofCard: cardIndex),
        comment: measurer.comment(ofCard: cardIndex), style: state.cardStyle, scroll: scroll)
      if detailPictureBox(view, overlay: geometry.overlayArea, scroll: scroll) != nil {
        requests.append(request)
      }
    }
    let content = geometry.regions.content
    let shift = content.minY - state.scrollOffset
    var cards: [(box: Rect, request: ThumbnailRequest)] = []
    let view = geometry.viewport(scrolledTo: state.scrollOffset)
    for attributes in caches.layout(for: state).attributes(in: view)
    where attributes.kind != .sectionHeader {
      let frame = attributes.frame.offsetBy(dx: 0, dy: shift)
      guard
        let request = thumbnailRequest(
          forShown: attributes.index, size: frame.size, state, measurer: measurer)
      else { continue }
      let metrics = measurer.metrics(
        ofCard: state.shown[attributes.index], width: frame.width, height: frame.height)
      guard
        let placed = cardPictureBox(
          frame: frame, pictureRows: metrics.pictureRows, content: content)
      else { continue }
      cards.append((placed.box, request))
    }
    cards.sort { ($0.box.minY, $0.box.minX) < ($1.box.minY, $1.box.minX) }
    return requests + cards.map(\.request)
  }
}
