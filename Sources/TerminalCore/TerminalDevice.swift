import LayoutEngine
import TerminalScreen

/// What a program needs from a terminal: its size, a way to show a screen, and the next
/// event. Implemented by the curses backend and, for tests, by `InMemoryTerminal`.
package protocol TerminalDevice {
  /// The terminal's size now.
  var size: Size { get }
  /// Shows `screen`: the whole frame at once, and over its blank cells the pixel
  /// `pictures` (a terminal without a picture layer shows only the screen); `scrolling`:
  /// the rows whose content scrolls and how far, when the screen has such rows.
  mutating func draw(_ screen: Screen, pictures: [PicturePlacement], scrolling: ScrollingArea?)
  /// The next event, waiting at most `timeout` milliseconds (`nil`: as long as it takes);
  /// `nil` when the time ran out. A wake-up from background work ends the wait early.
  mutating func nextEvent(timeout: Int?) -> TerminalEvent?
  /// A monotonic clock in milliseconds.
  func now() -> Int
  /// Gives the terminal back and stops the process until it is continued (Ctrl-Z in a
  /// raw terminal, where the key is not a signal); then takes the terminal again and
  /// repaints the last frame whole.
  mutating func suspend()
  /// Gives the terminal back as Ctrl-Z does, runs `body` (a program in the foreground),
  /// then takes the terminal again and repaints the last frame whole.
  mutating func handOver<Result>(_ body: () -> Result) -> Result
  /// Asks the terminal to put `bytes` on the clipboard (OSC 52; they go base64, so no
  /// byte of them can act on the terminal).
  mutating func copyToClipboard(_ bytes: [UInt8])
  /// Whether the picture layer must be given another frame soon, even an unchanged one
  /// (kitty runs an animation only after it has drawn it: the start goes in the next).
  var picturesNeedAnotherFrame: Bool { get }
  /// How picture bytes are getting to the terminal (none wait in a terminal that writes
  /// them at once).
  var pictureLink: PictureLink { get }
}

extension TerminalDevice {
  /// OSC 52 for `bytes`: the clipboard selection (`c`), the bytes in base64.
  package static func clipboardEscape(_ bytes: [UInt8]) -> [UInt8] {
    Array("\u{1B}]52;c;".utf8) + Base64.encode(bytes) + [0x07]
  }

  /// No picture waits: every picture is written with its frame.
  package var pictureLink: PictureLink { PictureLink() }

  /// Shows `screen` with no pixel picture.
  package mutating func draw(_ screen: Screen) { draw(screen, pictures: [], scrolling: nil) }

  /// Shows `screen` and `pictures`, no rows known to scroll.
  package mutating func draw(_ screen: Screen, pictures: [PicturePlacement]) {
    draw(screen, pictures: pictures, scrolling: nil)
  }
}
