import LayoutEngine
import Synchronization

/// A picture ready for a pixel protocol: exactly `width` × `height` pixels, which cover
/// `columns` × `rows` cells of the cell size it was made for (transparent where the
/// picture is letterboxed), encoded for its protocol. Made off the event loop by the
/// thumbnail workers; immutable, so the picture layer only reads it.
///
/// Images are told apart by `id` alone (stable for the image's life, unique in the
/// process): the id is the one kitty stores the image under.
package final class PixelPicture: Hashable, Sendable, CustomStringConvertible {
  /// Unique in the process, never 0 (kitty's image ids are 1 ... 2³² − 1).
  package let id: UInt32
  package let protocolKind: PixelProtocol
  /// What the picture is, for logs (`MASONRY_PICTURE_LOG`): its path.
  package let label: String
  package let width: Int
  package let height: Int
  package let columns: Int
  package let rows: Int
  /// The whole picture encoded: PNG for kitty and iTerm2, a sixel sequence for sixel.
  package let encoded: [UInt8]
  /// The pixels crops are cut from (RGBA, `width` × `height`; empty for kitty, which
  /// crops the stored picture itself): what `encodeRegion` reads for a picture cut at
  /// the screen's edge (sixel and iTerm2 cannot crop), and what a disk cache keeps to
  /// make the image again.
  package let keptPixels: [UInt8]
  /// An animated picture's other frames (`encoded` is its first).
  package let animation: PixelAnimation?
  /// Each cell row's pieces (`pieces(cellRow:)`), made ahead by a thumbnail worker for a
  /// slow link (`withCellRowPieces`), else empty: there sixel pictures go a cell row at a
  /// time, and encoding them on the event loop as they are drawn cost a frame 6–15 ms.
  package let cellRowPieces: [[RowPiece]]
  /// A region of the picture's pixels encoded for the protocol (empty for kitty).
  private let encodeRegion: @Sendable (_ pixels: Rect) -> [UInt8]

  private static let nextID = Atomic<UInt32>(1)

  package init(
    protocolKind: PixelProtocol, label: String, width: Int, height: Int, columns: Int, rows: Int,
    encoded: [UInt8], keptPixels: [UInt8] = [], animation: PixelAnimation? = nil,
    cellRowPieces: [[RowPiece]] = [], encodeRegion: @escaping @Sendable (Rect) -> [UInt8]
  ) {
    var id = Self.nextID.add(1, ordering: .relaxed).oldValue
    if id == 0 { id = Self.nextID.add(1, ordering: .relaxed).oldValue }
    self.id = id
    self.cellRowPieces = cellRowPieces.count == rows ? cellRowPieces : []
    self.protocolKind = protocolKind
    self.label = label
    self.width = width
    self.height = height
    self.columns = columns
    self.rows = rows
    self.encoded = encoded
    self.keptPixels = keptPixels
    self.animation = animation
    self.encodeRegion = encodeRegion
  }

  /// The pixels of one cell (width, height).
  package var cellPixels: (width: Int, height: Int) {
    (width / Swift.max(1, columns), height / Swift.max(1, rows))
  }

  /// Cell rows `rows` of the picture encoded (the whole encoding when that is all of it).
  package func encoded(cellRows rows: Range<Int>) -> [UInt8] {
    guard rows != 0..<self.rows else { return encoded }
    let cell = cellPixels.height
    let top = rows.lowerBound * cell
    let count = Swift.min(height, rows.upperBound * cell) - top
    return count > 0 ? encodeRegion(Rect(x: 0, y: top, width: width, height: count)) : []
  }

  /// A piece of a cell row: its cells from `column` on, encoded alone.
  package struct RowPiece: Hashable, Sendable {
    package var column: Int
    package var bytes: [UInt8]

    package init(column: Int, bytes: [UInt8]) {
      self.column = column
      self.bytes = bytes
    }
  }

  /// The most bytes a piece of a cell row has, about: a sequence cannot be interrupted,
  /// so a key's frame may wait behind one (20 ms at 200 KB/s). A row of a wide, busy
  /// picture (14 KB for 416 × 32 pixels in 64 colours) goes in pieces of its columns.
  package static let pieceBytes = 4_096

  /// Cell row `row` in pieces of about `pieceBytes` at most, side by side, each encoded
  /// alone: made ahead when they were (`cellRowPieces`), else now.
  package func pieces(cellRow row: Int) -> [RowPiece] {
    if row >= 0 && row < cellRowPieces.count { return cellRowPieces[row] }
    let whole = encoded(cellRows: row..<row + 1)
    guard whole.count > Self.pieceBytes, columns > 1 else {
      return whole.isEmpty ? [] : [RowPiece(column: 0, bytes: whole)]
    }
    let cell = cellPixels
    let top = row * cell.height
    let count = Swift.min(height, top + cell.height) - top
    func cut(into parts: Int) -> [RowPiece] {
      (0..<parts).map { part in
        let first = columns * part / parts
        let end = columns * (part + 1) / parts
        let region = Rect(
          x: first * cell.width, y: top, width: (end - first) * cell.width, height: count)
        return RowPiece(column: first, bytes: encodeRegion(region))
      }
    }
    // Each piece defines the colours it uses again: where that makes pieces over a
    // quarter too large (256 colours), one more piece, up to one a cell.
    var parts = Swift.min(columns, (whole.count + Self.pieceBytes - 1) / Self.pieceBytes)
    var pieces = cut(into: parts)
    while parts < columns,
      pieces.contains(where: { $0.bytes.count > Self.pieceBytes * 5 / 4 })
    {
      parts += 1
      pieces = cut(into: parts)
    }
    return pieces
  }

  /// This picture (under a new id) with each cell row's pieces made ahead, for a slow
  /// link; itself when it does not go by cell row or they are already made.
  package func withCellRowPieces() -> PixelPicture {
    guard protocolKind.goesByCellRow, cellRowPieces.isEmpty else { return self }
    return PixelPicture(
      protocolKind: protocolKind, label: label, width: width, height: height, columns: columns,
      rows: rows, encoded: encoded, keptPixels: keptPixels, animation: animation,
      cellRowPieces: (0..<rows).map { pieces(cellRow: $0) }, encodeRegion: encodeRegion)
  }

  /// Frame `index` encoded whole (0: `encoded`).
  package func encodedFrame(_ index: Int) -> [UInt8] {
    guard index > 0, let animation, index - 1 < animation.frames.count else { return encoded }
    return animation.frames[index - 1]
  }

  /// The bytes it takes in memory.
  package var cost: Int {
    encoded.count + keptPixels.count + 128
      + (animation?.frames.reduce(0) { $0 + $1.count } ?? 0)
      + cellRowPieces.joined().reduce(0) { $0 + $1.bytes.count + 16 }
  }

  package static func == (lhs: PixelPicture, rhs: PixelPicture) -> Bool { lhs.id == rhs.id }
  package func hash(into hasher: inout Hasher) { hasher.combine(id) }
  package var description: String { "image \(id) \(width)×\(height) px in \(columns)×\(rows)" }
}

/// An animated pixel picture's frames after the first, each encoded whole for its
/// protocol (PNG for kitty and iTerm2, a sixel sequence), and when each shows.
package struct PixelAnimation: Sendable {
  package let timing: AnimationTiming
  package let frames: [[UInt8]]
  /// Whether every frame covers its picture's pixels: a frame drawn over the one before
  /// then replaces it; else (sixel, whose transparent pixels keep what is under them) the
  /// cells are erased first.
  package let isOpaque: Bool

  package init(timing: AnimationTiming, frames: [[UInt8]], isOpaque: Bool) {
    self.timing = timing
    self.frames = frames
    self.isOpaque = isOpaque
  }
}
