import Cards
import LayoutEngine
import TerminalCore
import Thumbnails

// The viewer: the selected card's picture over the screen; next and previous move the
// wall's selection, so closing returns to the card last seen.

extension BrowserReducer {
  static func viewerCommand(
    _ command: ViewerCommand, _ viewer: PictureViewer, pointer: MouseEvent?,
    _ state: inout BrowserState, caches: BrowserCaches
  ) -> [BrowserEffect] {
    var viewer = viewer
    let geometry = caches.geometry(for: state)
    let shownView = ViewQueries.viewerPicture(viewer, state, geometry: geometry)
    let zoomed = shownView.map { !$0.view.isWholePicture } ?? false
    switch command {
    case .next: stepPicture(by: 1, viewer, &state, caches: caches)
    case .previous: stepPicture(by: -1, viewer, &state, caches: caches)
    case .first: showPicture(0, viewer, &state, caches: caches)
    case .last: showPicture(state.shown.count - 1, viewer, &state, caches: caches)
    case .arrow(let direction):
      if zoomed {
        pan(direction, &viewer, shownView, &state)
      } else {
        stepPicture(
          by: direction == .left || direction == .up ? -1 : 1, viewer, &state, caches: caches)
      }
    case .pan(let direction):
      guard zoomed else {
        state.message = "pan a zoomed picture (+, =, w zoom)"
        return []
      }
      pan(direction, &viewer, shownView, &state)
    case .zoomIn, .zoomOut:
      guard let shownView else { return [] }
      let fit =
        ViewQueries.viewerPicture(
          {
            var fitted = viewer
            fitted.zoom = .fit
            return fitted
          }(), state, geometry: geometry)?.scale ?? shownView.scale
      let factor = command == .zoomIn ? PictureViewer.zoomStep : 1 / PictureViewer.zoomStep
      let scale = Swift.max(
        Swift.min(fit, 1) / 4, Swift.min(PictureViewer.largestScale, shownView.scale * factor))
      viewer.zoom = .scale(scale)
      state.mode = .viewer(viewer)
    case .fit:
      viewer.zoom = .fit
      state.mode = .viewer(viewer)
    case .actualPixels:
      viewer.zoom = .scale(1)
      state.mode = .viewer(viewer)
    case .fillWidth:
      viewer.zoom = .fillWidth
      viewer.centerY = 0
      state.mode = .viewer(viewer)
    case .rotate(let clockwise):
      viewer.quarterTurns = (viewer.quarterTurns + (clockwise ? 1 : 3)) % 4
      (viewer.centerX, viewer.centerY) = (0.5, 0.5)
      state.mode = .viewer(viewer)
    case .toggleText:
      viewer.showsText.toggle()
      state.mode = .viewer(viewer)
    case .toggleInfo:
      viewer.showsInfo.toggle()
      state.mode = .viewer(viewer)
    case .toggleSlideshow:
      if viewer.slideshow == nil {
        let interval = state.slideshowInterval
        viewer.slideshow = PictureViewer.Slideshow(interval: interval, due: state.time + interval)
        state.message = "slideshow: a picture every \(Self.seconds(interval)) (s stops)"
      } else {
        viewer.slideshow = nil
        state.message = "slideshow stopped"
      }
      state.mode = .viewer(viewer)
    case .point:
      guard zoomed, let pointer, let shownView else { return [] }
      let box = shownView.box
      guard box.contains(Rect(x: pointer.x, y: pointer.y, width: 1, height: 1)) else { return [] }
      let unit = Double(PictureView.unit)
      let view = shownView.view
      viewer.centerX =
        (Double(view.x) + (Double(pointer.x - box.minX) + 0.5) / Double(box.width)
          * Double(view.width))
        / unit
      viewer.centerY =
        (Double(view.y) + (Double(pointer.y - box.minY) + 0.5) / Double(box.height)
          * Double(view.height))
        / unit
      state.mode = .viewer(viewer)
    case .toggleMark:
      guard let card = state.selectedCard else { return [] }
      state.marks.toggle(card)
    case .trash:
      guard state.curating == nil else {
        state.message = "still changing files: a moment"
        return []
      }
      guard let card = state.selectedCard,
        let path = BrowserState.filePath(of: state.cards.cards[card])
      else {
        state.message = "no picture file to move to the trash"
        return []
      }
      state.curating = CurationStep(record: nil, cards: [card], generation: state.cardsGeneration)
      return [.curate(.trash([path]))]
    case .undo: return curationCommand(.undo, &state)
    case .openPicture: return openPicture(&state)
    case .copyPath: return copyPath(&state)
    case .toggleAnimations: toggleAnimations(&state)
    case .accept: return state.picking ? [.pick] : []
    case .close:
      state.mode = .browsing
      revealSelection(&state, caches: caches)
    case .showHelp: state.mode = .help(scroll: 0, over: state.mode)
    case .custom(let action): return customAction(action, &state)
    }
    return []
  }

