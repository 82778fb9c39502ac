/// The rows of the screen whose content scrolls (the card wall), the full width of the
/// screen, and how far that content is scrolled, in rows. A terminal whose pictures move
/// with its own scrolling compares it with the last frame's: the same rows scrolled by a
/// few rows are scrolled by the terminal (DECSTBM and SU or SD), pixels and all, and only
/// what comes on screen is sent.
package struct ScrollingArea: Hashable, Sendable {
  package var rows: Range<Int>
  package var offset: Int

  package init(rows: Range<Int>, offset: Int) {
    self.rows = rows
    self.offset = offset
  }

  /// How far the content moved up since `last` (down when negative), where the terminal
  /// may scroll it itself: the same rows, moved by less than their height; `nil` else.
  package func scrolled(since last: ScrollingArea?) -> Int? {
    guard let last, last.rows == rows, last.offset != offset,
      abs(offset - last.offset) < rows.count
    else { return nil }
    return offset - last.offset
  }
}
