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
  /// The picture's pixel rows `top ..< top + count` encoded for the protocol, for a
  /// picture cut at the screen's edge (sixel and iTerm2 cannot crop).
  /// The pixels crops are cut from (RGBA, `width` × `height`; empty for kitty, which
  /// crops the stored picture itself). Shared with `encodeRows`, and what a disk cache
  /// keeps to make the image again.
  package let keptPixels: [UInt8]
  /// An animated picture's other frames (`encoded` is its first).
  package let animation: PixelAnimation?
  /// Each cell row encoded alone, made ahead by a thumbnail worker for a slow link
  /// (`withCellRowsEncoded`), else empty: there sixel pictures go a cell row at a time,
  /// and encoding them on the event loop as they are drawn cost a frame 6–15 ms.
  package let cellRowEncodings: [[UInt8]]
  private let encodeRows: @Sendable (_ top: Int, _ count: Int) -> [UInt8]

  private static let nextID = Atomic<UInt32>(1)

  package init(
    protocolKind: PixelProtocol, label: String, width: Int, height: Int, columns: Int, rows: Int,
    encoded: [UInt8], keptPixels: [UInt8] = [], animation: PixelAnimation? = nil,
    cellRowEncodings: [[UInt8]] = [], encodeRows: @escaping @Sendable (Int, Int) -> [UInt8]
  ) {
    var id = Self.nextID.add(1, ordering: .relaxed).oldValue
    if id == 0 { id = Self.nextID.add(1, ordering: .relaxed).oldValue }
    self.id = id
    self.cellRowEncodings = cellRowEncodings.count == rows ? cellRowEncodings : []
    self.protocolKind = protocolKind
    self.label = label
    self.width = width
    self.height = height
    self.columns = columns
    self.rows = rows
    self.encoded = encoded
    self.keptPixels = keptPixels
    self.animation = animation
    self.encodeRows = encodeRows
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
    return count > 0 ? encodeRows(top, count) : []
  }

  /// Cell row `row` of the picture encoded alone: made ahead when it was
  /// (`cellRowEncodings`), else now.
  package func encoded(cellRow row: Int) -> [UInt8] {
    row >= 0 && row < cellRowEncodings.count
      ? cellRowEncodings[row] : encoded(cellRows: row..<row + 1)
  }

  /// Whether a piece of one cell row must be encoded alone rather than cut from
  /// `encoded`: a sixel whose cell rows end inside its bands of six pixels.
  package var encodesCellRowsAlone: Bool {
    protocolKind == .sixel && cellPixels.height % 6 != 0
  }

  /// This picture (under a new id) with each cell row encoded ahead, for a slow link
  /// where sixel pictures go a cell row at a time; itself when its rows are cut from
  /// `encoded` or already made.
  package func withCellRowsEncoded() -> PixelPicture {
    guard encodesCellRowsAlone, cellRowEncodings.isEmpty, rows > 1 else { return self }
    return PixelPicture(
      protocolKind: protocolKind, label: label, width: width, height: height, columns: columns,
      rows: rows, encoded: encoded, keptPixels: keptPixels, animation: animation,
      cellRowEncodings: (0..<rows).map { encoded(cellRows: $0..<$0 + 1) }, encodeRows: encodeRows)
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
      + cellRowEncodings.reduce(0) { $0 + $1.count }
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