  /// The picture `delta` cards on (the slideshow goes round; keys stop at the ends).
  private static func stepPicture(
    by delta: Int, _ viewer: PictureViewer, _ state: inout BrowserState,
    caches: BrowserCaches, wraps: Bool = false
  ) {
    guard let selected = state.selected, !state.shown.isEmpty else { return }
    var next = selected + delta
    if wraps {
      next = (next % state.shown.count + state.shown.count) % state.shown.count
    } else if next < 0 || next >= state.shown.count {
      state.message = next < 0 ? "the first picture" : "the last picture"
      return
    }
    showPicture(next, viewer, &state, caches: caches)
  }

  /// Shown card `index` in the viewer, whole and upright; the wall under it follows.
  private static func showPicture(
    _ index: Int, _ viewer: PictureViewer, _ state: inout BrowserState, caches: BrowserCaches
  ) {
    guard index >= 0, index < state.shown.count else { return }
    state.selected = index
    var next = viewer.forNextPicture
    if var slideshow = next.slideshow {
      slideshow.due = state.time + slideshow.interval
      next.slideshow = slideshow
    }
    state.mode = .viewer(next)
    revealSelection(&state, caches: caches)
  }

  /// Pans a quarter of the view `direction`.
  private static func pan(
    _ direction: SelectionDirection, _ viewer: inout PictureViewer,
    _ shown: ViewQueries.ViewerPicture?, _ state: inout BrowserState
  ) {
    guard let view = shown?.view else { return }
    let unit = Double(PictureView.unit)
    let stepX = Double(view.width) / unit / 4
    let stepY = Double(view.height) / unit / 4
    var center = (
      x: Double(view.x) / unit + Double(view.width) / unit / 2,
      y: Double(view.y) / unit + Double(view.height) / unit / 2
    )
    switch direction {
    case .left: center.x -= stepX
    case .right: center.x += stepX
    case .up: center.y -= stepY
    case .down: center.y += stepY
    }
    (viewer.centerX, viewer.centerY) = center
    viewer.clampCenter(to: view)
    state.mode = .viewer(viewer)
  }

  /// The slideshow's next picture, when it is due (a tick wakes the app then).
  static func advanceSlideshow(_ state: inout BrowserState, caches: BrowserCaches) {
    guard let viewer = state.mode.viewer, let slideshow = viewer.slideshow,
      state.time >= slideshow.due, case .viewer = state.mode
    else { return }
    guard state.selected != nil, !state.shown.isEmpty else {
      // Nothing left to show: the slideshow ends (its deadline would wake the app at once,
      // again and again).
      state.mode = .browsing
      return
    }
    stepPicture(by: 1, viewer, &state, caches: caches, wraps: true)
  }

  /// `ms` as seconds for a message ("3 s", "1.5 s").
  static func seconds(_ ms: Int) -> String {
    ms % 1000 == 0 ? "\(ms / 1000) s" : "\(Double(ms) / 1000) s"
  }
}
