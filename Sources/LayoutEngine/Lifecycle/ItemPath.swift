/// The position of an item: its section and its index within that section.
public struct ItemPath: Hashable, Comparable, Sendable {
  public var section: Int
  public var item: Int

  public init(section: Int, item: Int) {
    self.section = section
    self.item = item
  }

  public static func < (lhs: ItemPath, rhs: ItemPath) -> Bool {
    (lhs.section, lhs.item) < (rhs.section, rhs.item)
  }
}

extension ItemPath: CustomStringConvertible {
  public var description: String { "\(section).\(item)" }
}
