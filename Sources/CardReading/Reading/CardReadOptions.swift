import CardModel

/// How cards are read from a source, as every command that reads cards takes it:
/// `--caption KEY` and the other field paths, and `--sections` (`--flat`).
package struct CardReadOptions: Hashable, Sendable {
  package var mapping = FieldMapping()
  /// How cards fall into sections.
  package var sections = SectionMode.grouped

  package init(mapping: FieldMapping = FieldMapping(), sections: SectionMode = .grouped) {
    self.mapping = mapping
    self.sections = sections
  }
}
