/// Which cards are shown: those with a tag, those matching a search, or both.
public struct CardFilter: Hashable, Sendable {
  public var tag: String?
  /// The search text; empty for no search.
  public var query: String

  public init(tag: String? = nil, query: String = "") {
    self.tag = tag
    self.query = query
  }

  public static let none = CardFilter()
}
