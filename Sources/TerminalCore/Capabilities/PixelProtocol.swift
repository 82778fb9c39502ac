/// A way of showing pictures as pixels beside the text.
///
/// What the rest of the program needs to know about a protocol is asked through the
/// traits below, never by comparing with one case: each trait is an exhaustive switch, so
/// a new protocol is an edit the compiler walks through, trait by trait.
package enum PixelProtocol: String, CaseIterable, Hashable, Sendable {
  /// kitty's graphics protocol (kitty, konsole, WezTerm, Ghostty).
  case kitty
  /// DEC sixel (xterm -ti vt340, mlterm, foot).
  case sixel
  /// iTerm2's inline images (iTerm2, WezTerm, mlterm).
  case iterm
  /// kitty's graphics protocol with Unicode placeholders (kitty 0.28 on, Ghostty): each
  /// image is stored once with a virtual placement, and drawn by text cells (U+10EEEE with
  /// row and column marks, the image's id in the cell's colour) that ncurses writes like
  /// any text. Inside tmux, the one way to show pixels that tmux scrolls, clips and hides
  /// with its pane.
  case kittyUnicode = "kitty-unicode"

  /// Whether the terminal keeps a picture it was sent, under an id, and places it again,
  /// moved or cropped, for a few bytes. Such a picture is cheap to show again (it stays
  /// while keys repeat), needs no pixels kept for crops, and is sent once however often it
  /// scrolls. Otherwise every placement sends the picture's bytes again.
  package var keepsPictures: Bool {
    switch self {
    case .kitty, .kittyUnicode: return true
    case .sixel, .iterm: return false
    }
  }

  /// Whether a picture cut at the screen's left or right edge can be shown: the terminal
  /// crops it by a source rectangle. Sixel and iTerm2 pictures can only be re-encoded
  /// for whole pixel rows, so a picture cut sideways is left out.
  package var cropsSideways: Bool {
    switch self {
    case .kitty, .kittyUnicode: return true
    case .sixel, .iterm: return false
    }
  }

  /// Whether the terminal plays an animation itself once its frames are sent (kitty's
  /// `a=f` frames and `a=a` to run). Otherwise each frame is drawn and sent again.
  package var playsAnimations: Bool {
    switch self {
    case .kitty, .kittyUnicode: return true
    case .sixel, .iterm: return false
    }
  }

  /// Whether a picture drawn over another in the same cells replaces it wholly. An iTerm2
  /// picture replaces the cells' picture; a sixel paints only its opaque pixels, so a
  /// transparent pixel lets the frame below show through.
  package var replacesWhatIsBelow: Bool {
    switch self {
    case .kitty, .kittyUnicode, .iterm: return true
    case .sixel: return false
    }
  }

  /// Whether a picture's cells are text the terminal holds like any other (kitty's
  /// Unicode placeholders): written with the frame, scrolled, clipped and hidden with it
  /// by the terminal or by tmux, so that moving a picture costs text bytes only.
  /// Otherwise the picture is drawn beside the text, after the frame.
  package var drawsWithText: Bool {
    switch self {
    case .kittyUnicode: return true
    case .kitty, .sixel, .iterm: return false
    }
  }

  /// Whether a picture's escapes may reach the terminal after later frames' text, so
  /// that on a slow link they wait in a queue and a key's frame goes first
  /// (`PictureOutputQueue`). kitty's are each complete in itself, placed by absolute
  /// position or by its cells, a later one replacing it. A sixel belongs to the cells it
  /// is drawn over: each piece waits only while its cells stay as they were, and is
  /// dropped once a frame changes them or sends its rows again (before a scroll the
  /// terminal makes, its rows are sent again where they moved: `PictureLayer.unsent`);
  /// it waits only where the link is slow (`LinkChoice.queuesCellPictures`).
  /// iTerm2's go out with their frame.
  package var mayArriveLate: Bool {
    switch self {
    case .kitty, .kittyUnicode, .sixel: return true
    case .iterm: return false
    }
  }

  /// Whether the terminal stretches a picture to the cells it is given (kitty's `c`, `r`;
  /// iTerm2's width and height in cells), so that a picture of fewer pixels fills the
  /// same cells (smaller for a slow link). A sixel is drawn at its own pixels.
  package var scalesToCells: Bool {
    switch self {
    case .kitty, .kittyUnicode, .iterm: return true
    case .sixel: return false
    }
  }

  /// Whether the pixels move with the text when the terminal scrolls a region of rows
  /// (DECSTBM, then SU or SD): sixel's do in xterm and mlterm, so a row of scrolling sends
  /// only the picture rows it brings on screen. kitty's placements stay where they were
  /// put, iTerm2's are not known to move everywhere, placeholder cells are text already.
  package var scrollsWithText: Bool {
    switch self {
    case .sixel: return true
    case .kitty, .kittyUnicode, .iterm: return false
    }
  }

  /// Whether a picture is drawn over its cells' text, which shows until it arrives:
  /// kitty's placements go above the text (`z=0`), a sixel replaces the cells it is drawn
  /// over. Then a slow link shows the picture in symbols in its cells first
  /// (`ThumbnailRequest.symbolsUnder`). Placeholder cells are the picture itself; iTerm2
  /// was not tried.
  package var showsOverText: Bool {
    switch self {
    case .kitty, .sixel: return true
    case .kittyUnicode, .iterm: return false
    }
  }

  /// Whether a picture goes to a terminal on a slow link a cell row at a time, in pieces
  /// of a few kilobytes (`PixelPicture.pieces(cellRow:)`): a sixel, which cannot be cut
  /// short once begun; kitty's are placed whole (and crop themselves), iTerm2's go with
  /// their frame.
  package var goesByCellRow: Bool {
    switch self {
    case .sixel: return true
    case .kitty, .kittyUnicode, .iterm: return false
    }
  }

  /// Whether the picture data is a PNG (kitty, iTerm2), else sixel.
  package var sendsPNG: Bool {
    switch self {
    case .kitty, .kittyUnicode, .iterm: return true
    case .sixel: return false
    }
  }
}
