/// What keeps the content still on screen across a width change or a switch of layout: an
/// item, and where the viewport's leading edge was relative to that item.
///
/// Capture it before re-preparing, resolve it afterwards: the new scroll offset puts the
/// item's leading edge at the same screen row (column, for a strip) as before, unless the
/// content's bounds forbid it.
public struct ScrollAnchor: Hashable, Sendable {
  public var item: ItemPath
  /// The viewport's leading edge minus the item's leading edge, along the scroll axis:
  /// negative when the item starts below the top of the viewport.
  public var viewportOffsetInItem: Int

  public init(item: ItemPath, viewportOffsetInItem: Int) {
    self.item = item
    self.viewportOffsetInItem = viewportOffsetInItem
  }

  /// The anchor for `viewport` in `layout`: `preferred` when it is on screen (the selected
  /// card), otherwise the item nearest the viewport's leading edge (the leftmost on ties).
  /// `nil` when no item is on screen.
  ///
  /// - Complexity: one `attributes(in:)` query.
  public static func capture<Layout: CollectionLayout>(
    in layout: Layout, viewport: Rect, preferring preferred: ItemPath? = nil
  ) -> ScrollAnchor? {
    let vertical = layout.scrollAxis == .vertical
    func lead(_ rect: Rect) -> Int { vertical ? rect.minY : rect.minX }
    func across(_ rect: Rect) -> Int { vertical ? rect.minX : rect.minY }
    if let preferred, let attributes = layout.attributes(forItem: preferred),
      attributes.frame.intersects(viewport)
    {
      return ScrollAnchor(
        item: preferred, viewportOffsetInItem: lead(viewport) - lead(attributes.frame))
    }
    let visible = layout.attributes(in: viewport).filter { $0.kind == .item }
    guard
      let nearest = visible.min(by: {
        (lead($0.frame), across($0.frame)) < (lead($1.frame), across($1.frame))
      })
    else { return nil }
    return ScrollAnchor(
      item: nearest.path, viewportOffsetInItem: lead(viewport) - lead(nearest.frame))
  }

  /// The scroll offset that puts the anchored item back where it was, for a viewport
  /// `viewportLength` cells long along the scroll axis. Prepares `layout` as far as needed.
  ///
  /// When the item became shorter than the part of it that was above the viewport, the
  /// viewport moves up so that the item's last row stays on screen. The result is clamped
  /// to the content. `nil` when the item no longer exists.
  public func resolve<Layout: CollectionLayout>(
    in layout: inout Layout, viewportLength: Int
  ) -> Int? {
    layout.prepare(toInclude: item)
    guard let frame = layout.attributes(forItem: item)?.frame else { return nil }
    let vertical = layout.scrollAxis == .vertical
    let (lead, length) = vertical ? (frame.minY, frame.height) : (frame.minX, frame.width)
    var offset = viewportOffsetInItem
    if offset > 0 && length > 0 { offset = Swift.min(offset, length - 1) }
    let target = Swift.max(0, lead + offset)
    return Self.clampedOffset(target, in: &layout, viewportLength: viewportLength)
  }

  /// `offset` clamped to `0...contentLength − viewportLength`, preparing `layout` far
  /// enough to know whether the content ends within the viewport.
  public static func clampedOffset<Layout: CollectionLayout>(
    _ offset: Int, in layout: inout Layout, viewportLength: Int
  ) -> Int {
    let length = Swift.max(0, viewportLength)
    let end = offset > Int.max - length ? Int.max : offset + length
    layout.prepareMore(through: end)
    guard layout.isFullyPrepared else { return Swift.max(0, offset) }
    let content =
      layout.scrollAxis == .vertical
      ? layout.contentSize.height : layout.contentSize.width
    return Swift.max(0, Swift.min(offset, content - length))
  }
}
