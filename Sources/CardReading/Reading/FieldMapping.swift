import CardModel

/// Where a card's fields are in each record: by default the keys `caption`, `comment`,
/// `tags`, `image`, `section` and `id`; any of them may be a dotted path into nested
/// objects (`--comment body.text`), so the output of any API or `jq` can be browsed
/// without reshaping it.
package struct FieldMapping: Hashable, Sendable {
  package enum Field: String, CaseIterable, Sendable {
    case caption, comment, tags, image, section, id, url, alt
  }

  /// The path of each field: keys, outermost first.
  package private(set) var paths: [Field: [String]]

  package init() {
    paths = Dictionary(uniqueKeysWithValues: Field.allCases.map { ($0, [$0.rawValue]) })
  }

  /// The path of `field`.
  package func path(of field: Field) -> [String] { paths[field]! }

  /// `field` read from `dottedPath` (`body.text`).
  ///
  /// - Returns: `nil` when the path has an empty key (`a..b`, `.a`, ``).
  package mutating func set(_ field: Field, to dottedPath: String) -> Bool {
    let keys = dottedPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    guard !keys.contains(where: \.isEmpty) else { return false }
    paths[field] = keys
    return true
  }

  /// How an error names `field`: its path as given (`'body.text'`).
  package func name(of field: Field) -> String { path(of: field).joined(separator: ".") }
}
