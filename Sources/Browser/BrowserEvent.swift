import LayoutEngine
import TerminalCore

/// What can happen to the browser.
package enum BrowserEvent: Hashable, Sendable {
  case key(Key)
  case mouse(MouseEvent)
  /// The terminal has a new size (bursts are coalesced before they get here).
  case resized(Size)
  /// Time passed (drives the layout-switch animation).
  case tick
  /// Standard input ended.
  case endOfInput
}

/// What the program around `reduce` must do after an event: the state itself never does
/// input or output.
package enum BrowserEffect: Hashable, Sendable {
  case none
  case quit
  /// Read the source again (`r`).
  case reload
}
