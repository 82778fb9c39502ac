/// Where one element of the content goes, and what else the layout knows about it.
public struct LayoutAttributes: Hashable, Sendable {
  public enum Kind: Hashable, Sendable {
    case item
    case sectionHeader
  }

  public var kind: Kind
  public var section: Int
  /// The item's index within its section (0 for a section header).
  public var item: Int
  /// The item's index over all sections, as the data source counts it (for a section
  /// header: the index of the section's first item).
  public var index: Int
  public var frame: Rect
  /// The column that holds the item, for layouts with columns.
  public var column: Int?
  /// The row that holds the item, for layouts with rows (grid, tiles, tags).
  public var row: Int?

  public init(
    kind: Kind = .item, section: Int, item: Int, index: Int, frame: Rect, column: Int? = nil,
    row: Int? = nil
  ) {
    self.kind = kind
    self.section = section
    self.item = item
    self.index = index
    self.frame = frame
    self.column = column
    self.row = row
  }

  public var path: ItemPath { ItemPath(section: section, item: item) }

  /// The order `attributes(in:)` returns: by section, a section's header first, then by
  /// item.
  public static func isOrderedBefore(_ lhs: LayoutAttributes, _ rhs: LayoutAttributes) -> Bool {
    if lhs.section != rhs.section { return lhs.section < rhs.section }
    if lhs.kind != rhs.kind { return lhs.kind == .sectionHeader }
    return lhs.item < rhs.item
  }
}
