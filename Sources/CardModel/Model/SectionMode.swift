/// How cards fall into sections (`--sections`).
package enum SectionMode: String, CaseIterable, Hashable, Sendable {
  /// A section is every card with the same section name, wherever it appears, in the
  /// order the names first appear, as a board's sections are; cards keep their file order
  /// within it. The default.
  case grouped
  /// A section is each run of consecutive cards with the same name (a name that comes
  /// back later starts another section under the same header).
  case runs
  /// No sections: every card in one, in file order (`--flat`).
  case none
}
