/// Which cards are shown: those with a tag, those matching a search, or both.
package struct CardFilter: Hashable, Sendable {
  package var tag: String?
  /// The search text; empty for no search.
  package var query: String

  package init(tag: String? = nil, query: String = "") {
    self.tag = tag
    self.query = query
  }

  package static let none = CardFilter()

  /// Whether every card passes.
  package var isEmpty: Bool { tag == nil && query.isEmpty }
}
