/// How a layout learns the size of an item it knows nothing else about.
///
/// Column layouts ask for an item's height at the width of its column; the tag layout asks
/// self-sizing chips for their size within a maximum width. The layout never sees what an
/// item is, in the way Yoga asks a measure function for a text node's size.
public struct ItemMeasure {
  /// The largest size a measure may report, in cells; more is clamped, so that no sum of
  /// frames can overflow however wrong a measure function is.
  public static let maximumLength = 1 << 30

  /// Writes the heights of items `items` of section `section` at `width` into `heights`
  /// (as many as the items): each what the measure gives that item alone, or a negative
  /// number for an item it would rather be asked alone (one not measured yet at that
  /// width, which the layout may never place in a column of that width).
  public typealias Heights = (
    _ section: Int, _ items: Range<Int>, _ width: Int, _ heights: UnsafeMutableBufferPointer<Int>
  ) -> Void

  private let measureHeight: ((ItemPath, Int) -> Int)?
  private let measureSize: ((ItemPath, Int) -> Size)?
  private let measureHeights: Heights?

  private init(
    measureHeight: ((ItemPath, Int) -> Int)?, measureSize: ((ItemPath, Int) -> Size)?,
    measureHeights: Heights? = nil
  ) {
    self.measureHeight = measureHeight
    self.measureSize = measureSize
    self.measureHeights = measureHeights
  }

  /// Items whose height depends on the width they are given (cards, cells).
  public static func heights(_ height: @escaping (ItemPath, _ width: Int) -> Int) -> ItemMeasure {
    ItemMeasure(measureHeight: height, measureSize: nil)
  }

  /// Items whose height depends on the width they are given, measured one at a time or a
  /// run of a section's items at a time: `many` must write what `height` gives, item by
  /// item, or a negative number where `height` is to be asked. A layout that places long runs (masonry) asks for runs, so that a measure whose
  /// items share work (finding a width's counts, the path's list of items) does it once a
  /// run, and one call is paid a run rather than a chain of calls an item.
  public static func heights(
    _ height: @escaping (ItemPath, _ width: Int) -> Int, many: @escaping Heights
  ) -> ItemMeasure {
    ItemMeasure(measureHeight: height, measureSize: nil, measureHeights: many)
  }

  /// Self-sizing items that choose their own size within a maximum width (chips).
  public static func sizes(_ size: @escaping (ItemPath, _ maxWidth: Int) -> Size) -> ItemMeasure {
    ItemMeasure(measureHeight: nil, measureSize: size)
  }

  /// Every item is `height` tall at any width.
  public static func constant(height: Int) -> ItemMeasure {
    .heights { _, _ in height }
  }

  /// A function that gives the item's height at a width, never negative, to be fetched
  /// once before a loop that measures many items.
  var heightFunction: (ItemPath, Int) -> Int {
    if let measureHeight { return { Self.clamped(measureHeight($0, $1)) } }
    if let measureSize { return { Self.clamped(measureSize($0, $1).height) } }
    return { _, _ in 0 }
  }

  /// The measure of runs of items (`heights(_:many:)`), when it has one; the heights it
  /// writes are to be `clamped`.
  var runHeights: Heights? { measureHeights }

  /// The item's height at `width`, never negative.
  public func height(of path: ItemPath, width: Int) -> Int {
    if let measureHeight { return Self.clamped(measureHeight(path, width)) }
    if let measureSize { return Self.clamped(measureSize(path, width).height) }
    return 0
  }

  /// The item's size within `maxWidth`, never negative and never wider than `maxWidth`.
  public func size(of path: ItemPath, maxWidth: Int) -> Size {
    let size: Size
    if let measureSize {
      size = measureSize(path, maxWidth)
    } else if let measureHeight {
      size = Size(width: maxWidth, height: measureHeight(path, maxWidth))
    } else {
      size = .zero
    }
    return Size(
      width: Swift.min(Swift.max(0, size.width), Swift.max(0, maxWidth)),
      height: Self.clamped(size.height))
  }

  /// `length` within what a measure may report (0 to `maximumLength`).
  @inline(__always)
  static func clamped(_ length: Int) -> Int {
    Swift.min(Swift.max(0, length), maximumLength)
  }
}

extension ItemMeasure {
  /// The measure of section `section`'s items as the items of a layout of that section
  /// alone (its section 0).
  func forSection(_ section: Int) -> ItemMeasure {
    ItemMeasure(
      measureHeight: measureHeight.map { height in
        { path, width in height(ItemPath(section: section, item: path.item), width) }
      },
      measureSize: measureSize.map { size in
        { path, width in size(ItemPath(section: section, item: path.item), width) }
      },
      measureHeights: measureHeights.map { heights in
        { _, items, width, out in heights(section, items, width, out) }
      })
  }
}
