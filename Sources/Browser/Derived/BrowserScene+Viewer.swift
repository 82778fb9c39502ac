import Cards
import LayoutEngine
import PictureFiles
import TerminalCore
import TerminalText
import Thumbnails
import Widgets

extension BrowserScene {
  /// The viewer over the screen for the selected card: its widget, its picture box (the
  /// thumbnail asked for and, in pixels, its placement), and when its animation steps.
  static func viewerLayer(
    _ viewer: PictureViewer, _ state: BrowserState, geometry: FrameGeometry
  ) -> (widget: PictureViewerView, box: PictureBoxPlacement, nextStep: Int?)? {
    guard let selected = state.selected, selected < state.shown.count else { return nil }
    let areas = ViewQueries.viewerAreas(viewer, geometry: geometry)
    let placed = ViewQueries.viewerPicture(viewer, state, geometry: geometry)
    var shown = ViewQueries.picture(
      for: placed?.request, in: state, plays: state.animation.plays(isSelectedOrOpen: true))
    if case .placeholder = shown.picture, let last = viewer.lastReady,
      last.source == placed?.request?.source
    {
      // A new zoom or pan still decoding: the view before it meanwhile.
      shown = ViewQueries.picture(
        for: last, in: state, plays: state.animation.plays(isSelectedOrOpen: true))
    }
    let card = state.shownCard(selected)
    let comment = (card.comment ?? "").split(separator: "\n").first.map(String.init) ?? ""
    let text = [card.caption, comment, card.tags.map { "#" + $0 }.joined(separator: " ")]
      .filter { !$0.isEmpty }.map { Sanitizer.sanitize($0) }.joined(separator: " · ")
    var widget = PictureViewerView(
      picture: shown.picture, image: card.image, cellShape: state.capabilities.cellShape,
      pictureArea: areas.picture, text: text, textArea: areas.text,
      facts: facts(state).map { ($0.label, Sanitizer.sanitize($0.value)) }, factsArea: areas.info)
    widget.isMarked = state.selectedCard.map { state.marks.contains($0) } ?? false
    let box = PictureBoxPlacement(
      frame: areas.picture, clip: areas.picture, card: nil, request: placed?.request,
      pixels: pixelPlacement(
        shown, in: areas.picture, clip: areas.picture, keysRepeat: state.keysRepeatUntil != nil))
    return (widget, box, shown.nextStep)
  }

  /// The facts panel's lines: the card's text, then the picture's facts once read, else
  /// what the card knows of it.
  static func facts(_ state: BrowserState) -> [PictureFacts.Line] {
    guard let card = state.selectedCard else { return [] }
    let decoded = state.cards.cards[card]
    var lines: [PictureFacts.Line] = []
    if !decoded.caption.isEmpty { lines.append(PictureFacts.Line("caption", decoded.caption)) }
    if let comment = decoded.comment, !comment.isEmpty {
      lines.append(PictureFacts.Line("comment", comment))
    }
    if !decoded.tags.isEmpty {
      lines.append(PictureFacts.Line("tags", decoded.tags.map { "#" + $0 }.joined(separator: " ")))
    }
    guard let image = decoded.image else { return lines }
    if let known = state.pictureFacts, known.source == image.source {
      switch known.facts {
      case .success(let facts): return lines + facts.lines
      case .failure(let failure): return lines + [PictureFacts.Line("facts", failure.description)]
      case nil: break
      }
    }
    if case .file(let path) = image.source { lines.append(PictureFacts.Line("path", path)) }
    lines.append(PictureFacts.Line("pixels", "\(image.width) × \(image.height)"))
    return lines
  }

  /// What the status bar says in the viewer: the zoom, where the view lies when zoomed,
  /// the turn, the slideshow.
  static func viewerStatus(_ viewer: PictureViewer, _ state: BrowserState, geometry: FrameGeometry)
    -> String
  {
    // Which picture of how many: the bar's range says it.
    var parts: [String] = []
    if let placed = ViewQueries.viewerPicture(viewer, state, geometry: geometry) {
      let percent = Int((placed.scale * 100).rounded())
      switch viewer.zoom {
      case .fit: parts.append("fit \(percent)%")
      case .fillWidth: parts.append("width \(percent)%")
      case .scale: parts.append("\(percent)%")
      }
      let view = placed.view
      if !view.isWholePicture {
        func span(_ start: Int, _ length: Int) -> String {
          let unit = PictureView.unit
          return "\(start * 100 / unit)–\((start + length) * 100 / unit)%"
        }
        parts.append("showing x \(span(view.x, view.width)), y \(span(view.y, view.height))")
      }
    }
    if viewer.quarterTurns != 0 { parts.append("turned \(viewer.quarterTurns * 90)°") }
    if let slideshow = viewer.slideshow {
      parts.append("slideshow \(BrowserReducer.seconds(slideshow.interval))")
    }
    parts.append("n p · + - = f · i · ? keys")
    return parts.joined(separator: " · ")
  }
}
