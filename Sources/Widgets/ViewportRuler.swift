import LayoutEngine
import TerminalScreen
import TerminalText

/// The last row while a viewport is set: a scale as wide as the terminal, on which the
/// cell at x stands for a viewport x + 1 cells wide. It marks the viewport's edge (`┃`)
/// and every breakpoint (`┼` at the first width of each new column count), and says the
/// viewport's width, its column count and the nearest breakpoint each way:
///
///     ──── ◂ 2 cols at 52 │ 84 wide · 3 cols │ 4 cols at 107 ▸ ───┼────┃╌╌╌╌╌╌┼╌╌╌╌
///
/// The margin beside the viewport is hatched (`╱`, dim), so what is outside the viewport
/// reads as empty.
package struct ViewportRuler: Widget {
  /// A width at which the column count changes, and the count from there on.
  package struct Breakpoint: Hashable, Sendable {
    package var width: Int
    package var columns: Int

    package init(width: Int, columns: Int) {
      self.width = width
      self.columns = columns
    }
  }

  package var viewportWidth: Int
  package var columns: Int
  /// The widest width below the viewport's with another column count.
  package var narrower: Breakpoint?
  /// The narrowest width above the viewport's with another column count.
  package var wider: Breakpoint?
  /// Every width (up to the terminal's) where the column count changes from the width
  /// before.
  package var breakpoints: [Int]

  package init(
    viewportWidth: Int, columns: Int, narrower: Breakpoint?, wider: Breakpoint?,
    breakpoints: [Int]
  ) {
    self.viewportWidth = viewportWidth
    self.columns = columns
    self.narrower = narrower
    self.wider = wider
    self.breakpoints = breakpoints
  }

  /// The breakpoints of a layout whose first section has `columnCount(w)` columns at
  /// width `w`, for a viewport `viewportWidth` wide that can be from `minimumWidth` to
  /// `maximumWidth` wide.
  ///
  /// - Complexity: O(*W*) calls of `columnCount` for the *W* widths of the range.
  package init(
    viewportWidth: Int, minimumWidth: Int, maximumWidth: Int, columnCount: (Int) -> Int
  ) {
    let low = Swift.min(minimumWidth, viewportWidth)
    let high = Swift.max(maximumWidth, viewportWidth)
    let counts = (low...high).map(columnCount)
    func count(_ width: Int) -> Int { counts[width - low] }
    let here = count(viewportWidth)
    var breakpoints: [Int] = []
    for width in stride(from: low + 1, through: high, by: 1)
    where count(width) != count(width - 1) {
      breakpoints.append(width)
    }
    let below = (low..<viewportWidth).last { count($0) != here }
    let above = (viewportWidth + 1..<high + 1).first { count($0) != here }
    self.init(
      viewportWidth: viewportWidth, columns: here,
      narrower: below.map { Breakpoint(width: $0, columns: count($0)) },
      wider: above.map { Breakpoint(width: $0, columns: count($0)) },
      breakpoints: breakpoints)
  }

  /// What the ruler says, without the scale.
  package var label: String {
    func columnsText(_ count: Int) -> String { count == 1 ? "1 col" : "\(count) cols" }
    var parts: [String] = []
    if let narrower { parts.append("◂ \(columnsText(narrower.columns)) at \(narrower.width)") }
    parts.append("\(viewportWidth) wide · \(columnsText(columns))")
    if let wider { parts.append("\(columnsText(wider.columns)) at \(wider.width) ▸") }
    return parts.joined(separator: " │ ")
  }

  /// Draws the ruler on the first row of `area`, across its width.
  package func draw(in area: Rect, clip: Rect, into screen: inout Screen) {
    let width = area.width
    let y = area.minY
    guard area.height > 0 && width > 0 else { return }
    let edge = Swift.min(viewportWidth, width) - 1
    for x in 0..<width {
      let mark: Character
      if x == edge {
        mark = "┃"
      } else if breakpoints.contains(x + 1) {
        mark = "┼"
      } else {
        mark = x < edge ? "─" : "╌"
      }
      let style = x == edge ? Theme.selectedBorder : Theme.border
      screen.write(String(mark), at: Point(x: area.minX + x, y: y), style: style, clip: clip)
    }
    // The label sits inside the viewport's part of the row when it fits there, else from
    // the left edge, cut to the row.
    let text = " " + label + " "
    let textWidth = DisplayWidth.of(text)
    let room = Swift.max(0, edge)
    let x = textWidth <= room ? Swift.max(0, (room - textWidth) / 2) : 0
    let shown = textWidth <= width ? text : TextFitting.truncated(text, toWidth: width)
    screen.write(shown, at: Point(x: area.minX + x, y: y), style: Theme.status, clip: clip)
  }
}
