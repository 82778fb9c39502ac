/// The shape of a terminal cell in pixels. Cards and pictures are measured in cells, so a
/// picture keeps its proportions only if its rows follow the cell's shape: where the
/// terminal says how large its cells are, that shape; else `typical`.
package struct CellShape: Hashable, Sendable {
  /// A cell's width and height in pixels (or any unit: only the ratio counts).
  package var width: Int
  package var height: Int

  /// Cells twice as tall as wide: what nearly every monospaced font gives, and the shape
  /// assumed when the terminal does not say.
  package static let typical = CellShape(width: 1, height: 2)

  /// A shape of `width` × `height` pixels; a degenerate one (zero, negative or more than
  /// four times taller than wide or the other way round) is taken as `typical`.
  package init(width: Int, height: Int) {
    if width > 0, height > 0, height <= 4 * width, width <= 4 * height {
      self.width = width
      self.height = height
    } else {
      self = .typical
    }
  }

  /// How many times taller than wide a cell is.
  package var aspect: Double { Double(height) / Double(width) }

  /// The rows a picture of `aspectRatio` (its height over its width) takes at `columns`
  /// cells, rounded, at least one.
  package func rows(forAspectRatio aspectRatio: Double, columns: Int) -> Int {
    let rows = Double(columns) * aspectRatio / aspect + 0.5
    return rows.isFinite ? Swift.max(1, Swift.min(Int(rows), 1 << 20)) : 1
  }

  /// The columns a picture of `aspectRatio` takes at `rows` cells, rounded, at least one.
  package func columns(forAspectRatio aspectRatio: Double, rows: Int) -> Int {
    let columns = Double(rows) * aspect / aspectRatio + 0.5
    return columns.isFinite ? Swift.max(1, Swift.min(Int(columns), 1 << 20)) : 1
  }
}
