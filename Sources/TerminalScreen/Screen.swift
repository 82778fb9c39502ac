import LayoutEngine
import TerminalText

/// A grid of cells that widgets draw into; the terminal backend only copies it out.
/// Everything a person sees is drawn here first, so every frame can be tested and dumped.
package struct Screen: Hashable, Sendable {
  package let width: Int
  package let height: Int
  package private(set) var cells: [Cell]
  /// Where the terminal's cursor is shown (`nil`: hidden): on the line a screen reader
  /// should read, in the accessible view.
  package var cursor: Point?

  package init(width: Int, height: Int) {
    self.width = Swift.max(0, width)
    self.height = Swift.max(0, height)
    cells = Array(repeating: .blank, count: self.width * self.height)
  }

  package var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

  package subscript(x: Int, y: Int) -> Cell {
    cells[y * width + x]
  }

  /// Sets one cell, keeping wide clusters whole: a wide cluster that loses one of its
  /// cells loses the others too (they become blanks).
  private mutating func set(_ cell: Cell, x: Int, y: Int) {
    let row = y * width
    if cells[row + x].isContinuation {
      var lead = x - 1
      while lead > 0 && cells[row + lead].isContinuation { lead -= 1 }
      for cellX in lead..<x {
        cells[row + cellX] = Cell(grapheme: " ", style: cells[row + cellX].style)
      }
    }
    var next = x + 1
    while next < width && cells[row + next].isContinuation {
      cells[row + next] = Cell(grapheme: " ", style: cells[row + next].style)
      next += 1
    }
    cells[row + x] = cell
  }

  /// Sets the one-cell `cell` at `point` (on the screen), as `write` would: what the
  /// backend lays over a frame's blank picture cells (kitty's placeholder cells, whose
  /// marks `write` would refuse as a cluster of no known width).
  package mutating func overwrite(_ cell: Cell, at point: Point) {
    guard point.x >= 0, point.y >= 0, point.x < width, point.y < height else { return }
    set(cell, x: point.x, y: point.y)
  }

  /// Writes `text` from `point` to the right, clipped to `clip` (and the screen), and
  /// returns the x after the last cluster written. A wide cluster that would be cut by the
  /// clip edge becomes a blank; zero-width clusters are skipped; a control scalar that got
  /// this far is shown as U+FFFD (text should be sanitised before; this is a last guard).
  @discardableResult
  package mutating func write(
    _ text: some StringProtocol, at point: Point, style: CellStyle = .plain, clip: Rect? = nil
  ) -> Int {
    let clip = (clip ?? bounds).intersection(bounds) ?? .zero
    var x = point.x
    let y = point.y
    guard y >= clip.minY && y < clip.maxY else { return x + DisplayWidth.of(text) }
    for cluster in text {
      var grapheme = String(cluster)
      var width = DisplayWidth.of(cluster)
      if cluster.unicodeScalars.contains(where: { !Self.isDrawable($0) }) {
        grapheme = "\u{FFFD}"
        width = 1
      }
      if width == 0 { continue }
      if x >= clip.maxX { return x + width }
      if x + width <= clip.minX {
        x += width
        continue
      }
      if x < clip.minX || x + width > clip.maxX {
        // Cut by a clip edge: the cells of the cluster inside the clip become blanks.
        for cellX in Swift.max(x, clip.minX)..<Swift.min(x + width, clip.maxX) {
          set(Cell(grapheme: " ", style: style), x: cellX, y: y)
        }
      } else {
        set(Cell(grapheme: grapheme, style: style), x: x, y: y)
        // A cluster wider than one cell (CJK: 2; an emoji with a modifier: up to 4) marks
        // the cells it covers as its continuation.
        for cellX in x + 1..<x + width {
          set(Cell(grapheme: "", style: style, isContinuation: true), x: cellX, y: y)
        }
      }
      x += width
    }
    return x
  }

  private static func isDrawable(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    return value >= 0x20 && !(0x7F...0x9F).contains(value)
  }

  /// Copies `other` onto this screen with its top-left corner at `origin` (clipped to the
  /// screen). A whole screen is copied, so wide clusters stay whole unless clipped, and a
  /// clipped wide cluster leaves blanks.
  ///
  /// - Complexity: O(*w* · *h*) for the cells of `other`.
  package mutating func place(_ other: Screen, at origin: Point) {
    for y in 0..<other.height where origin.y + y >= 0 && origin.y + y < height {
      for x in 0..<other.width where origin.x + x >= 0 && origin.x + x < width {
        let cell = other.cells[y * other.width + x]
        // A continuation whose lead fell off the left edge has nothing to continue, and a
        // lead whose continuation falls off the right edge would overflow the row.
        let lost = cell.isContinuation && origin.x + x == 0 && x > 0
        let cut =
          !cell.isContinuation && x + 1 < other.width && origin.x + x + 1 >= width
          && other.cells[y * other.width + x + 1].isContinuation
        set(
          lost || cut ? Cell(grapheme: " ", style: cell.style) : cell, x: origin.x + x,
          y: origin.y + y)
      }
    }
  }

  /// Fills `rect` (clipped to the screen) with `character` in `style`.
  package mutating func fill(
    _ rect: Rect, with character: Character = " ", style: CellStyle = .plain
  ) {
    guard let area = rect.intersection(bounds) else { return }
    let text = String(repeating: character, count: area.width)
    for y in area.minY..<area.maxY {
      write(text, at: Point(x: area.minX, y: y), style: style, clip: area)
    }
  }
}
