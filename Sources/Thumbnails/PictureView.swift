/// Which part of a picture a thumbnail shows, turned how: the viewer's zoom, pan and
/// rotation. The region is of the turned picture, in `unit`ths of its width and height
/// (integers, so that a request is a key); a thumbnail of a region is decoded from the
/// source at the resolution the region needs (up to the picture's own), never enlarged
/// from a smaller one.
package struct PictureView: Hashable, Sendable {
  package static let unit = 10_000
  /// Quarter turns clockwise, 0 to 3.
  package var quarterTurns: Int
  package var x: Int
  package var y: Int
  package var width: Int
  package var height: Int

  package init(quarterTurns: Int = 0, x: Int = 0, y: Int = 0, width: Int, height: Int) {
    self.quarterTurns = ((quarterTurns % 4) + 4) % 4
    self.x = Swift.max(0, Swift.min(Self.unit - 1, x))
    self.y = Swift.max(0, Swift.min(Self.unit - 1, y))
    self.width = Swift.max(1, Swift.min(Self.unit - self.x, width))
    self.height = Swift.max(1, Swift.min(Self.unit - self.y, height))
  }

  /// The whole picture, upright.
  package static let whole = PictureView(width: unit, height: unit)

  /// The whole picture turned `quarterTurns` clockwise.
  package static func turned(_ quarterTurns: Int) -> PictureView {
    PictureView(quarterTurns: quarterTurns, width: unit, height: unit)
  }

  /// Whether the whole picture shows (turned or not).
  package var isWholePicture: Bool { x == 0 && y == 0 && width == Self.unit && height == Self.unit }
}
