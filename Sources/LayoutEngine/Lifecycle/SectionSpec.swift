/// What a layout is told about one section: how many items it has and how tall its header
/// is (0 for no header).
public struct SectionSpec: Hashable, Sendable {
  public var itemCount: Int
  public var headerHeight: Int

  public init(itemCount: Int, headerHeight: Int = 0) {
    self.itemCount = itemCount
    self.headerHeight = headerHeight
  }
}
