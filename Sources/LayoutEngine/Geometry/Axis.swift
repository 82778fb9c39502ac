/// The direction in which a layout's content scrolls.
public enum Axis: Hashable, Sendable {
  /// Content grows downwards; the container width is fixed.
  case vertical
  /// Content grows to the right; the container height is fixed (the tag strip).
  case horizontal
}
