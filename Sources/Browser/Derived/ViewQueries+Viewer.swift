import Cards
import LayoutEngine
import TerminalCore
import Thumbnails

extension ViewQueries {
  /// Where the viewer's parts go above the status row: the picture's box, the card's text
  /// line below it, the facts panel at the right.
  static func viewerAreas(_ viewer: PictureViewer, geometry: FrameGeometry) -> (
    picture: Rect, text: Rect?, info: Rect?
  ) {
    var picture = geometry.overlayArea
    var text: Rect?
    var info: Rect?
    if viewer.showsText, picture.height >= 3 {
      text = Rect(x: picture.minX, y: picture.maxY - 1, width: picture.width, height: 1)
      picture.size.height -= 1
    }
    if viewer.showsInfo, picture.width >= 40 {
      let width = Swift.min(46, picture.width / 2)
      info = Rect(x: picture.maxX - width, y: picture.minY, width: width, height: picture.height)
      picture.size.width -= width
    }
    return (picture, text, info)
  }

  /// The pixels of a cell for the viewer's zoom: the terminal's, when it says (so that
  /// 100% is one picture pixel a screen pixel whatever draws it: pixels, symbols or
  /// placeholders); else 16 down (about what the finest symbols resolve), across in the
  /// cell's shape.
  static func viewerCell(_ state: BrowserState) -> CellShape {
    let shape = state.capabilities.cellShape
    if shape.height >= 8 { return shape }
    return CellShape(width: Swift.max(1, 16 * shape.width / Swift.max(1, shape.height)), height: 16)
  }

  /// What the viewer shows of shown card `index` (the selected one unless said): its box,
  /// the view of the picture and the scale, and the thumbnail to ask for.
  struct ViewerPicture {
    var box: Rect
    var view: PictureView
    var scale: Double
    var request: ThumbnailRequest?
  }

  static func viewerPicture(
    _ viewer: PictureViewer, _ state: BrowserState, geometry: FrameGeometry,
    forShown index: Int? = nil
  ) -> ViewerPicture? {
    guard let index = index ?? state.selected, index >= 0, index < state.shown.count,
      let image = state.shownCard(index).image
    else { return nil }
    let box = viewerAreas(viewer, geometry: geometry).picture
    guard box.width > 0, box.height > 0 else { return nil }
    let (view, scale) = viewer.view(
      pictureWidth: image.width, height: image.height, box: box.size, cell: viewerCell(state))
    var request: ThumbnailRequest?
    if case .thumbnails(let mode) = state.pictures, image.problem == nil,
      let source = image.source
    {
      request = ThumbnailRequest(
        source: source, columns: box.width, rows: box.height, mode: mode,
        cellShape: state.capabilities.cellShape, symbols: state.capabilities.symbols,
        pixels: state.capabilities.pixelProtocol, sixelColors: state.capabilities.sixelColors,
        animates: state.animation.choice != .off, view: view,
        byCellRow: state.picturesGoByCellRow)
    }
    return ViewerPicture(box: box, view: view, scale: scale, request: request)
  }

  /// The viewer's next and previous pictures, whole: made ahead, so that `n` and the
  /// slideshow find them ready.
  static func viewerRequestsAhead(_ state: BrowserState, geometry: FrameGeometry)
    -> [ThumbnailRequest]
  {
    guard let viewer = state.mode.viewer, let selected = state.selected else { return [] }
    let ahead = viewer.forNextPicture
    return [
      viewerPicture(ahead, state, geometry: geometry, forShown: selected + 1)?.request,
      viewerPicture(ahead, state, geometry: geometry, forShown: selected - 1)?.request,
    ].compactMap { $0 }
  }
}
