import TerminalCore

/// Which animated pictures play, and the clock they play by.
///
/// The clock is the browser's own: milliseconds of playing time, advanced by each event's
/// time while not paused. A frame is then a function of the state (which picture, since
/// when, at what playing time), as every frame here is; the app wakes with a tick when
/// the next frame is due.
package struct AnimationPlayback: Hashable, Sendable {
  /// `--animate`.
  package var choice: AnimationChoice
  /// Playing time, in milliseconds.
  package var time = 0
  /// `a`: every animation holds its frame until `a` again.
  package var isPaused = false
  /// When, in playing time, the selection last changed: with `selected`, the selected
  /// card's animation plays from its first frame then.
  package var selectedSince = 0

  package init(choice: AnimationChoice) {
    self.choice = choice
  }

  /// Whether a picture plays: every one (`all`), or the selected and the open card's.
  package func plays(isSelectedOrOpen: Bool) -> Bool {
    switch choice {
    case .all: return true
    case .selected: return isSelectedOrOpen
    case .off: return false
    }
  }

  /// When, in playing time, a picture that came at `arrival` started playing: when it
  /// came (`all`), or when its card was selected, if later.
  package func start(arrival: Int) -> Int {
    switch choice {
    case .all, .off: return arrival
    case .selected: return Swift.max(arrival, selectedSince)
    }
  }
}

/// `--animate`: which animated pictures (GIF, WebP, APNG) play.
package enum AnimationChoice: String, CaseIterable, Hashable, Sendable {
  /// Without `--animate`: every picture where the terminal plays them itself (kitty, sent
  /// once), the selected one elsewhere (each frame is drawn and sent again).
  package static func standard(for pixels: PixelProtocol?) -> AnimationChoice {
    pixels?.playsAnimations == true ? .all : .selected
  }

  /// Every one on screen (the default where the terminal plays them itself: kitty).
  case all
  /// The selected card's and the open card's; the others show their first frame (the
  /// default elsewhere: each frame is drawn again by masonry).
  case selected
  /// None: first frames only, and no frame is made beyond them.
  case off
}
