import LayoutEngine
import PictureFiles
import Thumbnails

/// The open picture (Enter on a picture card): how it is zoomed, where the view's centre
/// is, how it is turned, what shows beside it, and the slideshow. A value in the mode
/// (`BrowserMode.viewer`); the picture is the selected card's, so the wall's selection
/// follows the pictures seen.
package struct PictureViewer: Hashable, Sendable {
  /// How big the picture shows.
  package enum Zoom: Hashable, Sendable {
    /// Whole, as large as the screen allows.
    case fit
    /// As wide as the screen (taller pictures pan down).
    case fillWidth
    /// This many screen pixels a picture pixel (1: actual pixels).
    case scale(Double)
  }

  package var zoom = Zoom.fit
  /// The centre of the view, in fractions of the turned picture's width and height.
  package var centerX = 0.5
  package var centerY = 0.5
  /// Quarter turns clockwise (0–3).
  package var quarterTurns = 0
  /// The card's text in a line below the picture (`t` hides it).
  package var showsText = true
  /// The picture's facts beside it (`i`).
  package var showsInfo = false
  /// The slideshow, when it runs: the next picture comes `interval` ms after the last.
  package var slideshow: Slideshow?
  /// The last view of this picture that was ready: shown while a new zoom or pan is
  /// decoded, rather than nothing.
  package var lastReady: ThumbnailRequest?

  package struct Slideshow: Hashable, Sendable {
    package var interval: Int
    /// When the next picture is due (the state's time, ms).
    package var due: Int

    package init(interval: Int, due: Int) {
      self.interval = interval
      self.due = due
    }
  }

  package init() {}

  /// The slideshow's interval unless one is given (`--slideshow`), in ms.
  package static let standardInterval = 3000
  /// Each zoom step, in and out.
  package static let zoomStep = 2.0.squareRoot()
  /// The zoom's bounds: a picture no smaller than a tenth of its fit, no larger than 32
  /// screen pixels a pixel.
  package static let largestScale = 32.0

  /// The same viewer for another picture: whole and upright again, the rest kept.
  package var forNextPicture: PictureViewer {
    var next = self
    next.zoom = .fit
    next.centerX = 0.5
    next.centerY = 0.5
    next.quarterTurns = 0
    next.lastReady = nil
    return next
  }

  /// What a box of `box` cells of `cell` pixels shows of a picture `width` × `height`
  /// (upright): the view to ask for and the scale it shows at (screen pixels a picture
  /// pixel).
  package func view(pictureWidth width: Int, height: Int, box: Size, cell: CellShape) -> (
    view: PictureView, scale: Double
  ) {
    let turned = quarterTurns % 2 == 0 ? (width, height) : (height, width)
    let pictureWidth = Double(Swift.max(1, turned.0))
    let pictureHeight = Double(Swift.max(1, turned.1))
    let boxWidth = Double(Swift.max(1, box.width * cell.width))
    let boxHeight = Double(Swift.max(1, box.height * cell.height))
    let scale = self.scale(
      pictureWidth: pictureWidth, pictureHeight: pictureHeight, box: (boxWidth, boxHeight))
    // The part of the picture the box holds at that scale, kept inside the picture.
    let shownWidth = Swift.min(1, boxWidth / scale / pictureWidth)
    let shownHeight = Swift.min(1, boxHeight / scale / pictureHeight)
    let left = Swift.max(0, Swift.min(1 - shownWidth, centerX - shownWidth / 2))
    let top = Swift.max(0, Swift.min(1 - shownHeight, centerY - shownHeight / 2))
    let unit = Double(PictureView.unit)
    let view = PictureView(
      quarterTurns: quarterTurns, x: Int((left * unit).rounded()), y: Int((top * unit).rounded()),
      width: Int((shownWidth * unit).rounded()), height: Int((shownHeight * unit).rounded()))
    return (view, scale)
  }

  /// Screen pixels a picture pixel at this zoom.
  func scale(pictureWidth: Double, pictureHeight: Double, box: (Double, Double)) -> Double {
    switch zoom {
    case .fit: return Swift.min(box.0 / pictureWidth, box.1 / pictureHeight)
    case .fillWidth: return box.0 / pictureWidth
    case .scale(let scale): return scale
    }
  }

  /// The centre kept where the view can be (half a view from each edge), so that a pan
  /// past the edge is not remembered.
  package mutating func clampCenter(to view: PictureView) {
    let unit = Double(PictureView.unit)
    let halfWidth = Double(view.width) / unit / 2
    let halfHeight = Double(view.height) / unit / 2
    centerX = Swift.max(halfWidth, Swift.min(1 - halfWidth, centerX))
    centerY = Swift.max(halfHeight, Swift.min(1 - halfHeight, centerY))
  }
}

/// The facts of the viewer's picture: which picture, and them once read (or why not).
package struct ViewerFacts: Hashable, Sendable {
  package var source: PictureSource
  package var facts: Result<PictureFacts, PictureFailure>?

  package init(source: PictureSource, facts: Result<PictureFacts, PictureFailure>?) {
    self.source = source
    self.facts = facts
  }
}
