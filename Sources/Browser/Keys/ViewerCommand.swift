/// What a key does while a picture is open in the viewer.
package enum ViewerCommand: Hashable, Sendable {
  case next
  case previous
  /// ← →: the previous or next picture, or when zoomed a pan that way; ↑ ↓ pan.
  case arrow(SelectionDirection)
  /// h j k l: pan the zoomed picture (a tenth of the screen).
  case pan(SelectionDirection)
  case first
  case last
  case zoomIn
  case zoomOut
  case fit
  case actualPixels
  case fillWidth
  /// A quarter turn clockwise, or back.
  case rotate(clockwise: Bool)
  /// The card's text line below the picture.
  case toggleText
  /// The picture's facts beside it.
  case toggleInfo
  case toggleSlideshow
  /// A click: the view's centre there (when zoomed).
  case point
  case toggleMark
  case trash
  /// Take back the last trash, move, copy, rename or edit.
  case undo
  case openPicture
  case copyPath
  case toggleAnimations
  /// With `--pick`: answer with this card.
  case accept
  case close
  case showHelp
  /// What a `--bind` binding runs: a command, a reload, the end with text (`CustomAction`).
  case custom(CustomAction)
}
