/// The lifecycle every layout follows, after `UICollectionViewLayout`:
/// `prepare` → `contentSize` → `attributes(in:)` for the rectangle on screen.
///
/// A layout caches every frame it computes. It may stop preparing once a requested extent
/// along its scroll axis is covered and continue on demand, so that a browser needs to
/// place only what is on screen before it draws its first frame.
public protocol CollectionLayout {
  /// The direction in which the content scrolls.
  var scrollAxis: Axis { get }

  /// Discards every cached frame and places items until everything that intersects
  /// `0..<extent` along the scroll axis is placed (`Int.max`: place everything).
  mutating func prepare(_ context: LayoutContext, through extent: Int)

  /// Places more items, continuing where the last preparation stopped, until everything
  /// that intersects `0..<extent` is placed. Does nothing when that is already so.
  mutating func prepareMore(through extent: Int)

  /// Everything that intersects `0..<preparedExtent` along the scroll axis is placed;
  /// `Int.max` once every item is.
  var preparedExtent: Int { get }

  /// Adds `count` items at the end of the last section, placing only the new ones (and,
  /// for layouts with rows, the last unfinished row).
  mutating func appendItems(_ count: Int)

  /// Adds `sections` (with their items) after the last section, placing only what they
  /// hold when everything before was placed (else preparation reaches them by itself).
  mutating func appendSections(_ sections: [SectionSpec])

  /// The size of the content placed so far, insets included; final once fully prepared.
  var contentSize: Size { get }

  /// The number of columns of the first section (1 for layouts without columns), as the
  /// status bar shows it.
  var columnCount: Int { get }

  /// The widths of the first section's columns at `containerWidth`, found without
  /// preparing (empty for layouts without columns, which flow like text): what the
  /// viewport's ruler and `masonry sweep` compare width by width.
  ///
  /// - Complexity: O(*C*) for *C* columns.
  func columnWidths(atContainerWidth containerWidth: Int) -> [Int]

  /// The number of items placed so far.
  var placedItemCount: Int { get }

  /// The rows left below a section that shows something, before the next one: what
  /// `GroupedLayout` puts between sections it lays out one by one.
  var sectionSpacing: Int { get }

  /// The items and section headers whose frames share a cell with `rect`, among those
  /// placed so far, sorted by section, header first, then item.
  func attributes(in rect: Rect) -> [LayoutAttributes]

  /// One item's attributes, or `nil` when the item does not exist or is not placed yet.
  func attributes(forItem path: ItemPath) -> LayoutAttributes?

  /// The header of `section`, or `nil` when it has none or it is not placed yet.
  func headerAttributes(forSection section: Int) -> LayoutAttributes?

  /// The ways in which `items` (every item placed, in flat order) break the rule by which
  /// this layout places items, each as one line; empty when there is none. It replays the
  /// rule from the options alone, independently of the placement code.
  /// `LayoutInvariants` calls it: every layout brings its own check, so a new layout
  /// cannot go unchecked.
  func placementViolations(context: LayoutContext, items: [LayoutAttributes]) -> [String]
}

extension CollectionLayout {
  /// No rows between sections, unless the layout says otherwise.
  public var sectionSpacing: Int { 0 }

  /// Discards every cached frame and places every item.
  public mutating func prepare(_ context: LayoutContext) {
    prepare(context, through: .max)
  }

  /// Whether every item is placed.
  public var isFullyPrepared: Bool { preparedExtent == .max }

  /// Places every item not yet placed.
  public mutating func prepareAll() {
    prepareMore(through: .max)
  }

  /// Places items until `path` is placed (or everything is, when it does not exist).
  ///
  /// Ends whatever the layout does: when a step places nothing (a layout never prepared,
  /// or one with no room for an item), the rest is placed at once and the search stops.
  public mutating func prepare(toInclude path: ItemPath) {
    var step = 256
    while attributes(forItem: path) == nil && !isFullyPrepared {
      let extent = preparedExtent
      prepareMore(through: extent > Int.max - step ? .max : extent + step)
      if preparedExtent <= extent {
        prepareMore(through: .max)
        return
      }
      step = step < Int.max / 4 ? step * 2 : step
    }
  }
}
